"""Rewrites of a built program that steer around known compiler bugs too global for the builder.

The builder decides op by op; some bugs depend on how values are used later in the function. Each rewrite
here names its reproducer in tests/generators/compiler_bugs/ and changes as little as it can.
"""

from __future__ import annotations

from generators import model as m


def run_dead_nested_loops_once(fn: m.Function) -> None:
    """Known compiler bug (compiler_bugs/fixed_point_dead_loop_in_loop.mlir, ..._in_if.mlir): a loop
    nested in a loop or branch, whose results feed nothing the function keeps, and which copies or writes
    a carried value, makes the fixed-point pipeline oscillate (elide-timepoints adds a join that
    canonicalize removes). Such a loop, and every loop inside it, runs once; live nested loops keep
    iterating."""
    live = _live(fn)

    def visit(ops: list[m.Op], nested: bool) -> None:
        for op in ops:
            if isinstance(op, m.ForLoop):
                dead = not any(r.id in live for r, y, a in zip(op.results, op.yields, op.args, strict=True)
                               if y is not a)  # a pass-through result is no use of the loop
                if nested and dead and _copies_carried(op):
                    for loop in (op, *m.walk(op.body)):
                        if isinstance(loop, m.ForLoop):
                            loop.trips = 1
                else:
                    visit(op.body, True)
            elif isinstance(op, m.IfElse):
                visit(op.then_body, True)
                visit(op.else_body, True)

    visit(fn.body, False)


def _live(fn: m.Function) -> set[int]:
    """Ids of the values an expectation, export or return of `fn` depends on."""
    deps: dict[int, list[m.Value]] = {}
    roots: list[m.Value] = list(fn.returns)
    for op in m.walk(fn.body):
        if isinstance(op, m.Expect):
            roots.append(op.value)
        elif isinstance(op, m.Export):
            roots.append(op.source)
        elif isinstance(op, m.ForLoop):
            for init, arg, y, r in zip(op.inits, op.args, op.yields, op.results, strict=True):
                deps[r.id] = [y, init]
                deps[arg.id] = [init, y]  # carried: the next iteration's argument is the yield
        elif isinstance(op, m.IfElse):
            for r, t, e in zip(op.results, op.then_yields, op.else_yields, strict=True):
                deps[r.id] = [t, e]
        elif isinstance(op, m.Fill | m.Update | m.Copy) and _writes_whole_target(op):
            # Canonicalize folds a whole fill into a splat and a whole update or copy into its source:
            # the old contents of the target are dead
            # (compiler_bugs/fixed_point_dead_loop_behind_full_fill.mlir).
            deps[op.result.id] = [] if isinstance(op, m.Fill) else [_operands(op)[0]]
        else:
            for r in _results(op):
                deps[r.id] = _operands(op)
    live: set[int] = set()
    todo = roots
    while todo:
        v = todo.pop()
        if v.id not in live:
            live.add(v.id)
            todo.extend(deps.get(v.id, ()))
    return live


def _copies_carried(loop: m.ForLoop) -> bool:
    """Does the loop (nested loops included) clone, move or write in place a carried value: an argument
    of one of its loops or a result of a loop inside it?"""
    inner = [op for op in m.walk(loop.body) if isinstance(op, m.ForLoop)]
    carried = {a.id for lp in (loop, *inner) for a in lp.args} | {r.id for lp in inner for r in lp.results}
    for op in m.walk(loop.body):
        if isinstance(op, m.Clone | m.Transfer) and op.source.id in carried:
            return True
        if isinstance(op, m.Fill | m.Copy | m.Update) and op.target.id in carried:
            return True
        if isinstance(op, m.Dispatch) and any(op.operands[t].id in carried for t in op.tied if t is not None):
            return True
    return False


def _writes_whole_target(op: m.Fill | m.Update | m.Copy) -> bool:
    length = op.update.size if isinstance(op, m.Update) else op.length
    return length == op.target.size


def _operands(op: m.Op) -> list[m.Value]:
    if isinstance(op, m.Dispatch):
        return list(op.operands)
    if isinstance(op, m.Call):
        return list(op.args)
    if isinstance(op, m.Update):
        return [op.update, op.target]
    return [v for v in (getattr(op, "source", None), getattr(op, "target", None)) if isinstance(v, m.Value)]


def _results(op: m.Op) -> list[m.Value]:
    if isinstance(op, m.Dispatch | m.Call):
        return list(op.results)
    r = getattr(op, "result", None)
    return [r] if isinstance(r, m.Value) else []

"""Rewrites of a built program that steer around known compiler bugs too global for the builder.

The builder decides op by op; some bugs depend on how values are used later in the function. Each rewrite
here names its reproducer, an entry in corpus/, and changes as little as it can.
"""

from __future__ import annotations

from . import model as m


def run_dead_nested_loops_once(fn: m.Function) -> None:
    """Known compiler bug (corpus/invalid-program-elide-timepoints-fixed-point-oscillates.mlir): a loop
    nested in a loop or branch with a carried slot that changes from one iteration to the next but feeds
    nothing the function keeps can make the fixed-point pipeline oscillate (elide-timepoints adds a join
    that canonicalize removes). Such a loop, and every loop inside it, runs once; nested loops whose
    changing slots are all live keep iterating.

    The reproducers change the dead slot by writing it in place, cloning it, filling a dispatch result
    made from it, yielding a fresh dispatch result, or moving it around a round trip, next to live
    slots; narrower tests missed one route after another, so any change of any dead slot counts."""
    live = _live(fn)

    def visit(ops: list[m.Op], nested: bool) -> None:
        for op in ops:
            if isinstance(op, m.ForLoop):
                changing = [r for r, y, a in zip(op.results, op.yields, op.args, strict=True) if y is not a]
                if nested and any(r.id not in live for r in changing):
                    for loop in (op, *m.walk(op.body)):
                        if isinstance(loop, m.ForLoop):
                            loop.trips, loop.upper = 1, None
                else:
                    visit(op.body, True)
            elif isinstance(op, m.IfElse):
                visit(op.then_body, True)
                visit(op.else_body, True)

    visit(fn.body, False)


def run_partition_cycle_loops_once(fn: m.Function) -> None:
    """Known compiler bug (corpus/invalid-program-partition-cycle-through-scf-for-init.mlir): a loop whose
    body yields a fresh (untied) dispatch result computed from its argument, whose init a later dispatch in
    the same block reads and whose result a later op uses, makes ScheduleExecution put the init's producer and
    the later ops in one partition around the loop ("circular dependency: input operation uses partition
    output"). Such a loop runs once (a one-trip loop folds away)."""

    def visit(ops: list[m.Op]) -> None:
        for i, op in enumerate(ops):
            if isinstance(op, m.ForLoop):
                if op.trips > 1 and _cycles_through(op, ops[i + 1 :]):
                    op.trips, op.upper = 1, None
                visit(op.body)
            elif isinstance(op, m.IfElse):
                visit(op.then_body)
                visit(op.else_body)
            elif isinstance(op, m.Region):
                visit(op.body)

    visit(fn.body)


def _cycles_through(loop: m.ForLoop, later: list[m.Op]) -> bool:
    read_by_dispatch = {v.id for op in later if isinstance(op, m.Dispatch) for v in op.operands}
    used = {v.id for op in later if not isinstance(op, m.Expect) for v in m.operands(op)}
    if not any(r.id in used for r in loop.results):
        return False
    fresh = {
        (r.id, a.id)
        for op in loop.body
        if isinstance(op, m.Dispatch)
        for a in op.operands
        for r, t in zip(op.results, op.tied, strict=True)
        if t is None
    }
    return any(
        (y.id, a.id) in fresh and init.id in read_by_dispatch
        for init, a, y in zip(loop.inits, loop.args, loop.yields, strict=True)
    )


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
        elif isinstance(op, m.Fill | m.Update | m.Copy) and m.write_length(op) == op.target.size:
            # Canonicalize folds a whole fill into a splat and a whole update or copy into its source:
            # the old contents of the target are dead
            # (corpus/invalid-program-elide-timepoints-fixed-point-oscillates.mlir, witness 5).
            deps[op.result.id] = [] if isinstance(op, m.Fill) else [m.operands(op)[0]]
        else:
            for r in _results(op):
                deps[r.id] = m.operands(op)
    live: set[int] = set()
    todo = roots
    while todo:
        v = todo.pop()
        if v.id not in live:
            live.add(v.id)
            todo.extend(deps.get(v.id, ()))
    return live


def _results(op: m.Op) -> list[m.Value]:
    if isinstance(op, m.Dispatch | m.Call):
        return list(op.results)
    r = getattr(op, "result", None)
    return [r] if isinstance(r, m.Value) else []

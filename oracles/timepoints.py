"""When one timepoint is known reached once another is, and the order of ops: what the rules about
timelines share (`lifetime.py`, `fences.py`, and the input's own fences in `intent.py`).

A timepoint covers another when reaching it implies the other was reached: a timeline op's result covers
its await, a join covers its operands (the coverage ElideTimepoints computes), and the host, once it
awaited a timepoint, is past everything that timepoint covers. Where the chain leaves what is known (a
block argument, a call's or loop's result, a global) nothing is concluded.
"""

from __future__ import annotations

from collections.abc import Iterator

from iree.compiler import ir

# Ops whose timepoint result is reached only after every timepoint they await (TimelineOpInterface).
_TIMELINE = frozenset(
    {
        "stream.cmd.execute",
        "stream.async.execute",  # pre-scheduled input (`intent.py` reads its fences)
        "stream.resource.alloca",
        "stream.resource.dealloca",
        "stream.timepoint.join",
        "stream.cmd.parameter.load",
        "stream.cmd.parameter.read",
        "stream.cmd.parameter.write",
        "stream.cmd.parameter.gather",
        "stream.cmd.parameter.scatter",
        "stream.file.read",
        "stream.file.write",
    }
)
_IMMEDIATE = "stream.timepoint.immediate"
_HOST_AWAIT = "stream.timepoint.await"


def _ancestor_in(op: ir.Operation, block: ir.Block) -> ir.Operation | None:
    """`op`, or the op enclosing it, that sits in `block`. Stops below the module: the bindings crash
    asking a top-level op for its block."""
    current: ir.Operation | None = op
    while current is not None and current.name != "builtin.module":
        if current.block == block:
            return current
        parent = current.parent
        current = parent.operation if parent is not None else None
    return None


class Timeline:
    """Which timepoints are known reached once a timepoint is, or once the host gets to an op; and the
    order of ops (positions in their blocks, computed once a block)."""

    def __init__(self) -> None:
        self._covered: dict[ir.Value, tuple[frozenset[ir.Value], frozenset[ir.Value]]] = {}
        self._positions: dict[ir.Block, dict[ir.Operation, int]] = {}
        self._block_awaits: dict[ir.Block, list[tuple[int, ir.Operation]]] = {}  # host awaits, by position
        self._host: dict[ir.Operation, list[ir.Value]] = {}
        self._dominance: dict[ir.Block, dict[ir.Block, list[ir.Block]]] = {}  # by a region's entry block

    def ordered(self, first: ir.Operation, then: ir.Operation) -> bool | None:
        """Does `then` run after `first`? Judged where one of them (or an op enclosing it) sits in the
        other's block; None when they are on exclusive paths (two branches, two blocks of one region)."""
        outer = _ancestor_in(then, first.block)
        if outer is not None and outer != first:
            return self._index(outer) > self._index(first)
        outer = _ancestor_in(first, then.block)
        if outer is not None and outer != then:
            return self._index(outer) < self._index(then)
        return None

    def _index(self, op: ir.Operation) -> int:
        return self._positions_in(op.block)[op]

    def _positions_in(self, block: ir.Block) -> dict[ir.Operation, int]:
        if block not in self._positions:
            ops = [child.operation for child in block.operations]
            self._positions[block] = {op: index for index, op in enumerate(ops)}
            self._block_awaits[block] = [(i, op) for i, op in enumerate(ops) if op.name == _HOST_AWAIT]
        return self._positions[block]

    def reached_by(self, awaited: ir.Value | None, at: ir.Operation, wanted: ir.Value) -> bool | None:
        """Is `wanted` reached when an op at `at` awaiting `awaited` starts? None: cannot tell."""
        return self.reached_by_any([awaited] if awaited is not None else [], at, wanted)

    def reached_by_any(self, awaited: list[ir.Value], at: ir.Operation, wanted: ir.Value) -> bool | None:
        """Is `wanted` reached once any of `awaited` is, or the host gets to `at`? None: cannot tell."""
        if _is_immediate(wanted):
            return True
        known = True
        for timepoint in awaited + self._host_awaited(at):
            covered, unknown = self._covers(timepoint)
            if wanted in covered:
                return True
            if isinstance(wanted.owner, ir.Block):
                # A block argument (a loop-carried timepoint) is made by whatever jumps to its block:
                # a timepoint of unknown coverage may be the very one passed in.
                known = known and not unknown
            else:
                known = known and all(self._made_before(opaque, wanted.owner.operation) for opaque in unknown)
        return False if known else None

    def _covers(self, timepoint: ir.Value) -> tuple[frozenset[ir.Value], frozenset[ir.Value]]:
        """The timepoints reached whenever `timepoint` is, and the ones among them whose own coverage is
        not known here (a block argument, a call's, loop's or global's timepoint)."""
        if timepoint in self._covered:
            return self._covered[timepoint]
        owner = timepoint.owner
        found, unknown = frozenset({timepoint}), frozenset({timepoint})
        if not isinstance(owner, ir.Block) and owner.name == _IMMEDIATE:
            unknown = frozenset()
        elif not isinstance(owner, ir.Block) and owner.name in _TIMELINE:
            unknown = frozenset()
            awaited = owner.operands if owner.name == "stream.timepoint.join" else [owner.await_timepoint]
            for operand in (v for v in awaited if v is not None):
                more, opaque = self._covers(operand)
                found, unknown = found | more, unknown | opaque
        self._covered[timepoint] = (found, unknown)
        return found, unknown

    def chained_host_await(self, execute: ir.Operation) -> bool:
        """Does `execute` capture a resource that a host `stream.timepoint.await` before it (see
        `_host_awaits_before`) waits on, and await a timepoint covering that await's?"""
        awaited = execute.opview.await_timepoint
        if awaited is None:
            return False
        covered, _ = self._covers(awaited)
        captured = set(execute.opview.resource_operands)
        return any(
            op.opview.await_timepoint in covered and captured & set(op.opview.resource_operands)
            for op in self._host_awaits_before(execute)
        )

    def _host_awaited(self, op: ir.Operation) -> list[ir.Value]:
        """Timepoints the host waits on before it gets to `op` (see `_host_awaits_before`)."""
        if op not in self._host:
            self._host[op] = [a.opview.await_timepoint for a in self._host_awaits_before(op)]
        return self._host[op]

    def _host_awaits_before(self, op: ir.Operation) -> Iterator[ir.Operation]:
        """The host awaits run before `op` on every path to it: those before it in its block and before
        each op enclosing it, and those in every block of a region that dominates that block (every path to
        it runs the whole dominating block first: the entry block, a loop header the canonicalizer's
        SinkAwaitToFirstConsumer moves an await into, and an scf.if's enclosing block once lowered to cf)."""
        current: ir.Operation | None = op
        while current is not None:
            block = current.block
            position = self._positions_in(block)[current]
            for dominator in self._dominators(block):
                yield from self._host_awaits_in(dominator, len(self._positions_in(dominator)))
            yield from self._host_awaits_in(block, position)
            parent = current.parent
            current = parent.operation if parent is not None and parent.name != "builtin.module" else None

    def _host_awaits_in(self, block: ir.Block, end: int) -> Iterator[ir.Operation]:
        self._positions_in(block)
        yield from (op for index, op in self._block_awaits[block] if index < end)

    def _dominators(self, block: ir.Block) -> list[ir.Block]:
        """The blocks of `block`'s region that dominate it, itself left out (none for an unreachable
        block: nothing is concluded there). The iterative data-flow: a block's dominators are itself and
        those its reachable predecessors share."""
        entry = block.region.blocks[0]
        if entry == block:
            return []
        if entry not in self._dominance:
            blocks = list(block.region.blocks)
            reachable = {entry}
            frontier = [entry]
            while frontier:
                for successor in frontier.pop().successors:
                    if successor not in reachable:
                        reachable.add(successor)
                        frontier.append(successor)
            order = [b for b in blocks if b in reachable]
            dominators: dict[ir.Block, frozenset[ir.Block]] = {b: frozenset(order) for b in order}
            dominators[entry] = frozenset({entry})
            changed = True
            while changed:
                changed = False
                for b in order[1:]:
                    shared = frozenset.intersection(
                        *(dominators[p] for p in b.predecessors if p in reachable)
                    )
                    new = shared | {b}
                    if new != dominators[b]:
                        dominators[b], changed = new, True
            self._dominance[entry] = {
                b: [d for d in order if d in ds and d != b] for b, ds in dominators.items()
            }
        return self._dominance[entry].get(block, [])

    def _made_before(self, opaque: ir.Value, op: ir.Operation) -> bool:
        """Is the timepoint `opaque` defined before `op` runs (each time it runs)? Then it cannot cover
        the timepoint `op` makes, whatever it covers: a function's or loop body's argument comes before
        every op in its block, an op's result before every op after it."""
        owner = opaque.owner
        if isinstance(owner, ir.Block):
            return _ancestor_in(op, owner) is not None
        return self.ordered(owner.operation, op) is True


def _is_immediate(value: ir.Value) -> bool:
    owner = value.owner
    return not isinstance(owner, ir.Block) and owner.name == _IMMEDIATE

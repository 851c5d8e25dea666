"""`lifetime/*`: a transient is used only while alive: after its alloca's timepoint, before its dealloca.

What the ops promise (StreamOps.td): `stream.resource.alloca` returns a resource that "is not valid for use
until the timepoint is reached; execution using this resource must await on the timepoint", and
`stream.resource.dealloca` keeps its operand "live and valid until the provided timepoint is reached", the
memory going back to the pool after that. ScheduleAllocation makes each execute await its allocas and puts
the dealloca of a local transient after the execute, awaiting its timepoint; AutomaticReferenceCounting
makes a dealloca await the join of every last user's timepoint. So in the output:

- `lifetime/after-dealloca`: every execute that captures the storage completes before the dealloca's
  await timepoint is reached: that timepoint covers the execute's, or the host awaited the execute's before
  issuing the dealloca. A host load, store or size query of it comes before the dealloca in program order.
- `lifetime/before-alloca`: every execute that captures the storage awaits a timepoint covering the
  alloca's (or the host awaited it before issuing the execute).

A timepoint covers another when reaching it implies the other was reached: a timeline op's result covers
its await, a join covers its operands (the coverage ElideTimepoints computes). Where the chain leaves what
is known (a block argument, a call's or loop's result, a global) the pair is not judged, nor are a use
and a dealloca on exclusive paths (two branches, two blocks of one region).
"""

from __future__ import annotations

from collections.abc import Iterator

from iree.compiler import ir

from .facts import Access, Facts
from .rules import Rule, Violation

# Ops whose timepoint result is reached only after every timepoint they await (TimelineOpInterface).
_TIMELINE = frozenset(
    {
        "stream.cmd.execute",
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


def lifetimes_hold(facts: Facts, timeline: Timeline | None = None) -> Iterator[Violation]:
    if not any(s.kind == "alloca" for s in facts.storages):
        return
    timeline = timeline or Timeline()
    by_storage: dict[int, list[Access]] = {}  # the executes capturing each storage, one capture each
    for access in facts.accesses:
        if access.execute is None or access.kind not in ("read", "write"):
            continue
        for storage_id in access.storages:
            listed = by_storage.setdefault(storage_id, [])
            if all(other.op != access.op for other in listed):
                listed.append(access)
    for storage in facts.storages:
        if storage.kind != "alloca":
            continue
        ready = storage.value.owner.results[1]  # the alloca's result timepoint
        for use in by_storage.get(storage.id, []):
            if timeline.reached_by(use.op.opview.await_timepoint, use.op, ready) is False:
                yield _violation(Rule.BEFORE_ALLOCA, use, storage.name, "before its alloca's timepoint")
    for release in facts.releases:
        for storage_id in sorted(release.storages):
            if facts.storage(storage_id).kind != "alloca":
                continue
            storage = facts.storage(storage_id)
            for use in by_storage.get(storage_id, []):
                done = use.op.opview.result_timepoint
                awaited = release.op.opview.await_timepoint
                if timeline.ordered(use.op, release.op) is None:
                    continue
                if timeline.reached_by(awaited, release.op, done) is False:
                    yield _violation(Rule.AFTER_DEALLOCA, use, storage.name, _released_at(release))
            for host in facts.host_uses:
                if storage_id in host.storages and timeline.ordered(release.op, host.op) is True:
                    yield _violation(Rule.AFTER_DEALLOCA, host, storage.name, _released_at(release))


def _released_at(release: Access) -> str:
    return f"after '{str(release.op).strip().splitlines()[0]}' may free it"


def _violation(rule: Rule, use: Access, storage: str, when: str) -> Violation:
    what = "captured by an execute" if use.execute is not None else f"touched by the host ({use.kind})"
    text = str(use.op).strip().splitlines()[0]
    return Violation(
        rule=rule,
        message=f"{use.resource} (storage {storage}) is {what} {when}",
        op=text if len(text) <= 240 else text[:237] + "...",
        location=str(use.op.location),
        resource=use.resource,
        consumers=tuple(sorted(use.devices or ())),
        placed_on="",
        op_name=use.op.name,
        storage_kind="alloca",
        storage=storage,
        # The signature's "how": an execute, or the host's op. Which commands the execute runs on the
        # storage says nothing of its timeline, and would split one cause into many signatures.
        uses=("execute",) if use.execute is not None else (use.kind,),
        order=use.order,
    )


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
        self._awaits: dict[ir.Block, list[tuple[ir.Value, ...]]] = {}  # host awaits before each position
        self._host: dict[ir.Operation, list[ir.Value]] = {}

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
            awaits: list[tuple[ir.Value, ...]] = [()]
            for op in ops:
                awaited = op.opview.await_timepoint if op.name == _HOST_AWAIT else None
                awaits.append(awaits[-1] + ((awaited,) if awaited is not None else ()))
            self._awaits[block] = awaits
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

    def _host_awaited(self, op: ir.Operation) -> list[ir.Value]:
        """Timepoints the host waits on before it gets to `op`: awaits before it in its block and before
        each op enclosing it, and in the entry block of a region (which dominates its other blocks)."""
        if op in self._host:
            return self._host[op]
        found: list[ir.Value] = []
        current: ir.Operation | None = op
        while current is not None:
            block = current.block
            position = self._positions_in(block)[current]
            found.extend(self._awaits[block][position])
            entry = block.region.blocks[0]
            if entry != block:
                end = len(self._positions_in(entry))
                found.extend(self._awaits[entry][end])
            parent = current.parent
            current = parent.operation if parent is not None and parent.name != "builtin.module" else None
        self._host[op] = found
        return found

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

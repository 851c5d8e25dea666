"""What the program asked for, read from the *input* IR before the compiler runs.

The compiled IR no longer has transfers: they have become copies. Which device pairs the program moved
data between is read here from the input's `stream.async.transfer` ops, so that a rule about transfers
(a flush or invalidate must make the moved data visible) applies only where the program transferred.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from iree.compiler import ir

from .affinity import devices_of
from .clobber import _tied_operand
from .timepoints import Timeline

_TRANSFER = "stream.async.transfer"


@dataclass(frozen=True)
class Intent:
    """How many distinct values the program transfers from a writer device to a reader device.

    Each such move must be made visible in the output: by a flush to the reader in an execute on the
    writer (a push) or an invalidate from the writer in an execute on the reader (a pull). A third-party
    transfer (run on E, from S to D) is two moves: S to E and E to D.
    """

    moves: Counter[tuple[str, str]] = field(default_factory=Counter)
    # Live transfers, anywhere, that name no source device (no `from(...)`): the compiler must guess where
    # they execute, which one corpus entry's bug turns on (`oracles.marks.SOURCELESS`).
    sourceless: int = 0
    # Transfers the input already placed in a `stream.async.execute` (pre-scheduled IR): where they run is
    # the input's choice, not PlaceTransferExecutions'.
    scheduled: int = 0
    # The input already has `stream.async.execute`s (L2's pre-scheduled IR): copy-on-write does not run
    # on it, so its in-place writes (of a borrowed import too) are the program's own (`borrowed.py`).
    prescheduled: bool = False
    # `stream.async.alloca`s: storage the program leaves uninitialised. Alone in its partition, one becomes
    # an execute with no commands, whose elision one corpus entry's bug turns on
    # (`oracles.marks.UNINITIALIZED`); and `stream.cmd.execute`s with no commands already in the input.
    allocas: int = 0
    empty_executes: int = 0
    # `stream.async.barrier`s: partitioning joins each into its producer's partition with no affinity check,
    # which one corpus entry's bug turns on (`oracles.marks.BARRIER_IN_INPUT`).
    barriers: int = 0
    # (function, ordinal among its returned resources) of the resources a pre-scheduled input already
    # returns before its own fence covers the execute making them (a returned timepoint or host await that
    # misses it): the output can only keep that, so `timeline/return-fence` leaves them to the input.
    unfenced: frozenset[tuple[str, int]] = frozenset()
    # `stream.async.constant`s whose value a public function returns (directly, through an optimization
    # barrier or an op writing it in place): RefineUsage gives it external lifetime, which
    # ScheduleAllocation's extractConstantsWithLifetime does not hoist (constant and variable lifetimes
    # only) and applyAsyncConstantOp erases, leaving an uninitialised alloca behind an execute with no
    # commands, whose elision one corpus entry's bug turns on (`oracles.marks.RETURNED_CONSTANT`).
    returned_constants: int = 0


def read_intent(module: ir.Module) -> Intent:
    # Transfers of one value between the same devices count once: the compiler may merge them (CSE). A
    # transfer whose result nothing uses counts not at all: no device reads what it moved.
    seen: dict[tuple[str, str], set[ir.Value]] = {}
    sourceless = scheduled = allocas = empty_executes = barriers = 0
    prescheduled = False

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal sourceless, scheduled, prescheduled, allocas, empty_executes, barriers
        prescheduled = prescheduled or op.name == "stream.async.execute"
        allocas += op.name == "stream.async.alloca"
        barriers += op.name == "stream.async.barrier"
        empty_executes += op.name == "stream.cmd.execute" and _has_no_commands(op)
        if op.name == _TRANSFER:
            scheduled += _enclosing(op) is not None
        if op.name == _TRANSFER and _is_live(op.results[0]):
            for move in _moves_of(op):
                seen.setdefault(move, set()).add(op.operands[0])
            sourceless += "source_affinity" not in op.attributes
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    moves = Counter({move: len(values) for move, values in seen.items()})
    unfenced = _unfenced_returns(module) if prescheduled else frozenset()
    returned_constants = _returned_constants(module)
    return Intent(
        moves,
        sourceless,
        scheduled,
        prescheduled,
        allocas,
        empty_executes,
        barriers,
        unfenced,
        returned_constants,
    )


def _returned_constants(module: ir.Module) -> int:
    """How many `stream.async.constant`s a public function's `util.return` returns: the constant's value
    itself, or it seen through `util.optimization_barrier`s and ops tied to it (`-> %x as`: a fill, update,
    copy ... writing it in place), which RefineUsage gives the constant's own lifetime."""
    count = 0
    for function in module.body.operations:
        op = function.operation
        visibility = op.attributes.get("sym_visibility", None) if op.name == "util.func" else None
        public = op.name == "util.func" and (
            visibility is None or ir.StringAttr(visibility).value == "public"
        )
        if not public or not op.regions[0].blocks:
            continue
        constants: list[ir.Value] = []

        def visit(inner: ir.Operation, found: list[ir.Value] = constants) -> ir.WalkResult:
            if inner.name == "stream.async.constant":
                found.append(inner.results[0])
            return ir.WalkResult.ADVANCE

        op.walk(visit)
        count += sum(_reaches_return(value) for value in constants)
    return count


def _reaches_return(value: ir.Value) -> bool:
    frontier, seen = [value], {value}
    while frontier:
        current = frontier.pop()
        for use in current.uses:
            user = use.owner
            if user.name == "util.return":
                return True
            if user.name == "util.optimization_barrier":
                following = [user.results[use.operand_number]]
            else:  # the results written in place over it (a fill, update, copy, tied dispatch ...)
                following = [
                    r
                    for i, r in enumerate(user.results)
                    if (t := _tied_operand(user, i)) is not None and t == current
                ]
            for result in following:
                if result not in seen:
                    seen.add(result)
                    frontier.append(result)
    return False


def _has_no_commands(op: ir.Operation) -> bool:
    """An execute whose body holds only its terminator (what canonicalize's ElideNoOpCmdExecuteOp elides)."""
    return all(child.name == "stream.yield" for block in op.regions[0].blocks for child in block.operations)


def _unfenced_returns(module: ir.Module) -> frozenset[tuple[str, int]]:
    """The returned resources of a pre-scheduled input whose producing `stream.async.execute` its fence
    does not cover (`fences.py` says what a fence is; coverage is `timepoints.Timeline`'s)."""
    timeline = Timeline()
    timepoint = ir.Type.parse("!stream.timepoint", module.context)
    found: set[tuple[str, int]] = set()
    for function in module.body.operations:
        if function.operation.name != "util.func" or not function.operation.regions[0].blocks:
            continue
        name = ir.StringAttr(function.attributes["sym_name"]).value
        for block in function.operation.regions[0].blocks:
            ret = list(block.operations)[-1].operation
            if ret.name != "util.return":
                continue
            operands = list(ret.operands)
            timepoints = [v for v in operands if v.type == timepoint]
            ordinal = 0
            for index, value in enumerate(operands):
                owner = value.owner
                if not isinstance(owner, ir.Block) and owner.name == "stream.tensor.export":
                    value = owner.operation.opview.source
                if not str(value.type).startswith("!stream.resource"):
                    continue
                producer = _producer(value)
                if producer is not None:
                    following = next((v for v in operands[index + 1 :] if v.type == timepoint), None)
                    fence = [following] if following is not None else timepoints
                    if timeline.reached_by_any(fence, ret, producer) is False:
                        found.add((name, ordinal))
                ordinal += 1
    return frozenset(found)


def _producer(value: ir.Value) -> ir.Value | None:
    """The result timepoint of the `stream.async.execute` whose result `value` is (through host awaits)."""
    while not isinstance(value.owner, ir.Block):
        op = value.owner.operation
        if op.name == "stream.timepoint.await":  # its resources first, in order
            value = op.operands[ir.OpResult(value).result_number]
        elif op.name == "stream.async.execute":
            return op.results[len(op.results) - 1]
        else:
            return None
    return None


# Ops that only pass a value on: a value used by nothing but these, whose results are themselves unused,
# is dead, and the compiler rightly deletes the transfer that made it (canonicalize's ElideUnusedOp).
_FORWARDING = ("stream.yield", "stream.timepoint.await")


def _is_live(value: ir.Value, depth: int = 0) -> bool:
    """Something other than forwarding ops uses the value, through yields and awaits."""
    if depth > 32:  # deeper than any program nests: assume live rather than guess
        return True
    for use in value.uses:
        owner = use.owner
        if owner.name not in _FORWARDING:
            return True
        if owner.name == "stream.yield":
            region_op = owner.parent
            forwarded = region_op.results[use.operand_number] if region_op is not None else None
        else:  # await: operand 0 is the timepoint, resource i is result i - 1
            forwarded = owner.results[use.operand_number - 1] if use.operand_number > 0 else None
        if forwarded is not None and _is_live(forwarded, depth + 1):
            return True
    return False


def _moves_of(op: ir.Operation) -> set[tuple[str, str]]:
    """Device pairs one transfer must make visible. Only transfers already inside a
    `stream.async.execute` count: in flat IR the pipeline may legitimately elide transfers (round
    trips, last uses) before allocation, so there a missing flush is no evidence of a bug."""
    execution = _enclosing(op)
    if execution is None:
        return set()
    attrs = op.attributes
    source = devices_of(attrs["source_affinity"]) if "source_affinity" in attrs else None
    target = devices_of(attrs["target_affinity"]) if "target_affinity" in attrs else None
    # A target that includes the executing device (an optimal over both) needs no move to the others:
    # the memory is allocated to be usable by all of them.
    pushed = set() if target is None or target & execution else {(e, t) for t in target for e in execution}
    pulled = {(s, e) for s in source or () for e in execution if s not in execution}
    return pulled | pushed


def _enclosing(op: ir.Operation) -> frozenset[str] | None:
    parent = op.parent
    while parent is not None and parent.name != "builtin.module":
        if parent.name == "stream.async.execute" and "affinity" in parent.attributes:
            return devices_of(parent.attributes["affinity"])
        parent = parent.parent
    return None

"""Marks: what the neighbourhood of a misplaced storage shows about the cause, as plain words.

A finding's signature is a hash of its shape, and unrelated root causes share shapes (a public return
that drops a value's consumers and #19891's transfer targets on the executing device are both "an alloca
on one device read by a dispatch of another"). A corpus entry therefore names its bug's characteristic
symptom (`stream_fuzz/judge/symptoms.py`), a predicate over these marks, and a finding is that entry's only
when the symptom shows. Each mark is a fact of the compiled output (or, for `SOURCELESS`, of the input)
about the storage of one violation, read from the same `Facts` the rules judge.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from iree.compiler import ir

from .facts import PLACED_BY_COMPILER, Access, Facts, Storage

# Where DeviceOptimalAttr::joinOR runs (HALAttrs.cpp): an optimal affinity among the storage's own, those
# of the executes touching it, or those of the storages a copy moves bytes between it and (a transfer's
# other end, whose target affinity joins the value's usage affinities: Affinity.cpp ValueConsumerAffinityPVS
# unions an AsyncTransferOp's result affinity into its source's consumers) and the flushes into them.
OPTIMAL_NEAR = "optimal-near"
# promise<@X> beside affinity<@X> among those: joinOR of the two nests an optimal (HALAttrs.cpp
# DeviceAffinityAttr::joinOR makes optimal<[affinity, promise]> of one device).
PROMISE_MIX = "promise-mix"
# The storage reaches util.return of a public function: its consumers include the unknown callers.
RETURNED = "returned-from-public"
# The storage is the initial value of an scf.for that may run zero times (then it forwards it to the result).
LOOP_INIT = "loop-init"
# The value the violating op touches merges this storage with another that serves the op's devices (a
# loop's or branch's block argument): the analysis placed one arm for the consumer and not the other.
MERGED_WIDER = "merged-with-wider"
# The storage is placed exactly on the devices of the executes that write it (its readers are missing).
WRITER_ONLY = "placed-on-writers-only"
# The input program has a live transfer with no `from(...)`; with the input unknown (L3's stream-phase IR
# is the frontend's own), `SOURCES_UNKNOWN` instead.
SOURCELESS = "sourceless-transfer-in-input"
SOURCES_UNKNOWN = "transfer-sources-unknown"
# The input already runs transfers inside executes (pre-scheduled IR): where they execute is the input's
# choice, not PlaceTransferExecutions'.
PRESCHEDULED = "transfers-prescheduled-in-input"
# The storage, or an op touching it, is inside an `scf.execute_region` (an execute's result yielded out of
# one, or read by an execute wrapped in one): ScheduleAllocation's affinity analysis does not see the
# consumers and allocates it where the execute runs
# (corpus/placement-read-execute-region-hides-the-consumers-of-a-result.mlir).
IN_EXECUTE_REGION = "allocated-in-execute-region"
# A clobbered read (no storage is misplaced there): how the in-place write reached what was read. Through a
# value that may be one of several storages (an arith.select of resources, an scf.if merging two), or by a
# stream.async.store (copy-on-write's list of tied ops leaves it out).
THROUGH_ALIAS = "written-through-alias"
STORE_WRITER = "written-by-async-store"
# A storage captured by an execute before its alloca's timepoint (lifetime/before-alloca): the execute
# captures a resource that a host `stream.timepoint.await` before it waits on, and the execute's own await
# covers that host await's timepoint (the rewrite canonicalize's ChainDependentAwaits makes: the host
# await's result replaced by its operand, the awaited timepoint moved into the execute).
HOST_AWAIT_CHAINED = "host-await-chained"
# The input has a `stream.async.alloca` (storage left uninitialised): alone in a partition, one becomes an
# execute with no commands, which canonicalize's ElideNoOpCmdExecuteOp deletes. Or the input already has
# such an execute (IR of the middle of the pipeline, a one-pass reproducer), or is unknown (L3's
# stream-phase IR, whose frontend `tensor.empty` lowers to a `stream.async.alloca`).
UNINITIALIZED = "uninitialized-alloca-in-input"
EMPTY_EXECUTE = "empty-execute-in-input"
INPUT_UNKNOWN = "input-unknown"
# The input has a `stream.async.constant` a public function returns, and the storage before its alloca is
# one no execute writes: RefineUsage made the constant external, ScheduleAllocation left its data behind
# (extractConstantsWithLifetime hoists constant and variable lifetimes only; applyAsyncConstantOp erases
# the op) and made the execute holding it one with no commands, awaiting the storage's alloca.
RETURNED_CONSTANT = "returned-constant-in-input"
# The input has a `stream.async.barrier` (IREE's checker rejecting an execute of the async IR, which has
# no storage to look at: a fact of the input only). ReferencePartitioning joins a barrier into its
# producer's partition with no affinity check; when their devices differ the partition's affinity joins to
# null and the execute made of it has none.
BARRIER_IN_INPUT = "barrier-in-input"
# A storage used after a dealloca (lifetime/after-dealloca) of a value that may hold it among others, or
# holds it through a choice: an scf.if's or loop's result, a branch merge's block argument, a select. The
# dealloca frees what one path yields (AutomaticReferenceCounting's analyzeIfOp makes an if result own a
# resource a branch yields from above the if, and deallocates the result while that resource is live).
FREED_THROUGH_ALIAS = "freed-through-alias"
MARKS = (
    OPTIMAL_NEAR,
    PROMISE_MIX,
    RETURNED,
    LOOP_INIT,
    MERGED_WIDER,
    WRITER_ONLY,
    SOURCELESS,
    SOURCES_UNKNOWN,
    PRESCHEDULED,
    IN_EXECUTE_REGION,
    THROUGH_ALIAS,
    STORE_WRITER,
    HOST_AWAIT_CHAINED,
    UNINITIALIZED,
    EMPTY_EXECUTE,
    INPUT_UNKNOWN,
    RETURNED_CONSTANT,
    BARRIER_IN_INPUT,
    FREED_THROUGH_ALIAS,
)

_KIND_DEVICE = re.compile(r"#hal\.device\.(affinity|promise)<@([\w$.-]+)")
# The line and column of a printed location: `loc("-":24:13)` in process, `<stdin>:24:13` from a binary,
# one per member of a fused location (`loc(fused["-":9:11, "-":10:11])`: ScheduleAllocation gives the pack
# and alloca of several results one location fusing theirs).
_POSITION = re.compile(r"(?<=:)(\d+:\d+)(?![\d:])")


def positions(location: str) -> tuple[str, ...]:
    """Every `line:col` of a printed location (none when it has none): the same op's positions whichever
    way the location was printed (in process, or in a binary's diagnostic on the text it read)."""
    return tuple(_POSITION.findall(location))


def marks_of(facts: Facts, storage: Storage, access: Access) -> tuple[str, ...]:
    """The marks of `storage`, misplaced for `access`, in `MARKS` order."""
    touching = [a for a in facts.accesses if storage.id in a.storages and a.execute is not None]
    near = [storage.affinity, *(a.affinity for a in touching)]
    partners = [facts.storage(s) for s in sorted(facts.copy_partners.get(storage.id, ()))]
    near += [partner.affinity for partner in partners]
    # A partner the compiler left without an affinity too: the flush into it still names the transfer's
    # target (ScheduleAllocation carries it to the flush's `to(...)`), all that is left of it.
    unplaced = {partner.id for partner in partners if partner.attr is None}
    near += [a.affinity for a in facts.accesses if a.kind == "flush" and a.storages & unplaced]
    found: set[str] = set()
    if any("#hal.device.optimal" in text for text in near):
        found.add(OPTIMAL_NEAR)
    if _promise_mix(near):
        found.add(PROMISE_MIX)
    if storage.id in facts.returned:
        found.add(RETURNED)
    if storage.id in facts.loop_inits:
        found.add(LOOP_INIT)
    others = (facts.storage(s).devices for s in access.storages if s != storage.id)
    if any(devices and (access.devices or frozenset()) <= devices for devices in others):
        found.add(MERGED_WIDER)
    writers = _devices(a for a in touching if any(use.endswith(":w") for use in a.uses))
    if writers and storage.devices == writers:
        found.add(WRITER_ONLY)
    touching_all = [a for a in facts.accesses if storage.id in a.storages]
    if _inside_execute_region(storage.value) or any(_op_in_execute_region(a.op) for a in touching_all):
        found.add(IN_EXECUTE_REGION)
    if facts.intent is None:
        found.add(SOURCES_UNKNOWN)
    else:
        if facts.intent.sourceless:
            found.add(SOURCELESS)
        if facts.intent.scheduled:
            found.add(PRESCHEDULED)
    return tuple(mark for mark in MARKS if mark in found)


def input_marks(facts: Facts) -> tuple[str, ...]:
    """Marks of the input program alone, for what has no storage to mark (IREE's checker rejecting an
    execute of the async IR): none when the input is unknown."""
    return (BARRIER_IN_INPUT,) if facts.intent is not None and facts.intent.barriers else ()


def unplaced_marks(facts: Facts) -> dict[str, tuple[str, ...]]:
    """The marks of each storage the compiler placed without an affinity, keyed by each position of the op
    that made it and of those sizing it (a slab's `stream.resource.pack`; a slab of several results has a
    location fusing theirs): where IREE's own iree-stream-verify-affinities points when it rejects that
    storage (`checkers.mark_rejections`)."""
    found: dict[str, tuple[str, ...]] = {}
    for storage in facts.storages:
        if storage.attr is not None or storage.kind not in PLACED_BY_COMPILER:
            continue
        access = next((a for a in facts.accesses if storage.id in a.storages), None)
        if access is None:
            continue
        made_by = storage.value.owner
        ops = [made_by, *(v.owner for v in made_by.operands if isinstance(v, ir.OpResult))]
        marks = marks_of(facts, storage, access)
        for op in ops:
            for at in positions(str(op.location)):
                found[at] = tuple(m for m in MARKS if m in {*found.get(at, ()), *marks})
    return found


def _inside_execute_region(value: ir.Value) -> bool:
    """Is `value` made by an op nested in an `scf.execute_region`?"""
    return isinstance(value, ir.OpResult) and _op_in_execute_region(value.owner.operation)


def _op_in_execute_region(op: ir.Operation) -> bool:
    """Is `op` nested in an `scf.execute_region`?"""
    op = op.operation
    while op.parent is not None:
        op = op.parent
        if op.name == "scf.execute_region":
            return True
    return False


def _promise_mix(affinities: list[str]) -> bool:
    kinds: dict[str, set[str]] = {}
    for text in affinities:
        for kind, device in _KIND_DEVICE.findall(text):
            kinds.setdefault(device, set()).add(kind)
    return any(len(found) == 2 for found in kinds.values())


def _devices(accesses: Iterable[Access]) -> frozenset[str]:
    return frozenset(d for a in accesses for d in a.devices or ())

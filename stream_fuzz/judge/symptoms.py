"""Symptoms: the one registry of machine-checked predicates that say a finding is a known bug's.

A signature is a hash of a finding's shape, and unrelated root causes share shapes: on release 3.1.0 the
transfer targets of #19891 have the shape of the open entry `placement-read-public-return-drops-known-
consumers`. So an entry names its bug's characteristic symptom in its header (`// symptom: <name>`), one
predicate below over the finding's violations and their marks (`oracles/marks.py`: what the misplaced
storage's neighbourhood shows: an optimal affinity where joinOR runs, a public return, a loop merge, ...)
or, for L3's wrong results, whose shape says nothing of their cause, over what the program that computed
them is made of (`program_facts.py`).
A finding of the entry's shape is that entry's only when the symptom holds (`corpus.Corpus.attribute`);
otherwise it is new, "probably a duplicate of" the entry, and fails the run.

`HISTORICAL` holds bugs fixed upstream before the corpus existed, with the same kind of predicate: a
finding that shows one is a regression of it, whatever entry its shape matches. A `fixed` entry's symptom
is checked the same way. Every predicate is tested to hold on its entry's own witnesses and not on the
historical releases' outputs it must not absorb (tests/corpus/test_symptoms.py).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from stream_fuzz.judge.findings import Finding
from stream_fuzz.judge.program_facts import ProgramFact
from stream_fuzz.judge.unplaced import devices_of_line
from stream_fuzz.oracles import Rule, Violation
from stream_fuzz.oracles.marks import (
    BARRIER_IN_INPUT,
    EMPTY_EXECUTE,
    FREED_THROUGH_ALIAS,
    HOST_AWAIT_CHAINED,
    IN_EXECUTE_REGION,
    INPUT_UNKNOWN,
    LOOP_INIT,
    MERGED_WIDER,
    OPTIMAL_NEAR,
    PRESCHEDULED,
    PROMISE_MIX,
    RETURNED,
    RETURNED_CONSTANT,
    SOURCELESS,
    SOURCES_UNKNOWN,
    STORE_WRITER,
    THROUGH_ALIAS,
    UNINITIALIZED,
    WRITER_ONLY,
)


def _primary(finding: Finding) -> Violation | None:
    """The violation the signature is made of (`findings.violation_finding`), if the finding has one."""
    if not finding.rules or not finding.violations:
        return None
    return next((v for v in finding.violations if v.rule is finding.rules[0]), None)


def _optimal_join(finding: Finding) -> bool:
    """DeviceOptimalAttr::joinOR nests optimals: the output does not re-parse ("can only select between
    HAL affinity attrs", DeviceOptimalAttr::verify), or a misplaced storage has an optimal affinity (or a
    promise beside an affinity of one device) among its own, its executes' and its copy partners', and is
    not returned from a public function: there AffinityAnalysis::tryLookupResourceUsageAffinity drops the
    consumer set whole (`public-return`), so the readers never reach deriveResultAffinity's join (a storage
    left with no affinity at all is the join's null, whatever else is near)."""
    if finding.kind == "bad-output":
        return any("can only select between HAL affinity" in line for line in finding.details)
    primary = _primary(finding)
    if primary is None or not {OPTIMAL_NEAR, PROMISE_MIX} & set(primary.marks):
        return False
    return primary.rule is Rule.AFFINITY or RETURNED not in primary.marks


def _public_return(finding: Finding) -> bool:
    """AffinityAnalysis::tryLookupResourceUsageAffinity drops the whole consumer set of a value a public
    function returns (undef callers): the misplaced storage is returned from a public function."""
    primary = _primary(finding)
    return primary is not None and RETURNED in primary.marks


def _loop_init(finding: Finding) -> bool:
    """ValueConsumerAffinityPVS links an scf.for init to its iter_arg only: the misplaced storage reaches
    the consumer through a block argument that merges it with storage placed for that consumer (the loop
    body's), or is an scf.for's initial value (IR that keeps its scf.for)."""
    primary = _primary(finding)
    if primary is None or primary.via != "block-argument":
        return False
    return bool({MERGED_WIDER, LOOP_INIT} & set(primary.marks))


def _copy_into_a_pinned_storage(primary: Violation) -> bool:
    """The shape the four transfer-placement symptoms share: a storage the user pinned (an export) is
    written by a copy from a device it is not placed on; what tells them apart is the rest."""
    return primary.rule is Rule.WRITE and primary.pinned and "copy:w" in primary.uses


def _sourceless_push(finding: Finding) -> bool:
    """PlaceTransferExecutions skips a transfer with no source affinity: a storage the user pinned, on one
    device, is written by a copy from another device, and the input has a transfer without `from(...)`
    (or the input is the frontend's own, whose transfers ConvertToStream makes without one) that the input
    did not schedule itself (then the pass never ran on it: the entry's triage calls that form the pass
    contract, `prescheduled-push`)."""
    primary = _primary(finding)
    return (
        primary is not None
        and _copy_into_a_pinned_storage(primary)
        and bool({SOURCELESS, SOURCES_UNKNOWN} & set(primary.marks))
        and PRESCHEDULED not in primary.marks
    )


def _pinned_optimal_target(finding: Finding) -> bool:
    """PlaceTransferExecutions never moves a transfer to an optimal target: a storage the user pinned,
    placed on an optimal, is written by a copy from a device outside it."""
    primary = _primary(finding)
    return (
        primary is not None
        and _copy_into_a_pinned_storage(primary)
        and "#hal.device.optimal" in primary.placed_on
    )


def _parameter_pull(finding: Finding) -> bool:
    """convertAsyncParameterLoadOp keeps the load's own affinity: a parameter's storage is read by a copy
    (a pull) on a device it was not loaded for."""
    primary = _primary(finding)
    return (
        primary is not None
        and primary.rule is Rule.READ
        and primary.storage_kind == "parameter"
        and "copy:r" in primary.uses
    )


def _import_exported_elsewhere(finding: Finding) -> bool:
    """ConvertTensorExportOp's transferTensorOperands trusts the export's pin (AffinityAnalysis gives the
    exported value the export's device) and inserts no copy: an import of one device is exported on
    another, through a region edge (ScfIf/ScfFor conversions never transfer) or straight-line (a tied
    in-place op on the import, an optimization barrier)."""
    primary = _primary(finding)
    return (
        primary is not None
        and primary.rule in (Rule.EXPORT, Rule.RESULT)
        and primary.storage_kind == "import"
    )


def _transients_storage_elsewhere(finding: Finding) -> bool:
    """EmplaceTransients (gatherTransientResources, processTransientResource) places every transient alloca
    that feeds a result in the one storage ConvertTensorTransientsOp imported with the result's device,
    whatever device the alloca was on: an import of transient lifetime (only an `iree.abi.transients`
    argument is imported so) written by an execute on a device it was not imported for, or flushed by
    one to a device it was not imported for, its next reader: another device's transient emplaced there
    (a read of an import is never judged, `rules.user_pinned`, so the flush is what shows it). With
    results on two devices the storage is imported once per device, the walk's "multiple unique storage
    buffers" error is ignored and every alloca goes to the first import."""
    primary = _primary(finding)
    if primary is None or primary.storage_kind != "import":
        return False
    if primary.rule is Rule.WRITE:
        captured = rf"{re.escape(primary.resource)} as %\w+: !stream\.resource<transient>"
        return re.search(captured, primary.op) is not None
    if primary.rule is Rule.FLUSH:  # the op is the flush itself, typed with the captured value's lifetime
        return (
            primary.op_name == "stream.cmd.flush"
            and re.search(r":\s*!stream\.resource<transient>", primary.op) is not None
        )
    return False


def _escaping_result_on_executor(finding: Finding) -> bool:
    """#19891 (fixed by PR #19872, "execution region result placement", in 3.2): a value an execute makes
    for another device is allocated on the executing device alone. A storage read on another device is
    placed exactly where it is written, and nothing an open bug needs is near it: no optimal (joinOR), no
    public return, no loop merge, not a parameter, not the user's."""
    primary = _primary(finding)
    if primary is None or primary.rule is not Rule.READ or primary.storage_kind != "alloca":
        return False
    open_causes = {OPTIMAL_NEAR, PROMISE_MIX, RETURNED, LOOP_INIT, MERGED_WIDER, IN_EXECUTE_REGION}
    return (
        WRITER_ONLY in primary.marks
        and not open_causes & set(primary.marks)
        and primary.via == "direct"
        and not primary.pinned
    )


def _execute_region_hides_consumers(finding: Finding) -> bool:
    """corpus/placement-read-execute-region-hides-the-consumers-of-a-result.mlir: an execute's result yielded
    out of an `scf.execute_region` is allocated where it is written, though an execute on another device
    reads it (ScheduleAllocation.cpp deriveResultAffinity: the affinity analysis gives no usage affinities,
    so the execution affinity alone is taken). Not a storage a public function returns: that alone drops
    the consumers (`public-return`), a region near it or not; nor one with an optimal (or a promise beside
    an affinity) near, joinOR's (`optimal-join`): the three entries listing this shape are told apart."""
    primary = _primary(finding)
    return (
        primary is not None
        and primary.rule is Rule.READ
        and primary.storage_kind == "alloca"
        and IN_EXECUTE_REGION in primary.marks
        and not {RETURNED, OPTIMAL_NEAR, PROMISE_MIX} & set(primary.marks)
    )


def _pinned_push_with_source(finding: Finding) -> bool:
    """#21361 (fixed by PR #24748 for single-device targets): a transfer into a result an export pins to
    D executes on the producer although it names its source: a pinned storage on one device is written by
    a copy from another, every transfer of the input names its source, and none was already placed in an
    execute by the input (PlaceTransferExecutions decided where it runs)."""
    primary = _primary(finding)
    return (
        primary is not None
        and _copy_into_a_pinned_storage(primary)
        and "#hal.device.optimal" not in primary.placed_on
        and not {SOURCELESS, SOURCES_UNKNOWN, PRESCHEDULED} & set(primary.marks)
    )


def _prescheduled_push(finding: Finding) -> bool:
    """ScheduleAllocation's deriveResultAffinity allocates a transfer target pinned by an export for the
    pin and the transfer's own target only (findLocalValueAffinity), never for the execute that runs it:
    in pre-scheduled input a push into a pinned result on one device is written by the producer."""
    primary = _primary(finding)
    return (
        primary is not None
        and _copy_into_a_pinned_storage(primary)
        and "#hal.device.optimal" not in primary.placed_on
        and PRESCHEDULED in primary.marks
    )


def _clobber_marked(finding: Finding, mark: str) -> bool:
    """Some clobbered read of the finding has `mark`. Not only the primary: every clobber of one finding
    carries the one stage its signature names (the first pass after which any of them shows), and the
    primary is the first by reader kind (`rules.clobbered_read_violations`), which need not be the one
    that showed after that stage: a select written in place after copy-on-write, read by barriers, beside
    a clobber an execute reads that a later pass made, is signed with copy-on-write and the execute."""
    primary = _primary(finding)
    if primary is None or primary.rule is not Rule.CLOBBER:
        return False
    return any(v.rule is Rule.CLOBBER and mark in v.marks for v in finding.violations)


def _write_through_alias(finding: Finding) -> bool:
    """MaterializeCopyOnWrite's isSafeToElideCOW (and ElideAsyncCopies' isSafeToElideCloneOp) judge the
    written value by its own uses: a select of two resources with one user is written in place while
    the value it selected is still read. The clobbered read's write went through such a value."""
    return _clobber_marked(finding, THROUGH_ALIAS)


def _async_store_write(finding: Finding) -> bool:
    """materializeRegionCOW's TypeSwitch of tied ops omits stream.async.store: the clobbered read's writer
    is a store."""
    return _clobber_marked(finding, STORE_WRITER)


def _host_await_chained(finding: Finding) -> bool:
    """ChainDependentAwaits (StreamOpFolders.cpp, since 3.10 `op.setAwaitTimepoints(newTimepoints)`)
    moves a host stream.timepoint.await into the execute that captures the awaited resource and replaces
    the execute's await, dropping its alloca's timepoint: the execute captures a resource a host await
    before it waits on, and awaits a timepoint covering that await's."""
    primary = _primary(finding)
    return primary is not None and primary.rule is Rule.BEFORE_ALLOCA and HOST_AWAIT_CHAINED in primary.marks


def _no_op_execute_elided(finding: Finding) -> bool:
    """ElideNoOpCmdExecuteOp (StreamOpFolders.cpp) replaces the timepoint of a stream.cmd.execute with no
    commands by an immediate one, not by its await: ScheduleAllocation makes such an execute of a partition
    holding only a stream.async.alloca, awaiting the alloca, and the execute that uses the storage next
    awaited the alloca only through it. The input has a stream.async.alloca (or such an empty execute, or
    is unknown: L3's `tensor.empty` lowers to an alloca), or returns a stream.async.constant from a public
    function whose storage nothing writes (`RETURNED_CONSTANT`: ScheduleAllocation drops an external
    constant's data and leaves the same empty execute behind), and no host await was chained into the
    execute (the other cause of this shape, `host-await-chained`)."""
    primary = _primary(finding)
    if primary is None or primary.rule is not Rule.BEFORE_ALLOCA:
        return False
    marks = set(primary.marks)
    causes = {UNINITIALIZED, EMPTY_EXECUTE, INPUT_UNKNOWN, RETURNED_CONSTANT}
    return HOST_AWAIT_CHAINED not in marks and bool(causes & marks)


def _freed_through_alias(finding: Finding) -> bool:
    """AutomaticReferenceCounting's analyzeIfOp (since 3.11) makes an scf.if result own what a branch
    yields, also a resource defined above the if and used after it, and deallocates the result: a storage
    is used or handed out after a dealloca of a value that may hold it among others (`FREED_THROUGH_ALIAS`),
    or, at run time, a buffer is mapped after a dealloca decommitted it (the local HAL's
    transient_buffer.c reports it as never committed)."""
    if finding.kind == "runtime-error":
        return any("transient buffer has not been committed" in line for line in finding.details)
    primary = _primary(finding)
    return (
        primary is not None and primary.rule is Rule.AFTER_DEALLOCA and FREED_THROUGH_ALIAS in primary.marks
    )


def _barrier_joined(finding: Finding) -> bool:
    """ReferencePartitioning (partitionStreamableOpsReference) defers a stream.async.barrier as a sync op
    of its producer and inserts it into the producer's partition with no affinity check (transfers got one
    in PR #24748): Partition::verify rejects the partition ("is not compatible with the partition
    affinity": the rejected program, whose signature names that diagnostic), or, when the partition's
    affinity joined to null, ScheduleExecution makes a stream.async.execute without affinity, which IREE's
    checker rejects in the async IR of a program that has a barrier."""
    if finding.kind == "invalid-program":
        return any("is not compatible with the partition affinity" in line for line in finding.details)
    primary = _primary(finding)
    return (
        primary is not None
        and primary.rule is Rule.AFFINITY
        and primary.op_name == "stream.async.execute"
        and BARRIER_IN_INPUT in primary.marks
    )


def _unplaced_on_two_devices(finding: Finding) -> bool:
    """A dispatch the diagnostic's executable names sits in an execute without affinity that binds storage
    placed on two or more devices (`unplaced.describe`, read from L3's stream-phase IR)."""
    return any(len(d) >= 2 for line in finding.details if (d := devices_of_line(line)) is not None)


def _dispatch_producers_on_two_devices(finding: Finding) -> bool:
    """AffinityAnalysis::lookupExecutionAffinity gives a dispatch whose producers sit on two incompatible
    devices no affinity (trySelectLeadAffinity returns null; OpAffinityPVS::updateOperation looks at
    producers only). Rejected: HAL conversion fails on the executable of an execute without affinity that
    binds storage on two or more devices. Compiled: partitioning put the unplaced dispatch in an execute of
    one device while ScheduleAllocation placed its tied target for the export's pin, so a storage the user
    pinned is written in place by a dispatch (no copy) on another device. A placed dispatch never does
    that: ConvertToStream's transferTensorOperands moves its tied target to the dispatch's device first."""
    if finding.kind == "invalid-program":
        return _unplaced_on_two_devices(finding)
    primary = _primary(finding)
    if primary is None or primary.rule is not Rule.WRITE or not primary.pinned:
        return False
    writes = [use for use in primary.uses if "w" in use.split(":", 1)[-1]]
    return bool(writes) and all(use.startswith("dispatch:") for use in writes)


def _dispatch_on_unplaced_producers(finding: Finding) -> bool:
    """AffinityAnalysis::tryLookupExecutionAffinity finds no producer affinity for a dispatch that reads only
    unplaced values (constants) and falls back to tryLookupDefaultAffinity, which finds no
    `stream.affinity.default`: a rejected program whose unplaced dispatch does not bind storage of two
    devices (that is `dispatch-producers-on-two-devices`), or that fails elsewhere on the affinity-less
    device lookup (MaterializeResourceCaches, when dedup shares the executable with a placed dispatch)."""
    return finding.kind == "invalid-program" and not _unplaced_on_two_devices(finding)


def _wrong_result_of(finding: Finding, fact: ProgramFact) -> bool:
    """A wrong result computed by a program showing `fact`. Every one-device wrong result has one shape
    (`l3._wrong_shape`), so what the program is made of (`program_facts.py`) is what tells them apart."""
    return finding.kind == "wrong-result" and fact in finding.program_facts


def _self_slice_insert(finding: Finding) -> bool:
    """DispatchCreation/ConvertTensorToFlow.cpp convertInsertSliceOps wraps a non-contiguous
    tensor.insert_slice in a dispatch and cloneProducersToRegion clones its source's tensor.extract_slice
    in: when that slice is of the insert's own destination and the two ranges overlap, the dispatch loads
    and stores overlapping views of one buffer. A wrong result of a program with such an insert."""
    return _wrong_result_of(finding, ProgramFact.SELF_SLICE_INSERT)


def _misaligned_splat_slice(finding: Finding) -> bool:
    """Stream/IR/StreamOpFolders.cpp PropagateSplatsThroughSlices rewrites slice(splat(v)) into splat(v)
    whatever the slice's byte offset: a wrong result of a program slicing a splat at a byte offset that is
    not a multiple of the splat value's width (in stream IR, or a tensor program's fill or splat constant
    seen through a bitcast)."""
    return _wrong_result_of(finding, ProgramFact.MISALIGNED_SPLAT_SLICE)


def _resource_in_carried_value(finding: Finding) -> bool:
    """arith::ConstantOp::inferResultRanges gives a dense_resource constant no range, so the integer range
    analysis iree-util-optimize-int-arithmetic runs leaves an scf.for's carried value at its initial
    constant's single value, and the patterns replace it by that constant: a wrong result of a program
    whose loop carries an integer value initialised from constants alone and computed from a
    dense_resource constant."""
    return _wrong_result_of(finding, ProgramFact.RESOURCE_IN_CARRIED_VALUE)


@dataclass(frozen=True)
class Symptom:
    name: str
    holds: Callable[[Finding], bool]
    what: str  # one line for humans: what it checks


SYMPTOMS: dict[str, Symptom] = {
    s.name: s
    for s in (
        Symptom("optimal-join", _optimal_join, "an optimal affinity where the storage's devices are joined"),
        Symptom("public-return", _public_return, "the misplaced storage is returned from a public function"),
        Symptom("loop-init", _loop_init, "the storage is merged at a loop's block argument with a wider one"),
        Symptom("sourceless-push", _sourceless_push, "a transfer without from() writes a pinned result"),
        Symptom("pinned-optimal-target", _pinned_optimal_target, "a pinned optimal written from outside it"),
        Symptom("parameter-pull", _parameter_pull, "a parameter pulled by a device it was not loaded for"),
        Symptom(
            "import-exported-elsewhere",
            _import_exported_elsewhere,
            "an import exported on another device with no copy",
        ),
        Symptom(
            "transients-storage-elsewhere",
            _transients_storage_elsewhere,
            "the caller's transient storage, imported for one device, written or flushed by another",
        ),
        Symptom(
            "prescheduled-push",
            _prescheduled_push,
            "a push into a pinned result, scheduled by the input, written by the producer",
        ),
        Symptom(
            "escaping-result-on-executor",
            _escaping_result_on_executor,
            "an execute's result placed only where it is written, nothing else near",
        ),
        Symptom(
            "execute-region-hides-consumers",
            _execute_region_hides_consumers,
            "an execute's result allocated in an scf.execute_region where it is written, read elsewhere",
        ),
        Symptom("write-through-alias", _write_through_alias, "written in place through a select of storages"),
        Symptom("async-store-write", _async_store_write, "a stream.async.store writes a value still read"),
        Symptom(
            "barrier-joined",
            _barrier_joined,
            "a barrier joined to its producer's partition: rejected, or an execute left without affinity",
        ),
        Symptom(
            "host-await-chained",
            _host_await_chained,
            "an execute before its alloca awaits a host await's timepoint, capturing what it waited on",
        ),
        Symptom(
            "no-op-execute-elided",
            _no_op_execute_elided,
            "an execute before its alloca, no host await chained in, an uninitialised alloca in the input",
        ),
        Symptom(
            "freed-through-alias",
            _freed_through_alias,
            "used after a dealloca of a choice that may hold it, or a decommitted buffer mapped",
        ),
        Symptom(
            "dispatch-producers-on-two-devices",
            _dispatch_producers_on_two_devices,
            "an unplaced dispatch binds storage of two devices, or writes a pinned result from another",
        ),
        Symptom(
            "dispatch-on-unplaced-producers",
            _dispatch_on_unplaced_producers,
            "a rejected program whose unplaced dispatch binds storage of at most one device",
        ),
        Symptom(
            "self-slice-insert",
            _self_slice_insert,
            "a wrong result of a program inserting an overlapping slice of a tensor into that tensor",
        ),
        Symptom(
            "misaligned-splat-slice",
            _misaligned_splat_slice,
            "a wrong result of a program slicing a splat at an offset not a multiple of its width",
        ),
        Symptom(
            "resource-in-carried-value",
            _resource_in_carried_value,
            "a wrong result of a program whose loop carries a constant-initialised integer fed a resource",
        ),
        Symptom(
            "pinned-push-with-source",
            _pinned_push_with_source,
            "a transfer naming its source still writes a pinned result from the producer",
        ),
    )
}


@dataclass(frozen=True)
class Historical:
    """A bug fixed upstream before the corpus existed: its symptom means a regression, never a known hit."""

    name: str  # what a report calls it
    symptom: str  # a key of SYMPTOMS
    fixed_by: str


HISTORICAL = (
    Historical("IREE #19891", "escaping-result-on-executor", "PR #19872 (3.2)"),
    Historical("IREE #21361", "pinned-push-with-source", "PR #24748 (3.13)"),
)


def shows(symptom: str, finding: Finding) -> bool:
    """Does `finding` show the named symptom? An unknown name is a programming error (`read_entry` rejects
    it in a corpus header first)."""
    return SYMPTOMS[symptom].holds(finding)


def regression_of(finding: Finding) -> Historical | None:
    """The historical bug `finding` shows, if any."""
    return next((h for h in HISTORICAL if shows(h.symptom, finding)), None)

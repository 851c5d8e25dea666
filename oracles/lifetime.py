"""`lifetime/*`: a transient is used only while alive: after its alloca's timepoint, before its dealloca.

What the ops promise (StreamOps.td): `stream.resource.alloca` returns a resource that "is not valid for use
until the timepoint is reached; execution using this resource must await on the timepoint", and
`stream.resource.dealloca` keeps its operand "live and valid until the provided timepoint is reached", the
memory going back to the pool after that. ScheduleAllocation makes each execute await its allocas and puts
the dealloca of a local transient after the execute, awaiting its timepoint; AutomaticReferenceCounting
makes a dealloca await the join of every last user's timepoint. So in the output:

- `lifetime/after-dealloca`: every execute that captures the storage completes before the dealloca's
  await timepoint is reached: that timepoint covers the execute's, or the host awaited the execute's before
  issuing the dealloca. A host load, store or size query of it comes before the dealloca in program order,
  and so does every hand-off of it to code that goes on using it (a return, a call, a global store, an
  export to a buffer view): handed out after its dealloca, the caller holds freed memory.
- `lifetime/before-alloca`: every execute that captures the storage awaits a timepoint covering the
  alloca's (or the host awaited it before issuing the execute).

A dealloca frees every storage its operand may hold: the operand is traced back to storage as every rule
traces a value (`facts.origins`), so a dealloca of an `scf.if`'s, `scf.for`'s or `scf.while`'s result, of a
branch merge's block argument or of an `arith.select` frees each storage a branch, the init or the body may
yield; but a choice on a condition the dealloca's own `scf.if` branch decides counts that branch only
(`facts._Reader.freed`). A storage freed through a choice is marked `marks.FREED_THROUGH_ALIAS`.
That is what AutomaticReferenceCounting's analyzeIfOp does not see since 3.11 (it makes an if result own
what a branch yields, also a resource defined above the if that is used after it, and deallocates the
result): on the path yielding that resource, the dealloca frees it while it is live
(corpus/runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer.mlir).

A timepoint covers another when reaching it implies the other was reached: a timeline op's result covers
its await, a join covers its operands (the coverage ElideTimepoints computes). Where the chain leaves what
is known (a block argument, a call's or loop's result, a global) the pair is not judged, nor are a use
and a dealloca on exclusive paths (two branches, two blocks of one region).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from iree.compiler import ir

from .facts import HAND_OFFS, Access, Facts, Storage
from .marks import (
    EMPTY_EXECUTE,
    FREED_THROUGH_ALIAS,
    HOST_AWAIT_CHAINED,
    INPUT_UNKNOWN,
    MARKS,
    RETURNED_CONSTANT,
    UNINITIALIZED,
)
from .rules import Rule, Violation
from .timepoints import Timeline

__all__ = ["Timeline", "lifetimes_hold"]


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
                violation = _violation(Rule.BEFORE_ALLOCA, use, storage.name, "before its alloca's timepoint")
                yield replace(violation, marks=_before_alloca_marks(facts, timeline, use.op, storage))
    for release in facts.releases:
        for storage_id in sorted(release.storages):
            if facts.storage(storage_id).kind != "alloca":
                continue
            storage = facts.storage(storage_id)
            marks = _freed_marks(release, storage)
            for use in by_storage.get(storage_id, []):
                done = use.op.opview.result_timepoint
                awaited = release.op.opview.await_timepoint
                if timeline.ordered(use.op, release.op) is None:
                    continue
                if timeline.reached_by(awaited, release.op, done) is False:
                    violation = _violation(Rule.AFTER_DEALLOCA, use, storage.name, _released_at(release))
                    yield replace(violation, marks=marks)
            for host in facts.host_uses:
                if storage_id in host.storages and timeline.ordered(release.op, host.op) is True:
                    violation = _violation(Rule.AFTER_DEALLOCA, host, storage.name, _released_at(release))
                    yield replace(violation, marks=marks)


def _before_alloca_marks(
    facts: Facts, timeline: Timeline, execute: ir.Operation, storage: Storage
) -> tuple[str, ...]:
    """What tells the causes of an execute running before its alloca apart (`marks.HOST_AWAIT_CHAINED`,
    `UNINITIALIZED`, `EMPTY_EXECUTE`, `INPUT_UNKNOWN`, `RETURNED_CONSTANT`)."""
    found = set()
    if timeline.chained_host_await(execute):
        found.add(HOST_AWAIT_CHAINED)
    if facts.intent is None:
        found.add(INPUT_UNKNOWN)
    else:
        if facts.intent.allocas:
            found.add(UNINITIALIZED)
        if facts.intent.empty_executes:
            found.add(EMPTY_EXECUTE)
        if facts.intent.returned_constants and not any(
            a.kind == "write" and storage.id in a.storages for a in facts.accesses
        ):
            found.add(RETURNED_CONSTANT)
    return tuple(mark for mark in MARKS if mark in found)


def _freed_marks(release: Access, storage: Storage) -> tuple[str, ...]:
    """`marks.FREED_THROUGH_ALIAS` when the dealloca frees `storage` through a value that may hold another
    storage, or that is not the storage itself seen through awaits, subviews and barriers (a choice)."""
    value = release.op.opview.operand
    while len(release.storages) == 1 and value != storage.value and not isinstance(value.owner, ir.Block):
        op = value.owner.operation
        if op.name in ("stream.timepoint.await", "util.optimization_barrier"):
            resources = [v for v in op.operands if str(v.type).startswith("!stream.resource")]
            value = resources[ir.OpResult(value).result_number]
        elif op.name == "stream.resource.subview":
            value = op.operands[0]
        else:
            break
    return () if len(release.storages) == 1 and value == storage.value else (FREED_THROUGH_ALIAS,)


def _released_at(release: Access) -> str:
    return f"after '{str(release.op).strip().splitlines()[0]}' may free it"


def _violation(rule: Rule, use: Access, storage: str, when: str) -> Violation:
    if use.execute is not None:
        what = "captured by an execute"
    elif use.kind in HAND_OFFS.values():
        what = f"handed out ({use.kind})"
    else:
        what = f"touched by the host ({use.kind})"
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

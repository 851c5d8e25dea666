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
from dataclasses import replace

from iree.compiler import ir

from .facts import Access, Facts
from .marks import EMPTY_EXECUTE, HOST_AWAIT_CHAINED, INPUT_UNKNOWN, MARKS, UNINITIALIZED
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
                yield replace(violation, marks=_before_alloca_marks(facts, timeline, use.op))
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


def _before_alloca_marks(facts: Facts, timeline: Timeline, execute: ir.Operation) -> tuple[str, ...]:
    """What tells the causes of an execute running before its alloca apart (`marks.HOST_AWAIT_CHAINED`,
    `UNINITIALIZED`, `EMPTY_EXECUTE`, `INPUT_UNKNOWN`)."""
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
    return tuple(mark for mark in MARKS if mark in found)


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

"""IREE's own in-tree checkers as an extra oracle: passes IREE ships but its stream pipeline does not run
where this project looks.

- `iree-stream-verify-affinities` (VerifyAffinities.cpp): every op that requires an affinity has one, on
  itself or an ancestor (`AffinityAttr::lookupOrDefault`). IREE leaves it commented out of the pipeline
  (Passes.cpp: it "prevents compiling to stream without devices specified"), so a pass that drops an
  affinity goes unseen until the HAL picks the default device.
- `iree-stream-verify-async-access-ranges` (VerifyAsyncAccessRanges.cpp): every constant access range of a
  `stream.async.*` op lies within its resource's constant size. The pipeline runs it once, before
  scheduling; the partitioning and timepoint passes after it are never checked.

Each runs only at the points where its precondition holds (`POINTS`):

- `midway`: the async IR the worker already stops at for the clobber check (before
  `worker_hooks.MIDWAY[1]`, after scheduling), both checkers;
- `allocation-output`: the output of `iree-stream-schedule-allocation` run alone (L2), affinities only
  (cmd IR has no async access ops). Not the whole pipeline's output: its reference counting adds
  `stream.resource.dealloca origin` with no affinity by design (the runtime routes it to the
  allocation's origin), which the checker rejects.

A rejection counts only when the checker accepts the program's input: an input without affinities (a
transfer with only a target, say, which IREE compiles) is not the compiler's doing. That is checked only
when a rejection shows, so a clean program pays for one pass run per point. A checker the compiler under
test does not have is skipped, with the reason in the report's `unknown`, never a finding.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from iree.compiler import ir, passmanager

from .marks import MARKS, positions
from .rules import Rule, Violation

MIDWAY = "midway"
ALLOCATION_OUTPUT = "allocation-output"

# Checker pass -> its rule. The rules' ids and severities live in `rules.Rule`.
RULE_OF = {
    "iree-stream-verify-affinities": Rule.AFFINITY,
    "iree-stream-verify-async-access-ranges": Rule.ACCESS_RANGE,
}
POINTS: dict[str, tuple[str, ...]] = {
    MIDWAY: ("iree-stream-verify-affinities", "iree-stream-verify-async-access-ranges"),
    ALLOCATION_OUTPUT: ("iree-stream-verify-affinities",),
}
# What each point is, for messages and corpus entries.
POINT_TEXT = {
    MIDWAY: "in the async IR before iree-stream-verify-lowering-to-async",
    ALLOCATION_OUTPUT: "in the output of iree-stream-schedule-allocation",
}


def pipeline_of(passes: Sequence[str]) -> str:
    return f"builtin.module({','.join(passes)})"


@dataclass(frozen=True)
class Complaint:
    """One diagnostic a checker emitted."""

    location: str
    message: str


@dataclass(frozen=True)
class Rejection:
    checker: str  # the pass, e.g. iree-stream-verify-affinities
    point: str  # a key of POINTS
    complaints: tuple[Complaint, ...]


@dataclass(frozen=True)
class Checked:
    """What the checkers said at one point of one program: plain data, it crosses the worker's pipe."""

    rejections: tuple[Rejection, ...] = ()
    skipped: tuple[str, ...] = ()  # why a checker did not judge this program, one reason each

    def violations(self) -> tuple[Violation, ...]:
        return tuple(v for r in self.rejections for v in rejection_violations(r))


# Runs a checker pipeline on some IR: None when it accepts, its complaints when it rejects; raises
# `Unavailable` when the compiler has no such pass.
Runner = Callable[[str], tuple[Complaint, ...] | None]


class Unavailable(Exception):
    """The compiler under test does not register a checker pass."""


class Unreadable(Exception):
    """The IR does not parse (an external compiler's printed output): no checker judged it; the output
    that does not read back is a bad-output finding of its own."""


def check_point(
    point: str,
    at: Runner,
    on_input: Runner,
    version: str = "this compiler",
    names: Sequence[str] | None = None,
) -> Checked:
    """Run the checkers of `point` (`at` runs a pipeline on the IR there, `on_input` on the program;
    `names`: other checkers than `POINTS[point]`). One pipeline for all of them first; only when it fails,
    each alone (a failing pass stops the run)."""
    names = POINTS[point] if names is None else names
    try:
        if at(pipeline_of(names)) is None:
            return Checked()
    except Unavailable:
        pass  # one of them is missing: find out which, one at a time
    except Unreadable:
        return unreadable(point)
    rejections, skipped = [], []
    for name in names:
        try:
            complaints = at(pipeline_of([name]))
        except Unavailable:
            skipped.append(f"checker {name} not run: {version} does not have it")
            continue
        if complaints is None:
            continue
        if on_input(pipeline_of([name])) is not None:
            skipped.append(f"checker {name} not judged: the input already fails it")
            continue
        rejections.append(Rejection(name, point, complaints))
    return Checked(tuple(rejections), tuple(skipped))


def unreadable(point: str) -> Checked:
    """The IR at `point` does not read back: a bad-output finding of its own, and no checker's input
    (run on it, a checker would sign a known print defect as a new finding)."""
    return Checked(skipped=(f"checkers not run {POINT_TEXT[point]}: the IR there does not parse",))


class InProcess:
    """Runners on live modules of the bindings' context (the compiler worker's); pass managers cached."""

    def __init__(self, context: ir.Context) -> None:
        self.context = context
        self._managers: dict[str, passmanager.PassManager | None] = {}

    def _manager(self, pipeline: str) -> passmanager.PassManager:
        if pipeline not in self._managers:
            try:
                manager = passmanager.PassManager.parse(pipeline, self.context)
            except (ValueError, ir.MLIRError):
                manager = None
            if manager is not None:
                # Verifying after a read-only pass can only repeat what the output's re-parse says.
                manager.enable_verifier(False)
            self._managers[pipeline] = manager
        manager = self._managers[pipeline]
        if manager is None:
            raise Unavailable(pipeline)
        return manager

    def run(self, pipeline: str, module: ir.Module) -> tuple[Complaint, ...] | None:
        """The checkers are read-only passes (they mark every analysis preserved), so the live module
        is checked as it is."""
        try:
            self._manager(pipeline).run(module.operation)
        except ir.MLIRError as error:
            return _complaints(error)
        return None

    def check(self, point: str, module: ir.Module, source: str) -> Checked:
        """`module` at `point`; `source` is the program's text (parsed again only if a checker rejects)."""
        return check_point(
            point,
            lambda pipeline: self.run(pipeline, module),
            lambda pipeline: self.run(pipeline, ir.Module.parse(source, self.context)),
        )


def _complaints(error: ir.MLIRError) -> tuple[Complaint, ...]:
    found = [
        Complaint(str(d.location), d.message)
        for d in getattr(error, "error_diagnostics", ())
        if str(d.severity).lower().endswith("error")
    ]
    return tuple(found) or (Complaint("unknown", str(error)),)


# `'stream.async.copy' op has invalid Write access range [...] of resource %0 with size 255; end > ...`
_OP = re.compile(r"^'(?P<op>[\w.]+)' op ")
_RANGE = re.compile(r"invalid (?P<access>\w+) access range .*; (?P<reason>[^;]+)$")


def rejection_violations(rejection: Rejection) -> tuple[Violation, ...]:
    """One violation per complaint. Its signature's parts: the rule, the op, where it was checked and,
    for a range, which access and which bound (`Write: end > resource size`)."""
    rule = RULE_OF[rejection.checker]
    out = []
    for complaint in rejection.complaints:
        op = _OP.match(complaint.message)
        bound = _RANGE.search(complaint.message)
        out.append(
            Violation(
                rule,
                f"{rejection.checker} rejects the IR {POINT_TEXT[rejection.point]}: {complaint.message}",
                op["op"] if op else "",
                complaint.location,
                "",
                (),
                "",
                op_name=op["op"] if op else "",
                uses=(f"{bound['access']}: {bound['reason'].strip()}",) if bound else (),
                via=rejection.point,
                order=-1,  # found on IR before the output the other rules read
            )
        )
    return tuple(out)


def mark_rejections(
    violations: Sequence[Violation],
    unplaced: Mapping[str, tuple[str, ...]],
    from_input: tuple[str, ...] = (),
) -> tuple[Violation, ...]:
    """`violations` with verify-affinities rejections of the allocation output marked as the storage
    they point at (`marks.unplaced_marks` of that same IR, keyed by position): what the neighbourhood of
    a storage left without an affinity shows about the cause, as for a misplaced one. Midway the checker
    reads async IR, whose ops are not the output's storages: its rejections get the input's marks
    (`marks.input_marks`) only."""
    return tuple(
        replace(v, marks=_marks_at(v.location, unplaced) if v.via == ALLOCATION_OUTPUT else from_input)
        if v.rule is Rule.AFFINITY and v.via in (ALLOCATION_OUTPUT, MIDWAY)
        else v
        for v in violations
    )


def _marks_at(location: str, unplaced: Mapping[str, tuple[str, ...]]) -> tuple[str, ...]:
    """The marks of the storages at any position of `location` (a slab's fused location names several)."""
    found = {mark for at in positions(location) for mark in unplaced.get(at, ())}
    return tuple(mark for mark in MARKS if mark in found)

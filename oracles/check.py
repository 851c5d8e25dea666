"""The oracle's entry points: a parsed module (or IR text) in, a deterministic `Report` out."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from iree.compiler import ir

from .behaviour import behaviour
from .borrowed import borrowed_imports_unwritten
from .carried import carried_ready
from .checkers import Checked, mark_rejections
from .clobber import Clobber
from .facts import read_facts
from .fences import returns_fenced
from .intent import Intent
from .lifetime import lifetimes_hold
from .marks import input_marks, unplaced_marks
from .pinned import pinned_globals_used_in_place
from .rules import RULES, Violation, clobbered_read_violations
from .sanitize import read_compiled
from .timepoints import Timeline


@dataclass(frozen=True)
class Midway:
    """What the compiler worker hands the oracle from between two passes of the stream pipeline."""

    found: tuple[Clobber, ...]  # the clobbered reads in the async IR there (`worker_hooks.midway`)
    stage: str = ""  # the first stage after which they show; "" when not named
    stage_pipeline: str = ""  # that stage as a runnable pipeline
    before: str = ""  # the IR before that stage: a one-pass reproducer's input
    first: tuple[Clobber, ...] = ()  # the clobbered reads right after that stage, where they first show


@dataclass(frozen=True)
class Report:
    """Plain data: it crosses the compiler worker's pipe as it is."""

    violations: tuple[Violation, ...] = ()
    unknown: dict[str, int] = field(default_factory=dict)  # what could not be judged, by reason
    storages: int = 0
    accesses: int = 0
    # The parser's complaint when the printed IR had to be repaired to be read (a bad-output defect).
    defect: str = ""
    # For a clobbered read: the pass after which it first shows, as a runnable pipeline, and its input.
    blamed_pipeline: str = ""
    before_blamed: str = ""
    # What the compiler did (`behaviour.py`): labels of the output's shape, and measures to climb.
    behaviour: frozenset[str] = frozenset()
    measures: dict[str, float] = field(default_factory=dict)
    # The marks of each storage left without an affinity, by position (`marks.unplaced_marks`): an external
    # compiler's checker rejections are marked with them after the fact (`checkers.mark_rejections`).
    unplaced: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # The input's marks (`marks.input_marks`), for a midway checker rejection of an external compiler.
    from_input: tuple[str, ...] = ()

    @property
    def clean(self) -> bool:
        return not self.violations and not self.defect

    def to_json(self) -> dict:
        return {
            "clean": self.clean,
            "violations": [v.to_json() for v in self.violations],
            "unknown": dict(sorted(self.unknown.items())),
            "storages": self.storages,
            "accesses": self.accesses,
            "defect": self.defect,
        }


def check_module(
    module: ir.Module,
    intent: Intent | None = None,
    defect: str = "",
    midway: Midway | None = None,
    checked: Checked | None = None,
) -> Report:
    """Check a compiled module; violations come sorted by program order, then rule, then message.

    `intent` (read from the input program) says which transfers the program made; the visibility rule
    needs it and does not run without it. `midway` is what the worker found in the async IR on the way
    (`worker_hooks.midway`): clobbered reads, and the pass after which they first show. `checked` is what
    IREE's own checkers said on the way (`checkers.py`).
    """
    facts = read_facts(module, intent)
    found = {v for rule in RULES for v in rule(facts)}  # one misplacement found twice counts once
    found.update(borrowed_imports_unwritten(facts))
    found.update(pinned_globals_used_in_place(facts))
    timeline = Timeline()  # one reading of the timepoints for both
    found.update(lifetimes_hold(facts, timeline))
    found.update(returns_fenced(facts, timeline))
    found.update(carried_ready(module, timeline))
    if midway:
        found.update(clobbered_read_violations(midway.found, midway.stage, midway.first))
    unplaced, from_input = unplaced_marks(facts), input_marks(facts)
    if checked:
        found.update(mark_rejections(checked.violations(), unplaced, from_input))
    violations = tuple(sorted(found, key=lambda v: (v.order, v.rule.id, v.location, v.message)))
    unknown: Counter[str] = Counter()
    for storage in facts.storages:
        if storage.devices is None:
            unknown[f"storage without affinity: {storage.kind}"] += 1
    for devices in facts.execute_devices:
        if devices is None:
            unknown["execute without affinity"] += 1
    for reason in checked.skipped if checked else ():
        unknown[reason] += 1
    if intent is None:
        unknown["transfer visibility not judged: the input program is unknown"] += 1
    labels, measures = behaviour(facts, module)
    return Report(
        violations,
        dict(unknown),
        len(facts.storages),
        len(facts.accesses),
        defect,
        blamed_pipeline=midway.stage_pipeline if midway else "",
        before_blamed=midway.before if midway else "",
        behaviour=labels,
        measures=measures,
        unplaced=unplaced,
        from_input=from_input,
    )


def check_text(text: str, context: ir.Context | None = None, intent: Intent | None = None) -> Report:
    """Parse compiled IR (from any release 3.1+, see `sanitize`) and check it. Raises `ir.MLIRError`
    when it cannot be read even after repairing known print defects."""
    reading = read_compiled(text, context or ir.Context())
    return check_module(reading.module, intent, reading.defect)

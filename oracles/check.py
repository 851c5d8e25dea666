"""The oracle's entry points: a parsed module (or IR text) in, a deterministic `Report` out."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from iree.compiler import ir

from .facts import read_facts
from .intent import Intent
from .rules import RULES, Violation
from .sanitize import parse_compiled


@dataclass
class Report:
    violations: list[Violation] = field(default_factory=list)
    unknown: Counter = field(default_factory=Counter)  # what could not be judged, by reason
    storages: int = 0
    accesses: int = 0

    @property
    def clean(self) -> bool:
        return not self.violations

    def to_json(self) -> dict:
        return {
            "clean": self.clean,
            "violations": [v.to_json() for v in self.violations],
            "unknown": dict(sorted(self.unknown.items())),
            "storages": self.storages,
            "accesses": self.accesses,
        }


def check_module(module: ir.Module, intent: Intent | None = None) -> Report:
    """Check a compiled module; violations come sorted by program order, then rule, then message.

    `intent` (read from the input program) says which transfers the program made; the visibility rule
    needs it and does not run without it.
    """
    facts = read_facts(module, intent)
    violations = {v for rule in RULES for v in rule(facts)}  # one misplacement found twice counts once
    report = Report(sorted(violations, key=lambda v: (v.order, v.rule, v.location, v.message)))
    report.storages, report.accesses = len(facts.storages), len(facts.accesses)
    for storage in facts.storages:
        if storage.devices is None:
            report.unknown[f"storage without affinity: {storage.kind}"] += 1
    for devices in facts.execute_devices:
        if devices is None:
            report.unknown["execute without affinity"] += 1
    if intent is None:
        report.unknown["transfer visibility not judged: the input program is unknown"] += 1
    return report


def check_text(text: str, context: ir.Context | None = None, intent: Intent | None = None) -> Report:
    """Parse compiled IR (from any release 3.1+, see `sanitize`) and check it. Raises `ir.MLIRError`."""
    return check_module(parse_compiled(text, context or ir.Context()), intent)

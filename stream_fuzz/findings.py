"""Findings: what a verdict says is wrong, with a signature so the same bug found twice is one finding.

A signature abstracts away what varies between two programs that hit the same bug: SSA names, sizes,
device names and counts. It keeps the kind (violation, crash, ...), the rule ids and the shape of the
offending ops (op name, storage kind, kind of affinity the storage got).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field

from stream_fuzz.compiler import Outcome
from stream_fuzz.judge import Verdict

# The rule a bug is filed under when it breaks several: where the memory is, before what follows from it.
_RULE_PRIORITY = {
    rule: i
    for i, rule in enumerate(
        (
            "placement/read",
            "placement/write",
            "placement/export",
            "placement/flush",
            "placement/invalidate",
            "visibility/transfer",
            "dealloca/pool",
            "wave/race",
            "intent/expect",
        )
    )
}

# Kinds of finding, in the order a report lists them.
KINDS = ("violation", "crash", "timeout", "bad-output", "invalid-program")

_DEVICE = re.compile(r"@[\w$.-]+")
_SSA = re.compile(r"%[\w$.#-]+")
_NUMBER = re.compile(r"\b\d+\b")
_PATH = re.compile(r"(/[\w.+-]+)+")
_HEX = re.compile(r"0x[0-9a-fA-F]+")


def normalize(text: str) -> str:
    """Drop what differs between two hits of the same bug: names, numbers, paths, addresses."""
    for pattern, repl in ((_PATH, "<path>"), (_HEX, "0x?"), (_SSA, "%_"), (_DEVICE, "@D"), (_NUMBER, "N")):
        text = pattern.sub(repl, text)
    return " ".join(text.split())


@dataclass
class Finding:
    kind: str  # one of KINDS
    rules: tuple[str, ...]  # rule ids (violations); () otherwise
    shape: tuple[str, ...]  # normalized shapes that make up the signature
    details: list[str] = field(
        default_factory=list
    )  # human-readable lines: messages, diagnostics, crash tail
    violations: list[dict] = field(default_factory=list)

    @property
    def signature(self) -> str:
        digest = hashlib.sha256("\n".join((self.kind, *self.shape)).encode()).hexdigest()[:12]
        head = self.rules[0] if self.rules else self.kind
        return f"{head.replace('/', '-')}-{digest}"

    @property
    def title(self) -> str:
        return f"{self.kind}: {', '.join(self.rules)}" if self.rules else self.kind


def finding_from(verdict: Verdict, promised_valid: bool = True) -> Finding | None:
    """The finding a verdict represents, or None when the program compiled and placement is correct.

    A DIAGNOSTIC is a finding only for programs the generator promised were valid (a generator bug or a
    compiler bug, to be sorted by a human); for hand-given programs it is the user's input error.
    """
    result = verdict.result
    outcome = result.outcome
    if outcome is Outcome.OK:
        if not verdict.violations:
            return None
        # One bug shows as several violations in varying combinations (a misplaced alloca also breaks
        # the flush and the expectation downstream), so the signature keeps only the primary one: the
        # most specific rule, then the first in program order.
        primary = min(verdict.violations, key=lambda v: _RULE_PRIORITY.get(v["rule"], len(_RULE_PRIORITY)))
        # The shape: which rule, at which op, on what storage, placed on one device or a set, and how the
        # offending execute touches it (dispatch:r, copy:w, ...). Names, devices and counts are dropped.
        placed = "set" if "optimal" in primary["placed_on"] else "one" if primary["placed_on"] else "none"
        how = ",".join(primary.get("uses", ()))
        shape = f"{primary['rule']}|{primary['op_name']}|{primary['storage_kind']}|{placed}|{how}"
        rules = (primary["rule"], *sorted({v["rule"] for v in verdict.violations} - {primary["rule"]}))
        details = [f"[{v['rule']}] {v['message']}" for v in verdict.violations]
        return Finding("violation", rules, (shape,), details, list(verdict.violations))
    if outcome is Outcome.DIAGNOSTIC and not promised_valid:
        return None
    messages = [str(d) for d in result.diagnostics if d.severity == "error"] or [
        str(d) for d in result.diagnostics
    ]
    tail = result.stderr_tail.strip().splitlines()
    if outcome is Outcome.CRASH:
        shape = (_crash_line(tail),)
        return Finding("crash", (), shape, tail[-20:])
    if outcome is Outcome.TIMEOUT:
        return Finding("timeout", (), (normalize(result.pipeline),), tail[-5:])
    kind = "bad-output" if outcome is Outcome.BAD_OUTPUT else "invalid-program"
    first = messages[0].split(": error: ", 1)[-1] if messages else "no message"
    # What follows a ';' is the verifier's detail on this instance ("length > resource size", "start +
    # length != end"): one faulty fold gives several, so the signature stops before it.
    return Finding(kind, (), (normalize(first.split(";")[0]),), messages[:10])


def _crash_line(tail: list[str]) -> str:
    """The most telling line of a crash report: an assertion or LLVM error, else the last line."""
    for marker in ("Assertion", "LLVM ERROR", "UNREACHABLE", "Running pass"):
        for line in tail:
            if marker in line:
                return normalize(line)
    return normalize(tail[-1]) if tail else "no output"

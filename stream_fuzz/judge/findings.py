"""Findings: what a verdict says is wrong, with a signature so that one bug found twice is one finding.

A signature keeps what identifies a root cause and drops what varies between two programs that hit it:

- a placement violation: the primary rule, the op and storage kind it is at, whether the storage got one
  device or a set, and how the offending execute touches it (dispatch:r, copy:w, ...);
- a rejected program or unreadable output: the pass the pass manager reported failing, and the class of
  the diagnostic: its first clause with attributes, types, names and numbers abstracted and the verifier's
  detail after `;` dropped (the same fault gives "external vs transient" one time, the reverse the next);
- a crash: its assertion or LLVM error line; a hang: the pipeline.

Names, sizes, devices and counts never enter a signature. When two signatures still turn out to be one
root cause, the corpus entry lists the other as an alias (`corpus.Entry.signatures`).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from stream_fuzz.compiler import Outcome
from stream_fuzz.judge.program_facts import ProgramFact
from stream_fuzz.judge.verdict import Verdict
from stream_fuzz.oracles import Rule, Severity, Violation

# Kinds of finding, in the order a report lists them.
# L3 adds what only running a program shows: a result NumPy disagrees with, and an error of the runtime.
KINDS = ("violation", "crash", "timeout", "bad-output", "invalid-program", "wrong-result", "runtime-error")

# Severities whose violations fail a campaign unless `--fail-on` says otherwise. Visibility metadata has
# no effect in today's HAL lowering and intent has no consumer on a device: both are reported, and kept
# in the corpus, without failing a pull request. Crashes, hangs, rejected programs and unreadable output
# always fail.
DEFAULT_FAIL_ON = frozenset({Severity.PLACEMENT, Severity.DATA, Severity.RACE})

_DEVICE = re.compile(r"@[\w$.-]+")
_SSA = re.compile(r"%[\w$.#-]+")
_NUMBER = re.compile(r"\b\d+\b")
_PATH = re.compile(r"(/[\w.+-]+)+")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_QUOTED = re.compile(r"'[^']*'")
_TYPE = re.compile(r"![\w.]+(<[^>]*>)?(\{[^}]*\})?")
_ATTRIBUTE = re.compile(r"#[\w.]+")


def normalize(text: str) -> str:
    """Drop what differs between two hits of the same bug: names, numbers, paths, addresses."""
    for pattern, repl in ((_PATH, "<path>"), (_HEX, "0x?"), (_SSA, "%_"), (_DEVICE, "@D"), (_NUMBER, "N")):
        text = pattern.sub(repl, text)
    return " ".join(text.split())


def diagnostic_class(message: str, words: int = 6) -> str:
    """The kind of complaint a diagnostic makes, without its particulars.

    `'scf.for' op along control flow edge from parent to Operation scf.for: successor operand type #0
    '!stream.resource<transient>' should match ...` -> `op along control flow edge from parent`.
    Attributes keep only their kind (a promise counts as an affinity: both name one device), with a null
    member called out (`#hal.device.optimal<[<<NULL ATTRIBUTE>>]>` is another fault than a well-formed one),
    and a complaint about two affinities of one device marked `(one device)`.
    """
    text = message.split(";", 1)[0]
    devices = _DEVICE_NAMED.findall(text)
    # Two affinities of one device (queues differ) are another fault than affinities of two devices.
    one_device = " (one device)" if len(devices) >= 2 and len(set(devices)) == 1 else ""
    text = _without_attribute_bodies(text)
    text = _QUOTED.sub("", text)
    text = _TYPE.sub("!type", text)
    text = _ATTRIBUTE.sub(lambda m: "#" + m[0].rsplit(".", 1)[-1], text).replace("#promise", "#affinity")
    clauses = normalize(text).split(": ")
    head = clauses[0].split()
    if len(head) <= 1 and len(clauses) > 1:  # `'x' op : message`: the message is the clause that tells
        head += clauses[1].split()
    return " ".join(head[:words]) + one_device


_DEVICE_NAMED = re.compile(r"#hal\.device\.(?:affinity|promise)<@([\w$.-]+)")


def _without_attribute_bodies(text: str) -> str:
    """`#hal.device.affinity<@d0, [0]>` -> `#hal.device.affinity`; a body naming a null attribute keeps a
    marker (`#hal.device.optimal-null`). Attribute bodies nest, so brackets are counted."""
    out: list[str] = []
    i = 0
    while i < len(text):
        if text[i] == "#":
            j = i + 1
            while j < len(text) and (text[j].isalnum() or text[j] in "._"):
                j += 1
            out.append(text[i:j])
            if j < len(text) and text[j] == "<":
                depth, k = 0, j
                while k < len(text):
                    depth += {"<": 1, ">": -1}.get(text[k], 0)
                    k += 1
                    if depth == 0:
                        break
                if "NULL" in text[j:k]:
                    out.append("-null")
                j = k
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


@dataclass(frozen=True)
class Finding:
    kind: str  # one of KINDS
    rules: tuple[Rule, ...]  # violations: the primary rule first, then the others broken; () otherwise
    shape: str  # what the signature is made of, readable
    details: tuple[str, ...] = ()  # for humans: messages, diagnostics, crash tail
    violations: tuple[Violation, ...] = ()
    failed_pass: str = ""  # the pass the compiler reported failing, when it says
    # Set by attribution (`corpus.Corpus.attribute`) when the shape matches an entry whose symptom is
    # absent: the entry's signature it resembles. It keys the finding apart from that entry's hits.
    apart_from: str = ""
    # What the program that made the finding is made of (`program_facts.py`; L3's wrong results): it tells
    # apart bugs that share a shape, never enters a signature, and is no part of the details.
    program_facts: frozenset[ProgramFact] = frozenset()

    @property
    def shape_signature(self) -> str:
        """The hash of the finding's shape: what the corpus lists, before any symptom is looked at."""
        return self._hashed(f"{self.kind}\n{self.shape}")

    @property
    def signature(self) -> str:
        """The shape's signature; for a finding kept apart from an entry it resembles, one of its own,
        derived from both (the same resemblance found again is one finding)."""
        if not self.apart_from:
            return self.shape_signature
        return self._hashed(f"{self.kind}\n{self.shape}\napart from {self.apart_from}")

    def _hashed(self, text: str) -> str:
        head = self.rules[0].id if self.rules else self.kind
        return f"{head.replace('/', '-')}-{hashlib.sha256(text.encode()).hexdigest()[:12]}"

    @property
    def title(self) -> str:
        return f"{self.kind}: {', '.join(r.id for r in self.rules)}" if self.rules else self.kind

    @property
    def severities(self) -> frozenset[Severity]:
        return frozenset(v.severity for v in self.violations)

    def fails(self, fail_on: frozenset[Severity] = DEFAULT_FAIL_ON) -> bool:
        """Does this finding fail a campaign? Everything but a violation does; a violation when one of
        its severities is in `fail_on`."""
        return self.kind != "violation" or bool(self.severities & fail_on)


def finding_from(verdict: Verdict, promised_valid: bool = True) -> Finding | None:
    """The finding a verdict represents, or None when the program compiled and placement is correct.

    A DIAGNOSTIC is a finding only for programs the generator promised were valid (a generator bug or a
    compiler bug, to be sorted by a human); for hand-given programs it is the user's input error.
    """
    result = verdict.result
    outcome = result.outcome
    if outcome is Outcome.OK:
        return violation_finding(verdict.violations) if verdict.violations else None
    if outcome is Outcome.BAD_OUTPUT and verdict.violations:
        # Read after repairing a known print defect, the output still breaks a rule: that is the finding
        # (the print defect is one of its own, met by programs that break nothing else).
        return violation_finding(verdict.violations)
    if outcome is Outcome.DIAGNOSTIC and not promised_valid:
        return None
    messages = [d for d in result.diagnostics if d.severity == "error"] or list(result.diagnostics)
    tail = result.stderr_tail.strip().splitlines()
    if outcome is Outcome.CRASH:
        # The stack frames and program arguments name this machine's paths; the site line sums them up.
        said = [line for line in tail if not re.match(r"\s*(#\d+ 0x|\d+\.\s+Program arguments)", line)]
        return Finding("crash", (), crash_line(tail), tuple(said[-20:]))
    if outcome is Outcome.TIMEOUT:
        return Finding("timeout", (), normalize(result.pipeline), tuple(tail[-5:]))
    kind = "bad-output" if outcome is Outcome.BAD_OUTPUT else "invalid-program"
    first = diagnostic_class(messages[0].message) if messages else "no message"
    details = tuple(str(d) for d in messages[:10])
    if verdict.violations:  # unreadable output can still be misplaced: say so, keep the kind
        details += tuple(f"[{v.rule.id}] {v.message}" for v in verdict.violations)
    shape = f"{result.failed_pass or '?'}|{first}"
    return Finding(kind, (), shape, details, verdict.violations, result.failed_pass)


def violation_finding(violations: tuple[Violation, ...]) -> Finding:
    # One bug shows as several violations in varying combinations (a misplaced alloca also breaks the
    # flush and the expectation downstream), so the signature keeps only the primary one: the highest
    # priority rule, then the first in program order.
    order = list(Rule)
    primary = min(violations, key=lambda v: order.index(v.rule))
    # Which rule, at which op, on what storage, placed on one device or a set, how the offending execute
    # touches it (dispatch:r, copy:w, ...), whether the user pinned the storage and whether it arrives
    # through a loop or branch. Names, devices, counts and the program's other ops are dropped.
    placed = "set" if "optimal" in primary.placed_on else "one" if primary.placed_on else "none"
    how = ",".join(primary.uses)
    pinned = "pinned" if primary.pinned else ""
    parts = (primary.rule.id, primary.op_name, primary.storage_kind, placed, how, pinned, primary.via)
    shape = "|".join(parts)
    others = sorted({v.rule for v in violations} - {primary.rule}, key=order.index)
    details = tuple(f"[{v.rule.id}] ({v.severity}) {v.message}" for v in violations)
    return Finding("violation", (primary.rule, *others), shape, details, violations)


def crash_line(tail: list[str]) -> str:
    """The most telling line of a crash report: an assertion or LLVM error, else the pass it died in,
    else the last line. (Not the function on the stack: a crash on bad memory dies in varying places.)"""
    for marker in ("Assertion", "LLVM ERROR", "UNREACHABLE", "[crashed in pass:", "Running pass"):
        for line in tail:
            if marker in line:
                return normalize(line)
    return normalize(tail[-1]) if tail else "no output"


def failure_line(finding: Finding) -> list[str]:
    """An invalid-program finding's `// failure:` header line (corpus/entry.py): its first diagnostic,
    without the location and cut before the first SSA value or generic op (which differ between programs
    and releases). The triage may shorten it to what every witness's rejection prints."""
    if finding.kind != "invalid-program":
        return []
    said = next((line.split("error: ", 1)[1] for line in finding.details if "error: " in line), "")
    said = re.split(r"\s[%\"]", said, maxsplit=1)[0].strip(" :;,")
    if len(said) > 120:  # whole words: the line is searched for as it is written
        said = said[:121].rsplit(" ", 1)[0]
    return [f"// failure: {said}"] if said else []

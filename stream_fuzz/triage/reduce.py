"""From a corpus entry to a one-pass reproducer: the smallest input to the one pass that breaks.

    reduction = reduce_entry(entry, judge)       # locate the pass, then shrink under that pass alone
    reduction.stage.pipeline, reduction.program, reduction.entry_text()

1. Locate the pass: for a clobbered read, the pass the worker named (the first after which it shows, and
   the IR before it); otherwise bisect the entry's first witness through its pipeline
   (`stream_fuzz.triage.bisect`):
   the first pass after which the finding appears, and the IR just before it.
2. Check that IR under that pass alone: the finding it gives there is the *target*.
3. Shrink the IR through the `iree.compiler.ir` bindings for as long as the pass alone still gives a finding
   of the target's signature: erase ops nothing uses (symbols nobody names too), replace an op by an
   operand of the same type, merge two devices, drop discardable attributes, halve constants. Every
   candidate is parsed and verified before it is compiled; one that does not verify is skipped.
4. Write it as a corpus entry in `corpus/one-pass/`: a RUN line with that pass alone, CHECK lines (or the
   oracle) stating the correct output, the parent entry's status. `lit corpus/` runs it with the rest.

The reducer knows nothing of the bug: it only keeps what the compiler still needs to show it.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from iree.compiler import ir

from stream_fuzz.compiler import Outcome
from stream_fuzz.compiler.pipeline_text import unwrap
from stream_fuzz.corpus.checklines import clobber_lines, witnessing_lines
from stream_fuzz.corpus.entry import ASYNC_OUTPUT, HEADER, ONE_PASS_FOLDER, Entry, as_recorded, code_lines
from stream_fuzz.corpus.render import CLOBBER_UNSTATED, correct_output_lines, run_line
from stream_fuzz.corpus.replay import NONDETERMINISTIC_ATTEMPTS
from stream_fuzz.interrupts import not_interruptible
from stream_fuzz.judge.findings import Finding, failure_line, finding_from
from stream_fuzz.judge.fixes import all_ops
from stream_fuzz.judge.symptoms import HISTORICAL, shows
from stream_fuzz.judge.verdict import Judge, Verdict
from stream_fuzz.oracles import Rule
from stream_fuzz.triage.bisect import OracleSteps, bisect, expand_pipeline
from stream_fuzz.triage.bisect.search import BisectReport

# Ops a reduction never erases on its own: the structure every candidate needs.
_KEEP = frozenset(
    {"builtin.module", "util.func", "func.func", "util.initializer", "util.return", "func.return"}
    | {"scf.yield", "stream.yield", "cf.br", "cf.cond_br"}
)
_DEVICE = re.compile(r"@(d\d+)\b")
DEFAULT_BUDGET_S = 120.0


class NotReproduced(Exception):
    """The entry no longer fails as recorded (or its pass alone does not show it): nothing to reduce."""


@dataclass(frozen=True)
class OnePass:
    """The pass that breaks, as a runnable pipeline, and how its output is judged."""

    name: str  # e.g. "canonicalize after iree-stream-materialize-copy-on-write", or a pass argument
    pipeline: str  # e.g. builtin.module(util.func(canonicalize),...)
    async_ir: bool = False  # its output is async IR: judge it for clobbered reads (no pipeline runs there)
    verifier: str = ""  # the verifier that catches what the pass broke: its input must pass it


@dataclass
class Reduction:
    entry: Entry
    stage: OnePass
    before: str  # the IR before that pass, as located
    program: str  # the reduced IR
    finding: Finding  # what the pass gives on the reduced IR
    output: str | None  # the pass's output on it (None when it fails)
    candidates: int = 0  # programs compiled while reducing
    seconds: float = 0.0
    steps: list[str] = field(default_factory=list)  # the reductions that stuck, in order

    @property
    def lines(self) -> int:
        return code_lines(self.program)

    def entry_text(self, compiler: str) -> str:
        """The one-pass reproducer as a corpus entry (a lit test an IREE engineer can paste into
        Dialect/Stream/Transforms/test/ after dropping the header)."""
        finding = self.finding
        quoted = self.stage.pipeline.replace("'", "'\\''")
        command = f"iree-opt --pass-pipeline='{quoted}' %s"
        checks: list[str] = []
        if self.stage.async_ir:  # the pass's output is async IR: the clobber is stated on it
            checks = clobber_lines(finding.violations)
            run = [f"// RUN: {command} | FileCheck --strict-whitespace %s"]
            if not checks:
                run = [CLOBBER_UNSTATED, f"// RUN: {command}"]
        elif finding.kind == "violation":
            checks = witnessing_lines(finding.violations, self.output or "")
            run = [run_line(finding, self.stage.pipeline)]
            if not checks:
                run = [f"// RUN: {command} -o %t", "// RUN: stream-fuzz check --no-compile %t --input %s"]
        else:
            run = [run_line(finding, self.stage.pipeline)]
            checks = correct_output_lines(finding)
        severities = ", ".join(sorted(s.value for s in finding.severities)) or "-"
        what = [f"//   {line[:300]}" for line in finding.details[:4]] or [f"//   {finding.title}"]
        header = [
            f"{HEADER} {finding.title}",
            f"// signature: {finding.signature}",
            f"// status: {self.entry.status}",
            f"// severity: {severities}",
            f"// found: by stream-fuzz reduce from corpus/{self.entry.path.name}",
            f"// compiler: {compiler}",
            f"// pipeline: {self.stage.pipeline}",
            "// shrunk: yes",
            f"// reproduce: stream-fuzz replay corpus/{ONE_PASS_FOLDER}/{self.entry.path.name}",
            f"// pass: {self.stage.name}",
            *failure_line(finding),
            *([f"// output: {ASYNC_OUTPUT}"] if self.stage.async_ir else []),
            f"// reduced-from: corpus/{self.entry.path.name} (its triage says why this is wrong)",
            f"// reduced: the IR before this pass, {code_lines(self.before)} lines of code, to {self.lines}"
            f" in {self.seconds:.0f} s ({self.candidates} candidates)",
            "// what was found:",
            *what,
            "//",
            *run,
        ]
        return "\n".join([*header, "", self.program.strip(), "", *checks]) + "\n"


def locate(entry: Entry, judge: Judge) -> tuple[OnePass, str, Finding]:
    """The pass after which the entry's first witness fails, the IR before it, and the finding that pass
    alone gives on that IR. Raises `NotReproduced` when the witness no longer fails as recorded."""
    program = entry.programs[0]
    for _ in range(NONDETERMINISTIC_ATTEMPTS if entry.nondeterministic else 1):
        verdict = judge.judge(program, entry.pipeline)
        finding = finding_from(verdict)
        if finding is not None and as_recorded(entry, finding):
            break
    if finding is None or not as_recorded(entry, finding):
        state = "passes" if finding is None else f"fails differently ({finding.signature})"
        raise NotReproduced(f"{entry.path}: its first witness {state} on {judge.compiler_info.version}")
    clobber = next((v for v in verdict.violations if v.rule is Rule.CLOBBER), None)
    if clobber is not None and verdict.blamed_pipeline:
        stage, before = OnePass(clobber.via, verdict.blamed_pipeline, async_ir=True), verdict.before_blamed
    else:
        iree_opt = judge.external.binary if judge.external else None
        plan = expand_pipeline(entry.pipeline, program, iree_opt, timeout=judge.worker.timeout)
        steps = OracleSteps(judge, program)
        report = bisect(program, plan, steps, check_input=steps.check)
        failing = report.failing
        if failing is None:  # the passes one by one do not fail: the whole pipeline is the unit
            stage, before = OnePass(entry.pipeline, entry.pipeline), program
        else:
            stage, before = _culprit(report, program, judge)
    target = _check(judge, stage)(before)[0]
    if target is None:
        raise NotReproduced(f"{entry.path}: {stage.name} alone does not reproduce it on the IR before it")
    return stage, before, target


def _culprit(report: BisectReport, program: str, judge: Judge) -> tuple[OnePass, str]:
    """The failing step, or, when it is a verifier (`iree-stream-verify-*`: it only reports IR an earlier
    pass broke), the last step whose input that verifier accepts and whose output it rejects, followed by
    the verifier. A verifier of a phase (one that rejects every earlier IR, as verify-lowering-to-async
    does before scheduling) points at no earlier step: then it is the unit itself."""
    failing = report.ran[-1][0]
    if not failing.name.startswith(_VERIFIERS):
        return OnePass(failing.label(), failing.pipeline), report.before
    outputs = [program] + [verdict.result.output or "" for _, verdict in report.ran[:-1]]
    accepted = [_accepts(judge, failing.pipeline, text) for text in outputs]
    for index in reversed(range(len(report.ran) - 1)):
        if accepted[index] and not accepted[index + 1]:
            step = report.ran[index][0]
            both = f"builtin.module({unwrap(step.pipeline)},{unwrap(failing.pipeline)})"
            name = f"{step.label()}, caught by {failing.name}"
            return OnePass(name, both, verifier=failing.pipeline), outputs[index]
    return OnePass(failing.label(), failing.pipeline), report.before


def _accepts(judge: Judge, verifier: str, text: str) -> bool:
    return judge.judge(text, verifier).result.outcome is Outcome.OK


# Passes that only check: their failure is an earlier pass's bug.
_VERIFIERS = ("iree-stream-verify-", "iree-util-verify-")


def _check(judge: Judge, stage: OnePass) -> Callable[[str], tuple[Finding | None, str | None]]:
    """The finding `stage` alone gives on a program, and its output. A program that already breaks the
    rule before the pass runs gives none: the reproducer must show the pass breaking it."""

    def check(text: str) -> tuple[Finding | None, str | None]:
        if stage.verifier and not _accepts(judge, stage.verifier, text):
            return None, None  # already broken before the pass
        verdict: Verdict = judge.judge(text, stage.pipeline, async_output=stage.async_ir)
        finding = finding_from(verdict)
        if finding is not None and finding.rules:
            already = {v.rule for v in judge.check_output(text, async_ir=stage.async_ir).violations}
            if finding.rules[0] in already:
                return None, verdict.result.output
        return finding, verdict.result.output

    return check


def same_bug(entry: Entry, target: Finding) -> Callable[[Finding | None], bool]:
    """What a smaller program's finding must be to still be `target`'s bug: of its signature, and showing
    every symptom `target` shows of the entry's or of a historical bug's. A signature is only a shape, and
    unrelated root causes share shapes (judge/symptoms.py): deleting ops could otherwise slide from one bug
    to another of the same shape."""
    kept = [s for s in (entry.symptom, *(h.symptom for h in HISTORICAL)) if s and shows(s, target)]

    def holds(found: Finding | None) -> bool:
        if found is None or found.signature != target.signature:
            return False
        return all(shows(symptom, found) for symptom in kept)

    return holds


def reduce_entry(entry: Entry, judge: Judge, budget_s: float = DEFAULT_BUDGET_S) -> Reduction:
    started = time.monotonic()
    stage, before, target = locate(entry, judge)
    check = _check(judge, stage)
    still_the_bug = same_bug(entry, target)
    current = _canonical(before)
    finding, output = check(current)
    if finding is None or not still_the_bug(finding):
        raise NotReproduced(f"{entry.path}: the IR before {stage.name} does not read back as it was printed")
    reduction = Reduction(entry, stage, before, current, finding, output)

    def interesting(text: str) -> bool:
        reduction.candidates += 1
        found, printed = check(text)
        if found is None or not still_the_bug(found):
            return False
        reduction.finding, reduction.output = found, printed
        return True

    progress = True
    while progress and time.monotonic() - started < budget_s:
        progress = False
        for name, candidates in _REDUCTIONS:
            for candidate in candidates(current):
                if time.monotonic() - started >= budget_s:
                    break
                if code_lines(candidate) > code_lines(current) or candidate == current:
                    continue
                if _verifies(candidate) and interesting(candidate):
                    current, progress = candidate, True
                    reduction.steps.append(name)
    reduction.program = current
    interesting(current)  # leave the finding and output of the final program (the last candidate may differ)
    reduction.seconds = time.monotonic() - started
    return reduction


def one_pass_path(entry: Entry) -> Path:
    """Where an entry's one-pass reproducer lives: corpus/one-pass/<entry name>."""
    return entry.path.parent / ONE_PASS_FOLDER / entry.path.name


# -- reductions: each yields candidate texts, smallest change first ----------------------------------------

_CONTEXT: ir.Context | None = None


def _context() -> ir.Context:
    global _CONTEXT
    if _CONTEXT is None:
        _CONTEXT = ir.Context()
    return _CONTEXT


def _parse(text: str) -> ir.Module:
    return ir.Module.parse(text, _context())


@not_interruptible
def _canonical(text: str) -> str:
    return str(_parse(text))


@not_interruptible
def _verifies(text: str) -> bool:
    try:
        return bool(_parse(text).operation.verify())
    except ir.MLIRError:
        return False


def _each_op(text: str, change: Callable[[ir.Operation], bool]) -> Iterator[str]:
    """For each op (last first: users before what they use), a fresh copy of the module with `change`
    applied to it."""
    count = _op_count(text)
    for index in reversed(range(count)):
        changed = _changed_copy(text, index, change)
        if changed is not None:
            yield changed


@not_interruptible
def _op_count(text: str) -> int:
    return len(all_ops(_parse(text)))


@not_interruptible
def _changed_copy(text: str, index: int, change: Callable[[ir.Operation], bool]) -> str | None:
    """The module with `change` applied to its op number `index` (None when it did not apply). Not part
    of the generator above: a section must not stay open while the caller compiles the candidate."""
    module = _parse(text)
    op = all_ops(module)[index]
    if op.name in _KEEP:
        return None
    try:
        changed = change(op)
    except (ValueError, ir.MLIRError):
        changed = False
    return str(module) if changed else None


def _erase_unused(op: ir.Operation) -> bool:
    """An op whose results nothing uses (a barrier, an export, a whole region), or a symbol nothing names."""
    if any(True for result in op.results for _ in result.uses):
        return False
    if "sym_name" in op.attributes:
        name = ir.StringAttr(op.attributes["sym_name"]).value
        module = op.parent
        while module is not None and module.name != "builtin.module":
            module = module.parent
        if module is not None and re.search(rf"@{re.escape(name)}\b", str(module).replace(str(op), "", 1)):
            return False
    op.erase()
    return True


def _bypass(op: ir.Operation) -> bool:
    """Replace every result by an operand of the same type (a transfer by its source, an update by its
    target, a loop by its initial values) and erase the op."""
    if not op.results or op.name.startswith("arith."):
        return False
    replacements = []
    for result in op.results:
        same = [operand for operand in op.operands if operand.type == result.type]
        if not same:
            return False
        replacements.append(same[0])
    for result, operand in zip(op.results, replacements, strict=True):
        result.replace_all_uses_with(operand)
    op.erase()
    return True


def _drop_attributes(op: ir.Operation) -> bool:
    """Discardable attributes (a dialect prefix, e.g. fuzz.expect), one op at a time."""
    names = [op.attributes[i].name for i in range(len(op.attributes)) if "." in op.attributes[i].name]
    for name in names:
        del op.attributes[name]
    return bool(names)


def _lower_constant(op: ir.Operation) -> bool:
    """An integer constant above 1 halved (sizes and offsets: 64 -> 32 -> ... -> 1)."""
    if op.name != "arith.constant" or not isinstance(op.attributes["value"], ir.IntegerAttr):
        return False
    integer = ir.IntegerAttr(op.attributes["value"])
    if integer.value <= 1:
        return False
    op.attributes["value"] = ir.IntegerAttr.get(integer.type, integer.value // 2)
    return True


def _merge_constant(op: ir.Operation) -> bool:
    """A constant equal to an earlier one in its block: its uses take that one (halving makes these)."""
    if op.name != "arith.constant":
        return False
    for other in op.block.operations:
        other = other.operation
        if other == op:
            return False
        same_value = (
            str(other.attributes["value"]) == str(op.attributes["value"]) if other.name == op.name else False
        )
        if same_value:
            op.results[0].replace_all_uses_with(other.results[0])
            op.erase()
            return True
    return False


def _merge_devices(text: str) -> Iterator[str]:
    """Every use of one device renamed to another (its global then unused, for `_erase_unused`)."""
    devices = sorted(set(_DEVICE.findall(text)), key=lambda d: int(d[1:]))
    for keep in devices:
        for drop in devices:
            if drop != keep:
                yield _rename_device(text, drop, keep)


def _rename_device(text: str, drop: str, keep: str) -> str:
    lines = []
    for line in text.splitlines(keepends=True):
        if re.search(rf"util\.global private @{drop} : !hal\.device", line):
            lines.append(line)
        else:
            lines.append(re.sub(rf"@{drop}\b", f"@{keep}", line))
    return "".join(lines)


_REDUCTIONS: list[tuple[str, Callable[[str], Iterator[str]]]] = [
    ("erase an unused op", lambda text: _each_op(text, _erase_unused)),
    ("bypass an op", lambda text: _each_op(text, _bypass)),
    ("merge two devices", _merge_devices),
    ("drop attributes", lambda text: _each_op(text, _drop_attributes)),
    ("halve a constant", lambda text: _each_op(text, _lower_constant)),
    ("merge equal constants", lambda text: _each_op(text, _merge_constant)),
]

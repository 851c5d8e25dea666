"""A new entry's text: header, RUN lines that use only IREE's tools, the program and CHECK lines stating
the correct output (`checklines.py` chooses them). The format is `entry.py`'s."""

from __future__ import annotations

import re

from stream_fuzz.compiler import CompilerInfo
from stream_fuzz.corpus.checklines import clobber_lines
from stream_fuzz.corpus.entry import HEADER
from stream_fuzz.judge.findings import Finding, failure_line
from stream_fuzz.oracles import Rule
from stream_fuzz.oracles.checkers import ALLOCATION_OUTPUT, POINT_TEXT, RULE_OF
from stream_fuzz.oracles.worker_hooks import MIDWAY


def run_line(finding: Finding, pipeline: str, split: bool = False) -> str:
    """The lit RUN line(s): the pipeline on this file, its output (and, for a rejected program or a crash,
    its diagnostics) checked by FileCheck. A hang is bounded so that lit itself never hangs."""
    quoted = pipeline.replace("'", "'\\''")
    split_flag = "--split-input-file " if split else ""
    command = f"iree-opt {split_flag}--pass-pipeline='{quoted}' %s"
    if finding.kind == "timeout":
        command = f"timeout 20 {command}"
    if finding.kind == "violation":
        return f"// RUN: {command} | FileCheck %s"
    if finding.kind == "bad-output":  # the printed IR must also read back
        return f"// RUN: {command} | iree-opt | FileCheck %s"
    if finding.kind == "invalid-program":  # first compile alone, so that lit shows the diagnostic (its
        # `failure:` sign, litformat); FileCheck then reads the diagnostics and the output together
        return f"// RUN: {command} -o /dev/null\n// RUN: {command} 2>&1 | FileCheck %s"
    return f"// RUN: {command} 2>&1 | FileCheck %s"


CLOBBER_CORRECT_OUTPUT = (
    f"// The correct output: in the async IR before {MIDWAY[1]} no value is read after an op\n"
    "// overwrote it in place (the invariant copy-on-write establishes): the storage the writer below\n"
    "// writes in place is not used after it."
)
CLOBBER_UNSTATED = (
    "// note: no CHECK line states this clobbered read (its storage has no name outside the region that\n"
    "//   writes it); the RUN line prints the async IR it is in"
)


def async_ir_run_lines(pipeline: str, split: bool = False) -> list[str]:
    """RUN lines that check a clobbered read: the async IR where the worker reads it (before the pass
    `worker_hooks.MIDWAY` names) printed to %t, then FileCheck on it (`checklines.clobber_lines`)."""
    quoted = pipeline.replace("'", "'\\''")
    split_flag = "--split-input-file " if split else ""
    return [
        f"// RUN: iree-opt {split_flag}--pass-pipeline='{quoted}' --mlir-print-ir-before={MIDWAY[1]} %s"
        " -o /dev/null 2> %t",
        "// RUN: FileCheck --strict-whitespace %s --input-file %t",
    ]


def checker_of(finding: Finding) -> tuple[str, str] | None:
    """(checker pass, point) when the finding's primary rule is one of IREE's own checkers."""
    primary = next((v for v in finding.violations if finding.rules and v.rule is finding.rules[0]), None)
    if primary is None or primary.rule not in RULE_OF.values():
        return None
    return next(name for name, rule in RULE_OF.items() if rule is primary.rule), primary.via


def checker_run_lines(checker: str, point: str, pipeline: str) -> list[str]:
    """RUN lines that pass when IREE's own `checker` accepts the IR at `point` (`oracles/checkers.py`):
    the output of the pipeline, or the async IR printed before `worker_hooks.MIDWAY[1]` to %t."""
    check = f"iree-opt --pass-pipeline='builtin.module({checker})'"
    if point == ALLOCATION_OUTPUT:
        quoted = pipeline.replace("'", "'\\''")
        return [f"// RUN: iree-opt --pass-pipeline='{quoted}' %s | {check} -o /dev/null"]
    return [async_ir_run_lines(pipeline)[0], f"// RUN: {check} %t -o /dev/null"]


def render_entry(
    finding: Finding,
    program: str,
    pipeline: str,
    compiler: CompilerInfo,
    found: str,
    checks: list[str],
    file_name: str,
    shrunk: bool = False,
) -> str:
    severities = ", ".join(sorted(s.value for s in finding.severities)) or "-"
    lines = [
        f"{HEADER} {finding.title}",
        f"// signature: {finding.signature}",
        "// status: open",
        f"// severity: {severities}",
        f"// found: {found}",
        f"// compiler: {compiler.version} ({compiler.backend})",
        f"// pipeline: {pipeline}",
        f"// shrunk: {'yes' if shrunk else 'no'}",
        f"// reproduce: stream-fuzz replay corpus/{file_name}",
    ]
    if finding.apart_from:  # its signature is derived from this too: replay needs it
        lines.append(f"// apart-from: {finding.apart_from}")
    if finding.failed_pass:
        lines.append(f"// failing pass: {finding.failed_pass}")
    lines += failure_line(finding)
    lines.append("// what was found:")
    lines += [f"//   {line}" for line in finding.details[:12]]
    checker = checker_of(finding)
    if checker:  # IREE's own checker states the correct output: it accepts the IR
        lines += ["//", *checker_run_lines(*checker, pipeline), "", program.strip(), ""]
        return (
            "\n".join(
                [*lines, f"// The correct output: {checker[0]} accepts the IR {POINT_TEXT[checker[1]]}."]
            )
            + "\n"
        )
    clobber = Rule.CLOBBER in finding.rules
    if finding.kind == "violation" and not checks and not clobber:
        lines.append("// note: no CHECK line tells the faulty output from a fixed one; the oracle line does")
    clobber_checks = clobber_lines(finding.violations) if clobber else []
    if clobber and not clobber_checks:
        lines += [CLOBBER_UNSTATED, "//", async_ir_run_lines(pipeline)[0]]
    elif clobber:  # a fact about the async IR on the way, which no line on the final output can state
        lines += ["//", *async_ir_run_lines(pipeline)]
    else:
        lines += ["//", run_line(finding, pipeline)]
    if finding.kind == "violation" and not checks and not clobber:
        lines.append("// RUN: iree-opt --pass-pipeline='" + pipeline.replace("'", "'\\''") + "' %s -o %t")
        lines.append("// RUN: stream-fuzz check --no-compile %t --input %s")
    if clobber:
        lines += ["", program.strip(), "", CLOBBER_CORRECT_OUTPUT, *clobber_checks]
    else:
        lines += ["", program.strip(), "", "// The correct output:", *correct_output_lines(finding), *checks]
    return "\n".join(lines) + "\n"


def correct_output_lines(finding: Finding) -> list[str]:
    """What every correct output has: the program compiles, without the recorded complaint."""
    if finding.kind in ("invalid-program", "bad-output") and finding.details:
        message = finding.details[0].split(": error: ", 1)[-1]
        message = re.sub(r"^'[^']*' ", "", message).split(";", 1)[0].split(": ", 1)[0]
        words = re.split(r"\S*[#<>%@'\"]\S*", message)[0].strip()  # up to its first name or attribute
        if len(words) > 8:
            return [f"// CHECK-NOT: {words}", "// CHECK: util.func"]
    return ["// CHECK: util.func"]

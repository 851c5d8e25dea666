"""L3 end to end: a frontend program with its inputs and NumPy's results -> compile, check, run -> a finding.

    case = case_of(program, inputs)                 # the program's text, inputs and expected results
    verdict = judge_case(frontend_compiler, case)   # compiled, checked and run on real local devices
    finding = verdict.finding                       # None when everything agrees

A corpus entry of L3 is the program with RUN lines that compile it with `iree-compile` and run it with
`iree-run-module` on one `local-task` device per program device, each result checked against NumPy's
(`--expected_output`): they fail on the buggy compiler and pass on a fixed one. `case_from_entry` reads
the case back from those lines, so replay needs nothing but the file.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from stream_fuzz.compiler import CompilerInfo
from stream_fuzz.compiler.frontend import FrontendCompiler, FrontendRequest, FrontendRun
from stream_fuzz.compiler.frontend_tools import storage_input
from stream_fuzz.generators.frontend import FrontendProgram, TensorType, print_frontend
from stream_fuzz.judge.findings import Finding, crash_line, diagnostic_class, failure_line, violation_finding
from stream_fuzz.judge.program_facts import facts_of
from stream_fuzz.judge.unplaced import describe as describe_unplaced
from stream_fuzz.oracles.reference import NUMPY_DTYPES, TOLERANCE, compare, evaluate, runtime_literal

PIPELINE = "iree-compile (frontend to vmfb), run on local-task devices"
F32_THRESHOLD = TOLERANCE["f32"][1]
PHASE_OPTIONS = (
    "--compile-from=",
    "--compile-to=",
    "--output-format=",
)  # iree-run-module compares floats to an absolute threshold


@dataclass(frozen=True)
class Case:
    """What one L3 check needs, and all an entry records: plain data, it crosses process boundaries."""

    text: str
    devices: int
    inputs: tuple[np.ndarray, ...]
    input_types: tuple[TensorType, ...]
    expected: tuple[np.ndarray, ...]
    result_types: tuple[TensorType, ...]
    # `iree-compile` options it is compiled with (L3's option-equivalence oracle, `options.py`): its
    # findings name them, and they are the placement oracle's business only without them.
    flags: tuple[str, ...] = ()
    # The bytes of @main's `iree.abi.transients` storage, as the run sized it (`FrontendRun.transient_bytes`):
    # an entry's RUN line passes that many. None: no such argument, or not run yet.
    transient_bytes: int | None = None


def case_of(program: FrontendProgram, inputs: tuple[np.ndarray, ...], resources: bool = True) -> Case:
    """`resources`: False for a release whose phase split loses `dense_resource` blobs (`print_frontend`)."""
    return Case(
        print_frontend(program, resources),
        program.devices,
        inputs,
        tuple(t for t, _ in program.arguments),
        evaluate(program, inputs),
        tuple(program.type_of(r.value) for r in program.results),
    )


@dataclass(frozen=True)
class L3Verdict:
    run: FrontendRun
    finding: Finding | None
    generator_defect: bool = False  # the input itself does not parse or verify: our bug, not IREE's

    @property
    def executed(self) -> bool:
        return self.run.executed


def judge_case(compiler: FrontendCompiler, case: Case, execute: bool = True) -> L3Verdict:
    results = len(case.expected)
    run = compiler.run(FrontendRequest(case.text, case.devices, case.inputs, execute, results, case.flags))
    return L3Verdict(run, finding_of(run, case), run.input_rejected)


def finding_of(run: FrontendRun, case: Case) -> Finding | None:
    """The most telling thing wrong, in this order: the compiler failed (crash, hang, rejected the
    program, printed what does not read back), the run failed, a result is wrong, a placement rule
    broke. Wrong data is what a user sees; a misplacement is often invisible on local devices, which
    share host memory. A case compiled with options (`Case.flags`) is judged by what it computes only,
    and its finding's signature names the options: the same failure without them is another finding."""
    finding = _finding_of(run, case)
    if finding is None or not case.flags:
        return finding
    if finding.kind == "violation":
        return None
    options = " ".join(case.flags)
    return replace(finding, shape=f"options {options}|{finding.shape}", details=(options, *finding.details))


def _finding_of(run: FrontendRun, case: Case) -> Finding | None:
    stage = run.stage
    lines = run.message.strip().splitlines()
    if run.outcome == "crash":
        # As at L1/L2: the assertion, or the pass it died in (the native iree-compile's report), not the
        # signal; the stack frames name this machine's paths and stay out of the entry.
        noise = r"\s*(#\d+ 0x|\d+\.\s+Program arguments|Please report issues|Stack dump:)"
        said = [line for line in lines if not re.match(noise, line)]
        return Finding("crash", (), f"l3-{stage}|{crash_line(lines)}", tuple(said[-20:]))
    if run.outcome == "timeout":
        return Finding("timeout", (), f"l3-{stage}", tuple(lines[-5:]))
    if run.outcome in ("diagnostic", "bad-output"):
        kind = "invalid-program" if run.outcome == "diagnostic" else "bad-output"
        errors = [line for line in lines if ": error: " in line] or lines or ["no message"]
        first = diagnostic_class(errors[0].split(": error: ", 1)[-1])
        # A dispatch left without a device: where its storage is placed tells its two causes apart.
        unplaced = describe_unplaced(run.stream_ir, errors) if run.stream_ir else ()
        return Finding(kind, (), f"l3-{stage}|{first}", (*errors[:10], *unplaced))
    if run.outcome == "runtime-error":
        return Finding("runtime-error", (), f"l3|{_status(run.message)}", tuple(lines[:10]))
    if run.outputs is not None:
        mismatches = compare_outputs(run.outputs, case)
        if mismatches:
            # What the program is made of tells the known wrong-result bugs apart (`symptoms.py`); the
            # shape cannot (every one-device wrong result has one).
            shape = f"l3|{_wrong_shape(run, mismatches)}"
            return Finding("wrong-result", (), shape, mismatches, program_facts=facts_of(case.text))
    violations = tuple(run.report.violations if run.report is not None else ()) + tuple(run.abi_violations)
    if violations:
        return violation_finding(violations)
    return None


def compare_outputs(outputs: tuple[np.ndarray, ...], case: Case) -> tuple[str, ...]:
    if len(outputs) != len(case.expected):
        return (f"{len(outputs)} results, expected {len(case.expected)}",)
    return tuple(m.message for m in compare(case.result_types, outputs, case.expected))


def _wrong_shape(run: FrontendRun, mismatches: tuple[str, ...]) -> str:
    """What tells wrong-result bugs apart without knowing their cause: whether the first wrong result is
    computed from a value moved between devices (a transfer's copy, its flush or its wait) or not (a
    bug of one device's schedule). Not the values that came back: a missing write reads as zeros on
    fresh memory and as stale data on reused memory, one bug either way."""
    wrong = [int(m.split(":", 1)[0].split()[-1]) for m in mismatches if m.startswith("result ")]
    crossing = run.crosses_devices
    first = wrong[0] if wrong else -1
    return "across-devices" if 0 <= first < len(crossing) and crossing[first] else "one-device"


def _status(message: str) -> str:
    """The runtime's status code and the first words of its message, e.g. `INVALID_ARGUMENT; ...`."""
    first = message.strip().splitlines()[0] if message.strip() else "no message"
    status = re.search(r"\b([A-Z_]{4,})\b", first)
    return f"{status[1] if status else ''}|{diagnostic_class(first)}"


# -- corpus entries ---------------------------------------------------------------------------------


_SIGNATURE = re.compile(r"func\.func @main\((.*?)\)\s*(?:->|\{)", re.DOTALL)


def transients_of(text: str) -> tuple[int, str] | None:
    """Where @main of a program's text takes its `iree.abi.transients` argument and its type ("buffer" or
    "buffer_view"), or None: read from the signature as `print_frontend` writes it."""
    signature = _SIGNATURE.search(text)
    if signature is None or "iree.abi.transients" not in signature[1]:
        return None
    before = signature[1].partition("iree.abi.transients")[0]
    kind = re.findall(r"!hal\.(buffer_view|buffer)\b", before)
    return len(re.findall(r"%[\w$.-]+\s*:", before)) - 1, kind[-1] if kind else "buffer"


def run_lines(case: Case) -> list[str]:
    devices = " ".join("--device=local-task" for _ in range(case.devices))
    inputs = [f"--input={runtime_literal(x, t)}" for x, t in zip(case.inputs, case.input_types, strict=True)]
    if (transients := transients_of(case.text)) is not None:
        # The size the run passed (the module's own query); one that did not run yet gets a page.
        size = case.transient_bytes if case.transient_bytes is not None else 4096
        # Quoted: a shell reads a bare `&` as the end of a command (lit runs RUN lines in one).
        inputs.insert(transients[0], shlex.quote(f"--input={storage_input(transients[1], size)}"))
    expected = [
        f"--expected_output={runtime_literal(e, t)}"
        for e, t in zip(case.expected, case.result_types, strict=True)
    ]
    threshold = (
        [f"--expected_f32_threshold={F32_THRESHOLD:g}"]
        if any(t.dtype == "f32" for t in case.result_types)
        else []
    )
    words = [devices, "--function=main", *inputs, *expected, *threshold]
    compile_words = " ".join(["iree-compile %s", *case.flags, "-o %t.vmfb"])
    lines = [
        "// REQUIRES: iree-run-module",
        f"// RUN: {compile_words}",
        "// RUN: iree-run-module --module=%t.vmfb \\",
    ]
    lines += [f"// RUN:   {word} \\" for word in words[:-1]]
    lines.append(f"// RUN:   {words[-1]}")
    return lines


def render_l3_entry(
    finding: Finding, case: Case, compiler: CompilerInfo, found: str, file_name: str, shrunk: bool = False
) -> str:
    severities = ", ".join(sorted(s.value for s in finding.severities)) or "-"
    lines = [
        f"// stream-fuzz finding: {finding.title}",
        f"// signature: {finding.signature}",
        "// status: open",
        f"// severity: {severities}",
        f"// found: {found}",
        f"// compiler: {compiler.version} ({compiler.backend})",
        f"// pipeline: {PIPELINE}",
        "// level: l3",
        f"// shrunk: {'yes' if shrunk else 'no'}",
        f"// reproduce: stream-fuzz replay corpus/{file_name}",
        *failure_line(finding),
        "// what was found:",
        *[f"//   {line}" for line in finding.details[:12]],
        "// The correct output: every result as NumPy computes it (the RUN lines check them at run time).",
    ]
    if case.flags:
        lines.append(
            f"// Only with {' '.join(case.flags)}: compiled without it, the program gives NumPy's results."
        )
    if finding.kind == "violation":
        lines.append("// The RUN lines below run the program; the placement rule is checked by replay.")
    lines += ["//", *run_lines(case), "", case.text.strip()]
    return "\n".join(lines) + "\n"


def case_from_entry(text: str) -> Case:
    """The case an L3 entry's RUN lines state: its program, devices, inputs and expected results."""
    command = " ".join(
        line[len("// RUN:") :].strip().removesuffix("\\")
        for line in text.splitlines()
        if line.startswith("// RUN:")
    )
    words = shlex.split(command)
    # An `iree.abi.transients` argument's storage (`storage_input`: `&Nxi8=...` or `Nxi8=...`) is no input
    # of the program's: the run passes it again, sized by the module.
    storage = [w for w in words if re.match(r"--input=&?\d+xi8(=|$)", w)]
    inputs = [_literal(w.split("=", 1)[1]) for w in words if w.startswith("--input=") and w not in storage]
    expected = [_literal(w.split("=", 1)[1]) for w in words if w.startswith("--expected_output=")]
    devices = sum(1 for w in words if w == "--device=local-task")
    flags = _compile_options(words)
    program = "\n".join(line for line in text.splitlines() if not line.startswith("//")).strip() + "\n"
    if not devices or not expected:
        raise ValueError("its RUN lines name no --device=local-task or no --expected_output")
    return Case(
        program,
        devices,
        tuple(a for a, _ in inputs),
        tuple(t for _, t in inputs),
        tuple(a for a, _ in expected),
        tuple(t for _, t in expected),
        flags,
        int(re.match(r"--input=&?(\d+)", storage[0])[1]) if storage else None,  # type: ignore[index]
    )


def _compile_options(words: list[str]) -> tuple[str, ...]:
    """The options of the `iree-compile` RUN line, but the phase ones (`--compile-from=flow` says where a
    hand-written entry's program starts; the driver sets phases itself)."""
    if "iree-compile" not in words:
        return ()
    options = []
    for word in words[words.index("iree-compile") + 1 :]:
        if word in ("-o", "|", "iree-run-module"):
            break
        if word.startswith("--") and not word.startswith(PHASE_OPTIONS):
            options.append(word)
    return tuple(options)


def _literal(text: str) -> tuple[np.ndarray, TensorType]:
    """`2x2xf32=1,2,3,4` -> the array and its type. Anything else (a scalar `1`, another element type) is a
    ValueError naming it: the replayer states L3 inputs and results as tensors of the reference's types."""
    spec, _, values = text.partition("=")
    *dims, dtype = spec.split("x")
    try:
        if dtype not in NUMPY_DTYPES:
            raise ValueError(dtype)
        shape = tuple(int(d) for d in dims)
        numbers: list[Any] = [float(v) for v in values.split(",")] if values else []
        return np.array(numbers, NUMPY_DTYPES[dtype]).reshape(shape), TensorType(shape, dtype)
    except ValueError:
        kinds = " or ".join(NUMPY_DTYPES)
        raise ValueError(
            f"cannot read {text!r}: L3 replay reads tensors of {kinds}, e.g. 4xf32=1,2,3,4"
        ) from None


__all__ = [
    "PIPELINE",
    "Case",
    "L3Verdict",
    "case_from_entry",
    "case_of",
    "compare_outputs",
    "finding_of",
    "judge_case",
    "render_l3_entry",
    "run_lines",
    "transients_of",
]

"""What one compile produced: the single result type shared by every backend."""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the report is built in a worker; the parent needs no MLIR bindings to name it
    from stream_fuzz.oracles import Report

DEFAULT_TIMEOUT_S = 60.0  # per compile; a program that takes longer is a hang (a TIMEOUT finding)


class Outcome(enum.StrEnum):
    OK = "ok"  # the pipeline ran; `output` holds the IR
    DIAGNOSTIC = "diagnostic"  # the compiler rejected the program with error messages
    CRASH = "crash"  # signal, abort or assertion: the compiler died
    TIMEOUT = "timeout"  # killed after the per-program time limit
    # The pipeline succeeded but its printed IR does not re-parse or verify, or (in-process) re-parses as
    # other IR than was printed (`roundtrip.py`: the output, or the async IR midway in the stream pipeline).
    BAD_OUTPUT = "bad-output"


@dataclass(frozen=True)
class Diagnostic:
    severity: str  # "error", "warning", "note", "remark"
    location: str  # as the compiler printed it, e.g. `loc("-":12:5)` or `<stdin>:12:5`
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.severity}: {self.message}"


@dataclass(frozen=True)
class CompilerInfo:
    """Which compiler produced a result: enough to reproduce it elsewhere."""

    version: str  # e.g. "3.13.0rc20261016 @ 89ece87b..." or "unknown (LLVM 20.0.0git)"
    path: str  # the binary, or the Python package for the in-process backend
    backend: str  # "in-process" or "subprocess"

    @property
    def release(self) -> tuple[int, int] | None:
        """(major, minor) of the IREE release when the version string names one, e.g. (3, 13)."""
        match = re.match(r"(\d+)\.(\d+)", self.version)
        return (int(match[1]), int(match[2])) if match else None


@dataclass
class CompileResult:
    outcome: Outcome
    compiler: CompilerInfo
    pipeline: str  # the full pass pipeline string that ran
    elapsed_s: float
    output: str | None = None  # the output IR (OK) or the unparsable output (BAD_OUTPUT)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    stderr_tail: str = ""  # last lines of stderr: the crash report for CRASH, context otherwise
    # The analyzer's report on the live module (`analyzer.py`; None: none ran, or the compile failed).
    report: Report | None = None
    # What else a backend measured or kept: timings, the IR midway (`subprocess_backend`), batch replies.
    extras: dict[str, Any] = field(default_factory=dict)
    failed_pass: str = ""  # DIAGNOSTIC: the pass the pass manager reported failing, e.g. "cse"

    @property
    def ok(self) -> bool:
        return self.outcome is Outcome.OK

    def summary(self) -> str:
        """One line for humans: outcome, the first diagnostic or crash line, and where it came from."""
        detail = ""
        if self.diagnostics:
            detail = str(self.diagnostics[0])
        elif self.stderr_tail:
            detail = self.stderr_tail.strip().splitlines()[-1]
        text = f"{self.outcome.value} after {self.elapsed_s * 1000:.1f} ms ({self.compiler.version})"
        return f"{text}: {detail}" if detail else text

    def to_json(self) -> dict:
        return {
            "outcome": self.outcome.value,
            "compiler": {"version": self.compiler.version, "path": self.compiler.path},
            "pipeline": self.pipeline,
            "elapsed_s": self.elapsed_s,
            "diagnostics": [str(d) for d in self.diagnostics],
            "failed_pass": self.failed_pass,
        }


def crash_result(
    info: CompilerInfo, pipeline: str, elapsed: float, stderr: str, who: str, code: int | None
) -> CompileResult:
    """A CRASH result: where it died (`crash_site`), the tail of stderr, then which process died and how."""
    how = f"killed by signal {-code}" if code is not None and code < 0 else f"exited with status {code}"
    site = crash_site(stderr)
    lines = stderr.splitlines()[-CRASH_TAIL_LINES:] + ([f"[crash site: {site}]"] if site else [])
    lines.append(f"[{who} {how}]")
    return CompileResult(Outcome.CRASH, info, pipeline, elapsed, stderr_tail="\n".join(lines).strip())


CRASH_TAIL_LINES = 40

# ` #5 0x00007f14bcf5eeda mlir::...::AllocationScope::add(mlir::Location, ...) ScheduleAllocation.cpp:0:0`
_FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ (?P<symbol>.+) (?P<file>[\w.+-]+\.(?:cpp|cc|h|inc)):\d+:\d+$")


# `// -----// IR Dump Before ScheduleAllocationPass: iree-stream-schedule-allocation //----- //`; older LLVM
# prints `IR Dump Before ScheduleAllocation (iree-stream-schedule-allocation) ('builtin.module' operation)`.
IR_DUMP_BEFORE = re.compile(r"^// -----// IR Dump Before (?P<body>.*) //----- //$")


def last_pass_begun(stderr: str) -> str:
    """The pass of the last `IR Dump Before` header in `stderr` (its argument, without options)."""
    bodies = [m["body"] for m in map(IR_DUMP_BEFORE.match, stderr.splitlines()) if m]
    if not bodies:
        return ""
    old = re.match(r"^\S+ \((?P<arg>[^)]+)\)", bodies[-1])
    if old:
        return old["arg"]
    item = bodies[-1].split(": ", 1)[-1].strip()
    return re.split(r"[{\s]", item, maxsplit=1)[0]


def crash_site(stderr: str) -> str:
    """Where a compiler died, read from LLVM's stack dump: `Pass > function`, the function being the
    innermost frame in the pass's own source file ("" when the stack is not symbolized). This, not the
    signal number, tells one crash from another."""
    frames = [(m["symbol"], m["file"]) for m in map(_FRAME.match, stderr.splitlines()) if m]
    passes = [(symbol, file) for symbol, file in frames if "::runOnOperation(" in symbol]
    if not passes:
        return ""
    pass_symbol, pass_file = passes[0]  # the innermost pass: a nested pipeline shows its adaptors too
    pass_name = _short_name(pass_symbol).split("::")[0]
    inner = next(symbol for symbol, file in frames if file == pass_file)
    return f"{pass_name} > {_short_name(inner)}"


def _short_name(symbol: str) -> str:
    """`ns::(anonymous namespace)::Class::method<T>(args) const` -> `Class::method`."""
    name = symbol.replace("(anonymous namespace)::", "")
    while True:  # templates first: their arguments hold `::` and parentheses of their own
        shorter = re.sub(r"<[^<>]*>", "", name)
        if shorter == name:
            break
        name = shorter
    name = name.split("(", 1)[0]
    return "::".join(name.split("::")[-2:])


# `// -----// IR Dump After CSEPass Failed: cse //----- //` (printed when a pass fails and IR printing
# after failure is on); older LLVM prints `IR Dump After Failed CSE (cse)`.
_FAILED_PASS = re.compile(r"IR Dump After (?:\S+ Failed: (?P<arg>[\w.-]+)|Failed \S+ \((?P<old>[\w.-]+)\))")


def failed_pass_in(stderr: str) -> str:
    """The innermost failing pass named in a compiler's stderr ("" when none is named)."""
    match = _FAILED_PASS.search(stderr)
    return (match["arg"] or match["old"]) if match else ""

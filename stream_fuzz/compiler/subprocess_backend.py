"""Subprocess backend: any `iree-opt` (a local build, an older release) run as a child process."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import time
from pathlib import Path

from .pipelines import UnknownPipeline
from .result import (
    DEFAULT_TIMEOUT_S,
    CompileResult,
    CompilerInfo,
    Diagnostic,
    Outcome,
    crash_result,
    crash_site,
    failed_pass_in,
    last_pass_begun,
)

# `<stdin>:12:5: error: message` — the shape of an MLIR diagnostic line on stderr.
_DIAGNOSTIC_LINE = re.compile(r"^(?P<loc>\S+:\d+:\d+): (?P<sev>error|warning|note|remark): (?P<msg>.*)$")
# Text LLVM prints when it dies on an assertion or signal (even if the exit code looks ordinary).
CRASH_MARKERS = ("PLEASE submit a bug report", "Stack dump:", "Assertion `", "LLVM ERROR:")


class CompilerNotFound(ValueError):
    pass


def native_iree_opt() -> Path:
    """The native `iree-opt` inside the pinned `iree-base-compiler` wheel (the same build as the bindings;
    not the venv's `bin/iree-opt`, a Python script that costs ~140 ms a call). The one place that knows."""
    import iree.compiler

    path = Path(iree.compiler.__file__).parent / "_mlir_libs" / "iree-opt"
    if not path.exists():
        raise CompilerNotFound(f"the installed iree-base-compiler has no native iree-opt at {path}")
    return path


def native_iree_compile() -> Path:
    """The native `iree-compile` beside `native_iree_opt` (L3 reproduces its worker's crashes with it)."""
    path = native_iree_opt().parent / "iree-compile"
    if not path.exists():
        raise CompilerNotFound(f"the installed iree-base-compiler has no native iree-compile at {path}")
    return path


def iree_compile_beside(iree_opt: str | Path) -> Path:
    """The `iree-compile` of the same build as a given `iree-opt` (L3 compiles whole programs with it)."""
    path = Path(iree_opt).with_name("iree-compile")
    if not (path.is_file() and os.access(path, os.X_OK)):
        raise CompilerNotFound(f"L3 needs the iree-compile beside {iree_opt}: no executable {path}")
    return path


def iree_run_module_beside(iree_opt: str | Path) -> Path | None:
    """The native `iree-run-module` of the same release as a given `iree-opt` (another release's runtime
    refuses its modules: "bytecode version mismatch"), or None when there is none: in the same folder (a
    build tree's `tools/`), else where a release's Python packages put it, the `iree-base-runtime`
    installed with that compiler (`iree/compiler/_mlir_libs/iree-opt` ->
    `iree/_runtime_libs/iree-run-module`). The one place that knows; `corpus/lit.cfg.py` asks it too."""
    opt = Path(iree_opt).absolute()
    candidates = [opt.with_name("iree-run-module")]
    for where in dict.fromkeys((opt, opt.resolve())):
        if len(where.parents) > 2:
            candidates.append(where.parents[2] / "_runtime_libs" / "iree-run-module")
    for path in candidates:
        if path.is_file() and os.access(path, os.X_OK):
            return path
    return None


def native_iree_run_module() -> Path | None:
    """The native `iree-run-module` of the installed `iree-base-runtime` (the `runtime` extra), or None."""
    try:
        import iree.runtime
    except ImportError:
        return None
    path = Path(iree.runtime.__file__).resolve().parents[1] / "_runtime_libs" / "iree-run-module"
    return path if path.is_file() and os.access(path, os.X_OK) else None


def find_iree_opt(path: str) -> Path:
    """Accept a path to `iree-opt`, to `iree-compile` (its sibling `iree-opt` is used), or a directory.

    The venv's `bin/iree-opt` is a Python console script costing ~140 ms per call; when given it, the
    native binary shipped in the wheel is not guessed at: pass `iree/compiler/_mlir_libs/iree-opt`.
    """
    candidate = Path(path).expanduser()
    if candidate.is_dir():
        candidate = candidate / "iree-opt"
    elif candidate.name.startswith("iree-compile"):
        candidate = candidate.with_name(candidate.name.replace("iree-compile", "iree-opt"))
    if not candidate.exists():
        raise CompilerNotFound(f"no iree-opt at {candidate} (from --iree-opt {path})")
    if not candidate.is_file() or not os.access(candidate, os.X_OK):
        raise CompilerNotFound(f"{candidate} is not an executable file")
    return candidate.resolve()


def probe_version(iree_opt: Path, timeout: float = 5.0) -> str:
    """Ask the compiler which release it is. `iree-opt --version` names only LLVM; `iree-compile`
    beside it names the IREE release and revision, so prefer that. A tool that hangs is killed with
    everything it started."""
    for tool in (iree_opt.with_name("iree-compile"), iree_opt):
        if not tool.exists():
            continue
        code, stdout, stderr = run_bounded([str(tool), "--version"], "", timeout)
        if code is None:
            continue
        text = stdout + stderr
        release = re.search(r"IREE compiler version (\S+)(?: @ (\S+))?", text)
        if release:
            return f"{release.group(1)} @ {release.group(2)}" if release.group(2) else release.group(1)
        llvm = re.search(r"LLVM version (\S+)", text)
        if llvm:
            return f"unknown IREE release (LLVM {llvm.group(1)})"
    return "unknown"


def run_bounded(
    args: list[str], stdin: str, timeout: float, env: dict[str, str] | None = None
) -> tuple[int | None, str, str]:
    """Run a command in a session of its own (in `env`, else this process's environment); on timeout kill
    the whole group. (None, ...) when it could not start or timed out."""
    try:
        process = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
            env=env,
        )
    except OSError as error:
        return None, "", str(error)
    try:
        stdout, stderr = process.communicate(stdin, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        stdout, stderr = process.communicate()
        return None, stdout, stderr
    return process.returncode, stdout, stderr


def crash_report(binary: Path, pipeline: str, text: str, timeout: float) -> str:
    """Why `binary` crashes on `text`, for the finding's signature: a `[crashed in pass: X]` line and LLVM's
    stack dump ("" when it does not crash). The pass comes from the last IR dump printed before one (a
    run with --mlir-print-ir-before-all), so it does not depend on the stack: a crash on bad memory often
    dies in libc, where the unwinder stops before any pass frame. A stack that names no pass is retried
    once or twice for the function (`crash_site`), which is for humans only."""
    return crash_report_of([str(binary), f"--pass-pipeline={pipeline}"], text, timeout)


def crash_report_of(command: list[str], text: str, timeout: float, symbolize: bool = True) -> str:
    """`crash_report` for any MLIR tool and options (`iree-compile --compile-to=stream`, say).

    Each IR dump is its header only (`--mlir-print-skip-regions`): the header names the pass, and printing
    the module before every pass cost more than the compile (5 MB of IR for a 2.6 kB L3 program). With
    `symbolize=False` (L3, whose findings keep no frame) LLVM prints the stack without symbol names,
    which saves its symbolizer's pass over the library (0.25-0.4 CPU-s a crash), its frames are dropped,
    and the run is not repeated for a `crash_site`. The pass and any assertion or `LLVM ERROR` line, what
    a finding's signature reads, do not depend on either."""
    args = [*command, "-o", os.devnull, "-"]
    env = None if symbolize else {**os.environ, "LLVM_DISABLE_SYMBOLIZATION": "1"}
    printing = [*command, "--mlir-print-ir-before-all", "--mlir-disable-threading", *args[len(command) :]]
    _, _, stderr = run_bounded([*printing[:-3], SKIP_REGIONS, *printing[-3:]], text, timeout, env)
    if SKIP_REGIONS in stderr and not any(marker in stderr for marker in CRASH_MARKERS):
        _, _, stderr = run_bounded(printing, text, timeout, env)  # a build that does not know the option
    if not any(marker in stderr for marker in CRASH_MARKERS):
        return ""
    crashed_in = last_pass_begun(stderr)
    dump = _stack_part(stderr)
    if not symbolize:
        dump = "\n".join(line for line in dump.splitlines() if not _RAW_FRAME.match(line))
    for _ in range(2 if symbolize else 0):
        if crash_site(dump):
            break
        _, _, again = run_bounded(args, text, timeout)
        if crash_site(again):
            dump = _stack_part(again)
    return dump + (f"\n[crashed in pass: {crashed_in}]" if crashed_in else "")


SKIP_REGIONS = "--mlir-print-skip-regions"  # in every release since 3.1 (LLVM's, since 2023)
# LLVM's stack without symbol names: `4  libIREECompiler.so 0x00007f8e37cebac7`, and its heading.
_RAW_FRAME = re.compile(r"^\s*(\d+\s+\S+\s+0x[0-9a-f]+\b|Stack dump without symbol names)")


def _stack_part(stderr: str) -> str:
    """What a crash printed after the last IR dump: the report, the stack."""
    lines = stderr.splitlines()
    starts = [i for i, line in enumerate(lines) if any(marker in line for marker in CRASH_MARKERS)]
    starts += [i for i, line in enumerate(lines) if line.startswith("Please report issues")]
    return "\n".join(lines[min(starts) :]) if starts else "\n".join(lines[-40:])


class SubprocessCompiler:
    """Runs `iree-opt --pass-pipeline=...` on each program; stdin in, stdout out."""

    def __init__(self, path: str, timeout: float = DEFAULT_TIMEOUT_S) -> None:
        self.binary = find_iree_opt(path)
        self.timeout = timeout
        self.info = CompilerInfo(
            version=probe_version(self.binary), path=str(self.binary), backend="subprocess"
        )

    def close(self) -> None:
        pass

    def __enter__(self) -> SubprocessCompiler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def run_tool(self, args: list[str], stdin: str) -> tuple[int | None, str, str]:
        """Run this iree-opt with `args` (exit status, stdout, stderr), bounded by the timeout; for callers
        that need more than a compile (dumping a pipeline, printing IR before each pass)."""
        return run_bounded([str(self.binary), *args], stdin, self.timeout)

    def check_pipeline(self, pipeline: str) -> None:
        """Raise `UnknownPipeline` (with the compiler's complaint) unless this iree-opt accepts `pipeline`."""
        code, _, stderr = run_bounded(
            [str(self.binary), f"--pass-pipeline={pipeline}", "--dump-pass-pipeline", "-"], "", self.timeout
        )
        if code != 0:
            errors = [line.strip() for line in stderr.splitlines() if "error" in line.lower()]
            detail = errors[0].rsplit("error: ", 1)[-1] if errors else stderr.strip()[-300:] or f"exit {code}"
            raise UnknownPipeline(f"{self.binary} rejects the pipeline {pipeline!r}: {detail}")

    def reads_back(self, output: str | None) -> bool:
        """This compiler parses and verifies `output` (no passes run)."""
        if output is None:
            return False
        return self.compile(output, "builtin.module()", name_failing_pass=False).outcome is Outcome.OK

    def compile(
        self, text: str, pipeline: str, name_failing_pass: bool = True, print_before: str = ""
    ) -> CompileResult:
        """Run `pipeline` on `text`. `print_before` (a pass argument): the module as it was before that
        pass ran is kept in `extras["ir_before"]` (absent when the pass did not run)."""
        # A failing pass prints its IR dump, whose header names the pass (CompileResult.failed_pass).
        flags = ["--mlir-print-ir-after-failure"] if name_failing_pass else []
        if print_before:
            flags.append(f"--mlir-print-ir-before={print_before}")
        args = [str(self.binary), f"--pass-pipeline={pipeline}", *flags, "-"]
        started = time.perf_counter()
        # A session of its own, so a hang is killed together with anything the compiler spawned.
        process = subprocess.Popen(
            args,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,
        )
        try:
            stdout, stderr = process.communicate(text, timeout=self.timeout)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            stdout, stderr = process.communicate()
            return CompileResult(
                Outcome.TIMEOUT,
                self.info,
                pipeline,
                time.perf_counter() - started,
                stderr_tail=_tail(stderr) + f"\n[killed after {self.timeout:g} s]",
            )
        elapsed = time.perf_counter() - started
        code = process.returncode
        if code < 0 or any(marker in stderr for marker in CRASH_MARKERS):
            report = crash_report(self.binary, pipeline, text, self.timeout)
            return crash_result(self.info, pipeline, elapsed, report or stderr, self.binary.name, code)
        ir_before, stderr = _split_dump(stderr, print_before) if print_before else ("", stderr)
        failed_pass = failed_pass_in(stderr)
        stderr = _without_ir_dumps(stderr)
        diagnostics = parse_diagnostics(stderr)
        if code != 0:
            if not diagnostics:  # failed without saying why: still a rejection, keep the words it printed
                diagnostics = [Diagnostic("error", "unknown", _tail(stderr).strip() or f"exit status {code}")]
            return CompileResult(
                Outcome.DIAGNOSTIC,
                self.info,
                pipeline,
                elapsed,
                diagnostics=diagnostics,
                stderr_tail=_tail(stderr),
                failed_pass=failed_pass,
            )
        return CompileResult(
            Outcome.OK,
            self.info,
            pipeline,
            elapsed,
            output=stdout,
            diagnostics=diagnostics,
            stderr_tail=_tail(stderr),
            extras={"ir_before": ir_before} if ir_before else {},
        )


def parse_diagnostics(stderr: str) -> list[Diagnostic]:
    """Pick the diagnostic lines out of a compiler's stderr (the source snippets after them are dropped)."""
    found = []
    for line in stderr.splitlines():
        match = _DIAGNOSTIC_LINE.match(line.strip())
        if match:
            found.append(Diagnostic(match["sev"], match["loc"], match["msg"]))
    return found


def _split_dump(stderr: str, pass_argument: str) -> tuple[str, str]:
    """The module printed by `--mlir-print-ir-before=<pass_argument>`, and stderr without it. The dump is
    its header line, then the module up to its closing brace in column 0; diagnostics may follow."""
    lines = stderr.splitlines(keepends=True)
    # The header names the pass as `Name: arg //` (3.12+) or `Name (arg)` (older releases).
    names = (f": {pass_argument} //", f"({pass_argument})")
    for start, line in enumerate(lines):
        if line.startswith("// -----// IR Dump Before") and any(name in line for name in names):
            end = next((i for i in range(start + 1, len(lines)) if lines[i].rstrip("\n") == "}"), None)
            if end is None:
                break
            return "".join(lines[start + 1 : end + 1]), "".join(lines[:start] + lines[end + 1 :])
    return "", stderr


def _without_ir_dumps(stderr: str) -> str:
    """stderr without its IR dumps: each header and the op it prints (up to the `}` closing it at column 0).

    Not just what comes before the first dump: when a pass fails on one of several functions, the
    pass manager runs them in parallel and holds their diagnostics until all are done, so the
    `--mlir-print-ir-after-failure` dump comes first and the diagnostic after it. A header whose op
    never closes drops the rest, as before."""
    kept: list[str] = []
    lines = stderr.splitlines(keepends=True)
    index = 0
    while index < len(lines):
        if not lines[index].startswith("// -----// IR Dump"):
            kept.append(lines[index])
            index += 1
            continue
        close = next((i for i in range(index + 1, len(lines)) if lines[i].rstrip("\n") == "}"), None)
        if close is None:
            break
        index = close + 1
    return "".join(kept)


def _tail(text: str, lines: int = 40) -> str:
    return "\n".join(text.splitlines()[-lines:])

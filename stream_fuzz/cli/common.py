"""What every command shares: exit codes, the errors that map to them, input checks and option helpers."""

from __future__ import annotations

import argparse
import math
import os
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from stream_fuzz import interrupts
from stream_fuzz.campaign.report import write_report
from stream_fuzz.compiler import resolve_pipeline
from stream_fuzz.corpus.entry import Entry, MalformedEntry, read_entry
from stream_fuzz.interrupts import not_interruptible
from stream_fuzz.judge.preflight import identified, preflight
from stream_fuzz.judge.verdict import DEFAULT_TIMEOUT_S, Judge
from stream_fuzz.oracles import Severity

# The exit codes of the module docstring of `stream_fuzz.cli.main`.
EXIT_OK, EXIT_FINDING, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_SIGINT, EXIT_SIGTERM, EXIT_BROKEN_PIPE = 130, 143, 141
EXIT_CANNOT_RUN = 4  # replay: entries this setup cannot execute (and no surprise)
REPORT_TIMEOUT_S = 120.0  # one RUN command of a draft's reproducer
REPORT_TIMEOUT_HANG_S = 20.0  # ... of a timeout entry, whose bug is the hang (as corpus/lit.cfg.py's limit)


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class ReportNotWritten(Exception):
    """A report or output file could not be written late in a command (a full disk): exit status 3."""


def write_file(path: Path, text: str, option: str) -> None:
    try:
        write_report(path, text)
    except OSError as error:
        raise ReportNotWritten(f"could not write {option} {path}: {error.strerror or error}") from error


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled as an interrupt: a campaign stops and reports what it did."""


class Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]  # one clear line, not a usage dump
        raise UsageError(message)


def version_text() -> str:
    from importlib.metadata import PackageNotFoundError, version

    from stream_fuzz.compiler.inprocess import bindings_info

    try:
        mine = version("iree-stream-fuzz")
    except PackageNotFoundError:
        mine = "unknown"
    return f"stream-fuzz {mine} (pinned compiler: iree-base-compiler {bindings_info().version})"


def read_program(path: str) -> str:
    """The text of a program (or of compiled IR) the user gave; one that holds no stream op at all (an
    empty file, header comments only, another dialect) is bad input, not a clean program."""
    file = Path(path)
    if not file.is_file():
        raise UsageError(f"no such file: {path}")
    try:
        text = file.read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read {path}: {error}") from error
    code = [line for line in text.splitlines() if not line.lstrip().startswith("//")]
    if not any("stream." in line for line in code):
        raise UsageError(f"no stream program in {path}")
    return text


def pipeline_of(args: argparse.Namespace, text: str, default: str) -> str:
    """--pass-pipeline, --pipeline, the pipeline a corpus entry records, or the command's default."""
    if args.pass_pipeline is not None or args.pipeline is not None:
        return resolve_pipeline(args.pipeline, args.pass_pipeline)
    if text.lower().startswith("// stream-fuzz finding:"):
        try:
            return read_entry(Path(args.file)).pipeline
        except MalformedEntry as error:
            raise UsageError(str(error)) from error
    if default == "allocation" and not prescheduled(text):
        default = "stream"  # flat async IR: schedule-allocation alone would leave its ops unscheduled
    return resolve_pipeline(default)


@not_interruptible
def prescheduled(text: str) -> bool:
    """Does the program hold `stream.async.execute` regions (L2), or can it not be read (then the
    compiler says why)? A flat async program (L1) needs the whole stream pipeline."""
    from iree.compiler import ir

    from stream_fuzz.judge.fixes import all_ops

    try:
        module = ir.Module.parse(text, ir.Context())
    except ir.MLIRError:
        return True
    return any(op.name == "stream.async.execute" for op in all_ops(module))


def positive(value: float, option: str) -> float:
    if not math.isfinite(value) or value <= 0:
        raise UsageError(f"{option} must be a positive number of seconds, not {value:g}")
    return value


def worker_count(requested: int) -> int:
    cores = os.cpu_count() or 1
    if requested < 1:
        raise UsageError("--workers must be at least 1")
    if requested > cores:
        print(f"stream-fuzz: warning: --workers {requested} capped to the {cores} cores", file=sys.stderr)
        return cores
    return requested


def severities(text: str) -> frozenset[Severity]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    known = {s.value: s for s in Severity}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise UsageError(f"--fail-on: unknown severity {unknown[0]!r} (known: {', '.join(known)})")
    return frozenset(known[name] for name in names)


def add_pipeline_options(parser: argparse.ArgumentParser, default: str) -> None:
    group = parser.add_mutually_exclusive_group()
    group.add_argument(
        "--pipeline",
        help="named pipeline: allocation (schedule-allocation only) or stream (all); default: the one a "
        f"corpus entry records, else {default}"
        + (
            " for pre-scheduled IR (with stream.async.execute) and stream for flat async IR"
            if default == "allocation"
            else ""
        ),
    )
    group.add_argument("--pass-pipeline", metavar="STR", help="a custom pass pipeline")


def add_compiler_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--iree-opt",
        metavar="PATH",
        help="compiler binary (iree-opt, or iree-compile with iree-opt beside it); "
        "default: the pinned iree-base-compiler bindings, in-process",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=DEFAULT_TIMEOUT_S,
        metavar="S",
        help=f"per-program compile time limit in seconds (default {DEFAULT_TIMEOUT_S:g})",
    )


RUNTIME_HELP = (
    "the iree-run-module L3 runs its programs with (the runtime of the compiler's own release: another "
    "release's refuses its bytecode); default with --iree-opt: the one installed beside it, else "
    "iree-base-runtime in process"
)


def parse_or_usage_error(judge: Judge, text: str, file: str) -> None:
    problem = judge.parse_error(text)
    if problem:
        raise UsageError(f"{file} does not parse: {problem}")


def check_compilers(paths: list[str], timeout: float) -> None:
    """`report --iree-opt`: each compiler compiles the known-good program and names its release, or it is
    a setup error (exit 2), never a row of garbage in the draft."""
    for path in paths:
        with Judge(path, timeout=timeout) as other:
            preflight(other, ("l2",))
            identified(other.compiler_info)


def who(judge: Judge) -> str:
    info = judge.compiler_info
    return f"{info.version} ({info.backend})"


def entry_at(name: str) -> Entry:
    path = Path(name)
    if not path.is_file():
        raise UsageError(f"no such corpus entry: {path}")
    try:
        return read_entry(path)
    except MalformedEntry as error:
        raise UsageError(str(error)) from error


def plotting(said: str) -> None:
    """A usage error when the HTML report cannot be drawn here (the `report` extra is missing)."""
    # The report's modules are imported only when a report is asked for: a command that writes none loads
    # neither them nor matplotlib.
    from stream_fuzz.dashboard.output import plotting_missing

    if plotting_missing():
        raise UsageError(said + plotting_missing())


def report_options(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The report files a run or `html` was asked for, as (option, path)."""
    names = ("json", "junit", "html", "summary_md", "screenshot")
    given = [(f"--{name.replace('_', '-')}", getattr(args, name, None)) for name in names]
    return [(option, value) for option, value in given if value]


def write_file_with(path: Path, option: str, write: Callable[[Path], None]) -> None:
    try:
        write(path)
    except OSError as error:
        raise ReportNotWritten(f"could not write {option} {path}: {error.strerror or error}") from error


HTML_HELP = "write one self-contained HTML page with plots over time (the `report` extra: matplotlib)"
SUMMARY_HELP = "write a short Markdown summary (also appended to $GITHUB_STEP_SUMMARY when that is set)"
SIZE_HELP = "programs of about this many ops and region markers (default: ~25; user models are 100-1000)"


def program_size_option(size: int | None) -> int | None:
    if size is not None and not 1 <= size <= 5000:
        raise UsageError(f"--size must be between 1 and 5000, not {size}")
    return size


@dataclass
class SignalState:
    terminated: bool = False  # the last interrupt was SIGTERM (exit 143), not SIGINT (130)


SIGNALS = SignalState()  # set by the entry point's handlers, read where a command reports an interrupt


def raise_held() -> None:
    """A signal that came while the command was starting (`interrupts`), raised as it would have been."""
    held = interrupts.pending()
    if held is None:
        return
    interrupts.forget()
    if held == signal.SIGTERM:
        SIGNALS.terminated = True
        raise Terminated
    raise KeyboardInterrupt

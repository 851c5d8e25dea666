"""`stream-fuzz`: the command line. Thin: each subcommand checks its input and calls a library function.

Exit codes shared by every subcommand:
  0  clean: nothing new found, the program compiled and placement is correct
  1  a finding: new findings that fail the run, violations, a rejected or crashed compile, a replay surprise
  2  bad input or setup: a usage error, a missing or broken compiler, an unwritable path, a malformed entry
  3  the run could not complete: a worker died, a report could not be written, a bug in stream-fuzz
  4  replay: some entries cannot run here (an L3 entry without a runtime that executes it), none surprising
  130, 143  interrupted by SIGINT or SIGTERM (a campaign still prints its summary and writes its reports)
  141  the reader of stdout went away (e.g. `stream-fuzz stats | head`)
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from types import FrameType

# Imported first by the package: when this is the command, a SIGINT/SIGTERM during the heavy imports
# below (1-3 s) is held and raised where a campaign can still write its reports.
from stream_fuzz import interrupts
from stream_fuzz.campaign.loop import Stats, levels_of
from stream_fuzz.campaign.matrix import matrix_table, run_matrix
from stream_fuzz.campaign.parallel import RunConfig, run_parallel
from stream_fuzz.campaign.progress import Progress
from stream_fuzz.campaign.report import as_json, summary, write_json, write_junit, write_report
from stream_fuzz.compiler import (
    CompilerInfo,
    CompilerNotFound,
    Outcome,
    UnknownPipeline,
    open_compiler,
    resolve_pipeline,
)
from stream_fuzz.compiler.frontend import FrontendCompiler, l3_compiler_of, l3_runtime_of, takes_l3
from stream_fuzz.compiler.worker import load_hook
from stream_fuzz.corpus.replay import (
    CANNOT_RUN,
    PASSES,
    STATES,
    Replay,
    iter_entries,
    replay_entry,
    replay_paths,
)
from stream_fuzz.corpus.store import (
    ONE_PASS_FOLDER,
    SPLIT,
    Corpus,
    Entry,
    MalformedEntry,
    code_lines,
    read_corpus,
    read_entry,
    split_programs,
    write_atomically,
)
from stream_fuzz.dashboard import STEP_SUMMARY
from stream_fuzz.fleet import FleetUnavailable, MachineBeat, register_machine
from stream_fuzz.fleet.registry import CLAIM_TTL_S, MIN_CLAIM_TTL_S
from stream_fuzz.fleet.status import pull_entries, read_status, render_status, shown
from stream_fuzz.judge.findings import DEFAULT_FAIL_ON, finding_from
from stream_fuzz.judge.preflight import (
    SetupError,
    identified,
    preflight,
    preflight_l3,
    writable_file,
    writable_folder,
)
from stream_fuzz.judge.verdict import DEFAULT_TIMEOUT_S, Judge, Verdict
from stream_fuzz.oracles import Rule, Severity
from stream_fuzz.triage.bisect import BisectError, OracleSteps, bisect, count_steps, expand_pipeline
from stream_fuzz.triage.issue_draft import (
    ONE_PASS,
    REPRO,
    ReleaseResult,
    Tools,
    async_clobber_in_any,
    draft_from_entry,
    draft_issue,
    find_tools,
    lit_text,
    related,
    run_file,
)
from stream_fuzz.triage.reduce import DEFAULT_BUDGET_S, NotReproduced, one_pass_path, reduce_entry

EXIT_OK, EXIT_FINDING, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3
REPORT_TIMEOUT_S = 120.0  # one RUN command of a draft's reproducer
REPORT_TIMEOUT_HANG_S = 20.0  # ... of a timeout entry, whose bug is the hang (as corpus/lit.cfg.py's limit)
EXIT_SIGINT, EXIT_SIGTERM, EXIT_BROKEN_PIPE = 130, 143, 141
EXIT_CANNOT_RUN = 4  # replay: entries this setup cannot execute (and no surprise)


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class ReportNotWritten(Exception):
    """A report or output file could not be written late in a command (a full disk): exit status 3."""


def _write_file(path: Path, text: str, option: str) -> None:
    try:
        write_report(path, text)
    except OSError as error:
        raise ReportNotWritten(f"could not write {option} {path}: {error.strerror or error}") from error


class Terminated(KeyboardInterrupt):
    """SIGTERM, handled as an interrupt: a campaign stops and reports what it did."""


class _Parser(argparse.ArgumentParser):
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


# -- input checks ---------------------------------------------------------------------------------------


def _read_program(path: str) -> str:
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


def _pipeline(args: argparse.Namespace, text: str, default: str) -> str:
    """--pass-pipeline, --pipeline, the pipeline a corpus entry records, or the command's default."""
    if args.pass_pipeline is not None or args.pipeline is not None:
        return resolve_pipeline(args.pipeline, args.pass_pipeline)
    if text.lower().startswith("// stream-fuzz finding:"):
        try:
            return read_entry(Path(args.file)).pipeline
        except MalformedEntry as error:
            raise UsageError(str(error)) from error
    if default == "allocation" and not _prescheduled(text):
        default = "stream"  # flat async IR: schedule-allocation alone would leave its ops unscheduled
    return resolve_pipeline(default)


def _prescheduled(text: str) -> bool:
    """Does the program hold `stream.async.execute` regions (L2), or can it not be read (then the
    compiler says why)? A flat async program (L1) needs the whole stream pipeline."""
    from iree.compiler import ir

    from stream_fuzz.judge.fixes import all_ops

    try:
        module = ir.Module.parse(text, ir.Context())
    except ir.MLIRError:
        return True
    return any(op.name == "stream.async.execute" for op in all_ops(module))


def _positive(value: float, option: str) -> float:
    if not math.isfinite(value) or value <= 0:
        raise UsageError(f"{option} must be a positive number of seconds, not {value:g}")
    return value


def _workers(requested: int) -> int:
    cores = os.cpu_count() or 1
    if requested < 1:
        raise UsageError("--workers must be at least 1")
    if requested > cores:
        print(f"stream-fuzz: warning: --workers {requested} capped to the {cores} cores", file=sys.stderr)
        return cores
    return requested


def _severities(text: str) -> frozenset[Severity]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    known = {s.value: s for s in Severity}
    unknown = [name for name in names if name not in known]
    if unknown:
        raise UsageError(f"--fail-on: unknown severity {unknown[0]!r} (known: {', '.join(known)})")
    return frozenset(known[name] for name in names)


def _add_pipeline_options(parser: argparse.ArgumentParser, default: str) -> None:
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


def _add_compiler_options(parser: argparse.ArgumentParser) -> None:
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


def _parse_or_usage_error(judge: Judge, text: str, file: str) -> None:
    problem = judge.parse_error(text)
    if problem:
        raise UsageError(f"{file} does not parse: {problem}")


# -- commands ---------------------------------------------------------------------------------------------


def cmd_compile(args: argparse.Namespace) -> int:
    text = _read_program(args.file)
    pipeline = _pipeline(args, text, "allocation")
    programs = split_programs(text) or (text,)
    failed = False
    with open_compiler(args.iree_opt, timeout=_positive(args.timeout, "--timeout")) as compiler:
        compiler.check_pipeline(pipeline)
        for number, program in enumerate(programs, 1):
            if number > 1:
                print(SPLIT, flush=True)
            result = compiler.compile(program, pipeline)
            label = _label(args.file, number, len(programs))
            if result.ok:
                sys.stdout.write(result.output or "")
                print(f"// {label}: {result.summary()}", file=sys.stderr)
                continue
            failed = True
            print(f"{label}: {result.summary()}", file=sys.stderr)
            for diagnostic in result.diagnostics[1:]:
                print(f"  {diagnostic}", file=sys.stderr)
            if result.stderr_tail and not result.diagnostics:
                print(result.stderr_tail, file=sys.stderr)
    return EXIT_FINDING if failed else EXIT_OK


def _printed_modules(text: str) -> list[str]:
    """Compiler output split into its modules: at `// -----` lines (`--split-input-file` output) and at
    IR dump headers (`// -----// IR Dump After ...`, what --mlir-print-ir-after writes to stderr)."""
    chunks = re.split(r"^// -----.*$", text, flags=re.M)
    return [chunk for chunk in chunks if code_lines(chunk)] or [text]


def _label(file: str, number: int, count: int) -> str:
    """How messages name one program of a file split at `// -----` lines."""
    return f"{file} (program {number} of {count})" if count > 1 else file


def cmd_check(args: argparse.Namespace) -> int:
    text = _read_program(args.file)
    pipeline = _pipeline(args, text, "allocation")
    if args.async_ir and not args.no_compile:
        raise UsageError("--async-ir reads IR as it is: it needs --no-compile")
    if args.record and not args.no_compile:
        writable_folder(Path(args.record), "--record folder")
    programs = split_programs(text) or (text,)
    verdicts = []
    with Judge(args.iree_opt, timeout=_positive(args.timeout, "--timeout")) as judge:
        if args.no_compile:
            program = _read_program(args.input) if args.input else None
            for output in _printed_modules(text):
                verdicts.append(judge.check_output(output, program, async_ir=args.async_ir))
        else:
            judge.check_pipeline(pipeline)
            for number, program in enumerate(programs, 1):
                _parse_or_usage_error(judge, program, _label(args.file, number, len(programs)))
            verdicts = [judge.judge(program, pipeline) for program in programs]
    if args.json:
        shown = [verdict.to_json() for verdict in verdicts]
        print(json.dumps(shown[0] if len(shown) == 1 else shown, indent=2))
    for number, verdict in enumerate(verdicts, 1):
        label = _label(args.file, number, len(verdicts))
        if not args.json:
            _print_verdict(verdict, label, args.no_compile)
        if args.record and not args.no_compile:
            _record(verdict, programs[number - 1], pipeline, Path(args.record), label)
    return EXIT_OK if all(verdict.clean for verdict in verdicts) else EXIT_FINDING


def _print_verdict(verdict: Verdict, label: str, no_compile: bool) -> None:
    result = verdict.result
    if result.outcome is not Outcome.OK:
        what = "does not parse" if no_compile and result.outcome is Outcome.BAD_OUTPUT else ""
        print(f"{label}: {what or result.summary()}")
        for diagnostic in result.diagnostics[:3]:
            print(f"  {diagnostic}")
        if result.stderr_tail and not result.diagnostics:
            print(result.stderr_tail)
    for violation in verdict.violations:
        print(violation)
    if result.outcome in (Outcome.OK, Outcome.BAD_OUTPUT) and (verdict.violations or result.ok):
        unknown = sum(verdict.unknown.values())
        note = f", {unknown} placements unknown (not judged)" if unknown else ""
        print(f"{label}: {len(verdict.violations)} violation(s){note} ({result.compiler.version})")


def _record(verdict: Verdict, program: str, pipeline: str, folder: Path, label: str) -> None:
    finding = finding_from(verdict, promised_valid=True)
    if finding is None:
        return
    corpus = Corpus(folder)
    result = verdict.result
    by = "by stream-fuzz check"
    path = corpus.record_finding(finding, program, pipeline, result.compiler, result.output, by)
    where = path or f"known: {corpus.known[finding.signature].path}"
    print(f"{label}: {finding.title} [{finding.signature}] -> {where}")


def cmd_reduce(args: argparse.Namespace) -> int:
    entry = _entry(args.entry)
    path = entry.path
    target = Path(args.output) if args.output else one_pass_path(entry)
    if not args.output:
        writable_folder(entry.path.parent, "the entry's corpus folder")
        target.parent.mkdir(exist_ok=True)
    if args.output != "-":
        writable_file(target, "-o")
    with Judge(args.iree_opt, timeout=_positive(args.timeout, "--timeout")) as judge:
        try:
            reduction = reduce_entry(entry, judge, budget_s=_positive(args.budget, "--budget"))
        except NotReproduced as error:
            print(f"stream-fuzz reduce: {error}", file=sys.stderr)
            return EXIT_FINDING
        except BisectError as error:
            raise UsageError(str(error)) from error
        compiler = judge.compiler_info
    if reduction.stage.pipeline == entry.pipeline and reduction.lines >= code_lines(entry.programs[0]):
        why = (
            "no pass alone shows it"
            if reduction.stage.name == entry.pipeline
            else f"the entry's pipeline is {reduction.stage.name} alone"
        )
        print(f"{path.name}: {why}, and its witness is as small as it gets: nothing written", file=sys.stderr)
        return EXIT_OK
    text = reduction.entry_text(f"{compiler.version} ({compiler.backend})")
    if args.output != "-" and target.is_file():
        text = _keep_one_pass_human_lines(target, text)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        _write_file(target, text, "-o" if args.output else "the one-pass file")
    where = "stdout" if args.output == "-" else str(target)
    print(
        f"{path.name}: {reduction.stage.name}, {code_lines(reduction.before)} -> {reduction.lines} lines of"
        f" code in {reduction.seconds:.1f} s ({reduction.candidates} candidates) -> {where}",
        file=sys.stderr,
    )
    return EXIT_OK


def _header_groups(text: str) -> tuple[list[tuple[str, list[str]]], int]:
    """An entry's header as (key, lines) groups (a key's continuation lines with it), and the index of
    the line the header ends at (`// what was found`, a RUN line or the program)."""
    lines = text.splitlines()
    groups: list[tuple[str, list[str]]] = []
    end = len(lines)
    for index, line in enumerate(lines[1:], 1):
        if not line.startswith("//") or line.startswith(("// RUN:", "// what was found")):
            end = index
            break
        match = re.match(r"^//\s*([A-Za-z][\w -]*?)\s*:", line)
        if match and not line.startswith("//  "):
            groups.append((match[1].strip().lower(), [line]))
        elif groups:
            groups[-1][1].append(line)
    return groups, end


def _keep_one_pass_human_lines(target: Path, new: str) -> str:
    """`reduce` over an existing one-pass file: the new header, the old file's status, and every old
    header line the reducer does not write (releases, correct outputs, triage, ...), so no human line is
    lost. A file that does not read as an entry is left to the caller's overwrite check."""
    try:
        old = target.read_text()
    except (OSError, UnicodeDecodeError):
        return new
    if not old.lower().startswith("// stream-fuzz finding:"):
        return new
    old_groups, _ = _header_groups(old)
    new_groups, end = _header_groups(new)
    old_of = dict(old_groups)
    written = {key for key, _ in new_groups}
    merged = [
        (key, old_of["status"] if key == "status" and "status" in old_of else lines)
        for key, lines in new_groups
    ]
    merged += [(key, lines) for key, lines in old_groups if key not in written]
    new_lines = new.splitlines()
    header = [line for _, lines in merged for line in lines]
    return "\n".join([new_lines[0], *header, *new_lines[end:]]) + "\n"


def cmd_report(args: argparse.Namespace) -> int:
    """An upstream issue draft, from the entry file and its one-pass file as they are (`--reduce`: the old
    draft, from a fresh one-pass reduction and replays on each --iree-opt)."""
    if args.reduce:
        return _report_reduced(args)
    if len(args.iree_opt or []) > 1:
        raise UsageError(
            "--iree-opt names the one compiler whose output the draft shows (repeat it only with --reduce)"
        )
    timeout = _positive(args.timeout, "--timeout") if args.timeout is not None else None
    if args.all:
        if args.entry:
            raise UsageError("give an ENTRY or --all, not both")
        if not args.write_drafts:
            raise UsageError("--all needs --write-drafts DIR")
        corpus = Path(args.corpus)
        if not corpus.is_dir():
            raise UsageError(f"no corpus folder {corpus}")
        paths = sorted(corpus.glob("*.mlir"))
    else:
        if not args.entry:
            raise UsageError("give an ENTRY (a corpus entry) or --all")
        paths = [Path(args.entry)]
        corpus = paths[0].parent
    entries = [_entry(str(path)) for path in paths]
    open_entries = [entry for entry in entries if entry.status == "open" or not args.all]
    if args.output and (args.all or args.write_drafts):
        raise UsageError("-o is for one entry; --write-drafts DIR writes one draft an entry")
    if args.output:
        writable_file(Path(args.output), "-o")
    if args.write_drafts:
        writable_folder(Path(args.write_drafts), "--write-drafts")
    _check_compilers(args.iree_opt or [], timeout or DEFAULT_TIMEOUT_S)
    try:
        tools = find_tools(Path(args.iree_opt[0]) if args.iree_opt else None)
    except (CompilerNotFound, FileNotFoundError) as error:
        raise UsageError(str(error)) from error
    known = [e for e in (read_corpus(corpus)) if not isinstance(e, MalformedEntry)]
    failures = 0
    for entry in open_entries:
        started = time.monotonic()
        text = _draft_of(entry, tools, known, timeout)
        took = time.monotonic() - started
        if args.write_drafts:
            target = Path(args.write_drafts) / f"{entry.path.stem}.md"
            write_atomically(target, text)
            print(f"stream-fuzz report: wrote {target} ({took:.1f} s)", file=sys.stderr)
        elif args.output:
            _write_file(Path(args.output), text, "-o")
            print(f"stream-fuzz report: wrote {args.output} ({took:.1f} s)", file=sys.stderr)
        else:
            sys.stdout.write(text)
        if "the bug did not show in this run" in text:
            failures += 1
            print(
                f"stream-fuzz report: {entry.path.name}: its RUN lines all pass on {tools.release}",
                file=sys.stderr,
            )
    if args.all:
        wanted = {f"{entry.path.stem}.md" for entry in open_entries}
        for stale in sorted(Path(args.write_drafts).glob("*.md")):
            if stale.name not in wanted:
                stale.unlink()
                print(f"stream-fuzz report: removed {stale} (no open entry of that name)", file=sys.stderr)
    return EXIT_FINDING if failures else EXIT_OK


def _draft_of(entry: Entry, tools: Tools, known: list[Entry], timeout: float | None) -> str:
    limit = timeout or (REPORT_TIMEOUT_HANG_S if entry.kind == "timeout" else REPORT_TIMEOUT_S)
    main = run_file(lit_text(entry.text), REPRO, tools, limit)
    one_pass = None
    path = one_pass_path(entry)
    if path.is_file():
        try:
            reduced = read_entry(path)
        except MalformedEntry as error:
            raise UsageError(str(error)) from error
        one_pass = (reduced, run_file(lit_text(reduced.text), ONE_PASS, tools, limit))
    return draft_from_entry(entry, main, one_pass, tools.release, related(entry, known))


def _report_reduced(args: argparse.Namespace) -> int:
    if not args.entry or args.all or args.write_drafts:
        raise UsageError("--reduce drafts one ENTRY")
    entry = _entry(args.entry)
    if args.output:
        writable_file(Path(args.output), "-o")
    timeout = _positive(args.timeout if args.timeout is not None else DEFAULT_TIMEOUT_S, "--timeout")
    budget = _positive(args.budget, "--budget")
    _check_compilers(args.iree_opt or [], timeout)  # before the reduction
    with Judge(timeout=timeout) as pinned:
        try:
            reduction = reduce_entry(entry, pinned, budget_s=budget)
        except NotReproduced as error:
            print(f"stream-fuzz report: {error}", file=sys.stderr)
            return EXIT_FINDING
        except BisectError as error:
            raise UsageError(str(error)) from error
        releases = [ReleaseResult(_who(pinned), replay_entry(entry, pinned))]
    for path in args.iree_opt or []:
        with Judge(path, timeout=timeout) as other:
            print(f"stream-fuzz report: replaying on {other.compiler_info.version}", file=sys.stderr)
            clobber = None
            if reduction.finding.rules and reduction.finding.rules[0] is Rule.CLOBBER:
                clobber = async_clobber_in_any(other, entry)
            releases.append(ReleaseResult(_who(other), replay_entry(entry, other), clobber))
    text = draft_issue(entry, reduction, releases)
    if args.output:
        _write_file(Path(args.output), text, "-o")
        print(f"stream-fuzz report: wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def _check_compilers(paths: list[str], timeout: float) -> None:
    """`report --iree-opt`: each compiler compiles the known-good program and names its release, or it is
    a setup error (exit 2), never a row of garbage in the draft."""
    for path in paths:
        with Judge(path, timeout=timeout) as other:
            preflight(other, ("l2",))
            identified(other.compiler_info)


def _who(judge: Judge) -> str:
    info = judge.compiler_info
    return f"{info.version} ({info.backend})"


def _entry(name: str) -> Entry:
    path = Path(name)
    if not path.is_file():
        raise UsageError(f"no such corpus entry: {path}")
    try:
        return read_entry(path)
    except MalformedEntry as error:
        raise UsageError(str(error)) from error


def cmd_replay(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths] or [Path("corpus")]
    for path in paths:
        if not path.exists():
            raise UsageError(f"no such file or folder: {path}")
    if args.json:
        writable_file(Path(args.json), "--json")
    runtime = args.iree_run_module
    if runtime is not None and not (Path(runtime).is_file() and os.access(runtime, os.X_OK)):
        raise UsageError(f"--iree-run-module {runtime}: no executable file")
    total = sum(1 for _ in iter_entries(paths))
    done = [0]

    def show(replay: Replay) -> None:
        done[0] += 1
        flag = f"  <-- {replay.note}" if replay.surprising else ""
        status = f"[{replay.status}]" if replay.status else ""
        print(f"{replay.state:<18} {status:<12} {replay.path}{flag}", flush=True)
        if replay.reason and replay.state != PASSES:
            print(f"{'':<31} {replay.reason[:300]}", flush=True)
        print(f"replay: {done[0]}/{total} done", file=sys.stderr, flush=True)

    with Judge(args.iree_opt, timeout=_positive(args.timeout, "--timeout")) as judge:
        print(
            f"replaying {total} entries against {judge.compiler_info.version} ({judge.compiler_info.path})",
            flush=True,
        )
        results = replay_paths(
            paths, judge, show, runtime, say=lambda line: print(line, file=sys.stderr, flush=True)
        )
    counts = {state: sum(r.state == state for r in results) for state in STATES}
    print(", ".join(f"{n} {state}" for state, n in counts.items()))
    if args.json:
        data = {
            "compiler": judge.compiler_info.version,
            "counts": counts,
            "entries": [r.to_json() for r in results],
        }
        _write_file(Path(args.json), json.dumps(data, indent=2) + "\n", "--json")
    if any(r.surprising for r in results):
        return EXIT_FINDING
    cannot = sum(r.state == CANNOT_RUN for r in results)
    if cannot:  # neither green nor a surprise: this setup could not tell
        print(
            f"stream-fuzz: {cannot} entr{'y' if cannot == 1 else 'ies'} could not be run here (see each "
            "reason): replay them where the runtime can execute them",
            file=sys.stderr,
        )
        return EXIT_CANNOT_RUN
    return EXIT_OK


def cmd_run(args: argparse.Namespace) -> int:
    started_at = time.time()
    if args.examples is not None and args.examples < 1:
        raise UsageError("--examples must be at least 1")
    budget = _positive(args.budget, "--budget") if args.budget is not None else None
    if budget is None and args.examples is None:
        budget = 60.0
    timeout = _positive(args.timeout, "--timeout")
    workers = _workers(args.workers)
    config = RunConfig(
        level=args.level,
        examples=args.examples,
        budget_s=budget,
        seed=args.seed,
        started_at=started_at,
        corpus=Path(args.corpus),
        iree_opt=args.iree_opt,
        timeout=timeout,
        inject_fault=args.inject_fault,
        inject_stream_fault=args.inject_stream_fault,
        shrink=args.shrink,
        fail_on=_severities(args.fail_on),
        program_size=_size(args.size),
        shard=_shard(args.shard),
        # Not with an injected fault: the witness compiles without it, so its verdict would mislead.
        witness=args.shrink and not args.inject_fault and not args.inject_stream_fault,
        steer=args.steer,
    )
    # Everything that can be checked is checked before the first program: nothing is written, and no
    # broken setup is ever reported as a compiler bug. A signal at any moment (even while Python was still
    # importing: `interrupts`) still ends with the summary and the reports, for what was done.
    info = CompilerInfo("unknown (interrupted before the compiler was asked)", args.iree_opt or "", "")
    stats: Stats = Stats()
    errors: list[str] = []
    fuzzing_since: float | None = None
    beat: MachineBeat | None = None
    levels: tuple[str, ...] = ()
    try:
        _raise_held()
        info, config, levels = _set_up_run(args, config)
        limits = [
            f"budget {budget:.0f} s" if budget else "",
            f"{args.examples} examples" if args.examples else "",
        ]
        print(
            f"fuzzing {', '.join(levels)} against {info.version} with {workers} worker(s), seed {args.seed}, "
            + " and ".join(limit for limit in limits if limit),
            file=sys.stderr,
        )
        if args.db:  # last of the set-up: the fleet counts this machine as fuzzing from now on
            config, beat = _join_fleet(args, config, workers)
        progress = Progress(budget, elapsed_s=time.time() - started_at)  # the set-up counts, as in the budget
        fuzzing_since = time.monotonic()
        try:
            stats, errors = run_parallel(
                config, workers, lambda n, new, known: progress.update(n, new, known)
            )
        finally:
            if beat is not None:
                beat.stop()
        progress.finish()
    except (KeyboardInterrupt, Exception) as error:
        # Interrupted before or while the workers started: report what was done (maybe nothing). A signal
        # delivered inside a library (Hypothesis's engine setting up a test, say) can surface as another
        # exception there: with a signal received, that too is the interrupt, not a bug of stream-fuzz.
        signalled = _TERMINATED or interrupts.pending() is not None
        if not isinstance(error, KeyboardInterrupt) and not signalled:
            raise
        stats.interrupted = True
        if fuzzing_since is not None and not stats.elapsed_s:
            stats.elapsed_s = time.monotonic() - fuzzing_since
    print(summary(stats, info))
    if stats.total == 0 and not stats.interrupted and not errors:
        errors = [
            "no program was judged: the budget ended during the set-up (the compiler's checks); a run "
            "that judged nothing is not a pass: give a larger --budget"
        ]
    extra: dict[str, object] = {"seed": args.seed, "workers": workers, "errors": errors}
    if "l3" in levels:  # what ran L3's programs: a binary, iree-base-runtime in process, or nothing
        extra["l3_runtime"] = (config.iree_run_module or "in-process") if config.l3_execute else None
    if config.fleet is not None and beat is not None:
        offline = stats.fleet_offline or beat.offline
        extra["fleet"] = {"url": shown(config.fleet.url), "machine": config.fleet.machine, "offline": offline}
    data = as_json(stats, info, extra, origin=started_at)
    errors = errors + _write_reports(args, data, stats, info, errors)
    for problem in errors:
        print(f"stream-fuzz: {problem}", file=sys.stderr)
    if stats.interrupted:
        return EXIT_SIGTERM if _TERMINATED else EXIT_SIGINT
    if errors:  # a worker died or a report is missing: CI must notice, though the findings are kept
        return EXIT_INTERNAL
    return EXIT_FINDING if any(f.fails for f in stats.findings.values()) else EXIT_OK


def _set_up_run(
    args: argparse.Namespace, config: RunConfig
) -> tuple[CompilerInfo, RunConfig, tuple[str, ...]]:
    """`run`'s checks before the first program (each failure a `SetupError`/`UsageError`, exit 2)."""
    if args.html:  # first: nothing is made (not even the corpus folder) for a run that cannot report
        _plotting(f"--html {args.html}: ")
    writable_folder(config.corpus, "corpus folder")
    for option, value in _report_options(args):
        writable_file(Path(value), option)
    corpus = Corpus(config.corpus)
    if corpus.malformed:
        raise UsageError("; ".join(str(problem) for problem in corpus.malformed))
    try:
        judge = Judge(args.iree_opt, timeout=config.timeout, post_hook=args.inject_fault)
    except (ImportError, AttributeError) as error:
        raise UsageError(f"--inject-fault {args.inject_fault}: {error}") from error
    with judge:
        info = judge.compiler_info
        levels = levels_of(args.level, takes_l3(info))
        if args.level == "all" and "l3" not in levels:
            print(f"stream-fuzz: no iree-compile beside {info.path}: all is l1 and l2 here", file=sys.stderr)
        # --level l3 with no iree-compile beside --iree-opt: an error (CompilerNotFound) naming the path
        iree_compile = l3_compiler_of(info) if "l3" in levels else None
        runtime = l3_runtime_of(info, args.iree_run_module) if "l3" in levels else None
        preflight(judge, tuple(level for level in levels if level != "l3"))
        identified(info)
    if "l3" in levels:
        try:
            load_hook(args.inject_stream_fault)
        except (ImportError, AttributeError, ValueError) as error:
            raise UsageError(f"--inject-stream-fault {args.inject_stream_fault}: {error}") from error
        with FrontendCompiler(config.timeout, iree_compile=iree_compile, iree_run_module=runtime) as frontend:
            why_not = preflight_l3(frontend)  # without the fault
        config = replace(config, iree_run_module=str(runtime) if runtime else None)
        if why_not:
            print(why_not, file=sys.stderr)  # once, here: the workers only count
            config = replace(config, l3_execute=False)
    return info, config, levels


def _plotting(said: str) -> None:
    """A usage error when the HTML report cannot be drawn here (the `report` extra is missing)."""
    # The report's modules are imported only when a report is asked for: a command that writes none loads
    # neither them nor matplotlib.
    from stream_fuzz.dashboard.output import plotting_missing

    if plotting_missing():
        raise UsageError(said + plotting_missing())


def _report_options(args: argparse.Namespace) -> list[tuple[str, str]]:
    """The report files a run or `html` was asked for, as (option, path)."""
    names = ("json", "junit", "html", "summary_md", "screenshot")
    given = [(f"--{name.replace('_', '-')}", getattr(args, name, None)) for name in names]
    return [(option, value) for option, value in given if value]


def _shard(text: str | None) -> int:
    """`--shard K/N` -> K + 1 (0 is a campaign on its own); a usage error naming it otherwise."""
    if text is None:
        return 0
    match = re.fullmatch(r"(\d+)/(\d+)", text.strip())
    if match is None or not int(match[1]) < int(match[2]):
        raise UsageError(f"--shard {text}: expected K/N with 0 <= K < N, e.g. 0/4")
    return int(match[1]) + 1


def _join_fleet(args: argparse.Namespace, config: RunConfig, workers: int) -> tuple[RunConfig, MachineBeat]:
    """Register this campaign with the fleet at `--db` (a Redis it cannot reach is a setup error) and
    start its beat, which says once if Redis goes away; the campaign then goes on locally."""
    claim_ttl = _positive(args.claim_ttl, "--claim-ttl")
    if claim_ttl < MIN_CLAIM_TTL_S:
        raise UsageError(
            f"--claim-ttl {args.claim_ttl:g}: at least {MIN_CLAIM_TTL_S:g} s (claims renew each second)"
        )
    try:
        address = register_machine(args.db, claim_ttl)
    except FleetUnavailable as error:
        raise SetupError(str(error)) from error

    def lost(reason: str) -> None:
        print(
            f"stream-fuzz: fleet: lost Redis at {shown(args.db)} ({reason}); the campaign goes on "
            f"locally, its findings in {config.corpus}",
            file=sys.stderr,
        )

    beat = MachineBeat(address, workers, lost)
    beat.start()
    print(f"stream-fuzz: fleet: machine {address.machine} at {shown(args.db)}", file=sys.stderr)
    return replace(config, fleet=address, shard=config.shard or address.number), beat


def cmd_status(args: argparse.Namespace) -> int:
    if args.html:
        _plotting(f"--html {args.html}: ")
        writable_file(Path(args.html), "--html")
    try:
        status = read_status(args.db)
    except FleetUnavailable as error:
        raise SetupError(str(error)) from error
    if args.html:
        from stream_fuzz.dashboard.output import write_fleet_html

        _write_file_with(Path(args.html), "--html", lambda path: write_fleet_html(path, status))
    print(json.dumps(status.as_json(), indent=2) if args.json else render_status(status))
    return EXIT_OK


def cmd_html(args: argparse.Namespace) -> int:
    """A run's JSON report drawn again: the HTML page, the Markdown summary, a screenshot of the page."""
    try:
        data = json.loads(Path(args.report).read_text())
        if not isinstance(data.get("programs"), dict) or "version" not in data.get("compiler", {}):
            raise ValueError("no programs or compiler")  # a run's report, not any JSON
    except (OSError, ValueError, AttributeError) as error:
        raise UsageError(f"{args.report}: not a run's JSON report ({error})") from error
    if not (args.html or args.summary_md or args.screenshot):
        raise UsageError("html: give --html FILE, --summary-md FILE or --screenshot PNG")
    for option, value in _report_options(args):
        writable_file(Path(value), option)
    if args.html or args.screenshot:
        _plotting("")
    from stream_fuzz.dashboard.browser import NoBrowser, screenshot
    from stream_fuzz.dashboard.output import write_html, write_markdown

    if args.summary_md:
        _write_file_with(Path(args.summary_md), "--summary-md", lambda path: write_markdown(path, data))
    with tempfile.TemporaryDirectory() as folder:
        page = Path(args.html or Path(folder) / "report.html")  # a screenshot without --html: a page aside
        if args.html or args.screenshot:
            _write_file_with(page, "--html", lambda path: write_html(path, data))
        if args.screenshot:
            try:
                screenshot(page, Path(args.screenshot))
            except (NoBrowser, RuntimeError, subprocess.TimeoutExpired) as error:
                raise SetupError(f"--screenshot {args.screenshot}: {error}") from error
    for _, value in _report_options(args):
        print(f"wrote {value}")
    return EXIT_OK


def _write_file_with(path: Path, option: str, write: Callable[[Path], None]) -> None:
    try:
        write(path)
    except OSError as error:
        raise ReportNotWritten(f"could not write {option} {path}: {error.strerror or error}") from error


def cmd_corpus_pull(args: argparse.Namespace) -> int:
    folder = Path(args.dir)
    writable_folder(folder, "corpus folder")
    try:
        pulled = pull_entries(args.db, folder)
    except FleetUnavailable as error:
        raise SetupError(str(error)) from error
    for path in pulled.written:
        print(f"wrote {path}")
    print(f"{len(pulled.written)} entries written, {len(pulled.kept)} kept (the local one is as small)")
    for problem in pulled.refused:  # bad data in Redis, or a local file that is not the entry: untouched
        print(f"stream-fuzz: not written: {problem}", file=sys.stderr)
    return EXIT_USAGE if pulled.refused else EXIT_OK


def _write_reports(
    args: argparse.Namespace, data: dict, stats: object, info: object, errors: list[str]
) -> list[str]:
    """Write the JSON and JUnit reports; a late I/O failure of one still leaves the other."""
    failed = []
    if args.json:
        try:
            write_json(Path(args.json), data)
        except OSError as error:
            failed.append(f"could not write --json {args.json}: {error.strerror or error}")
    if args.junit:
        try:
            write_junit(Path(args.junit), stats, info, errors + failed)  # type: ignore[arg-type]
        except OSError as error:
            failed.append(f"could not write --junit {args.junit}: {error.strerror or error}")
    if not (args.html or args.summary_md or os.environ.get(STEP_SUMMARY)):
        return failed
    from stream_fuzz.dashboard.output import append_step_summary, write_html, write_markdown

    writers: list[tuple[str, str | None, Callable[[Path, dict], None]]] = [
        ("--html", args.html, write_html),
        ("--summary-md", args.summary_md, write_markdown),
    ]
    for option, value, write in writers:
        if value:
            try:
                write(Path(value), data)
            except OSError as error:
                failed.append(f"could not write {option} {value}: {error.strerror or error}")
    try:
        append_step_summary(data)
    except OSError as error:
        failed.append(f"could not append to ${STEP_SUMMARY}: {error.strerror or error}")
    return failed


def cmd_matrix(args: argparse.Namespace) -> int:
    compilers: list[str | None] = list(args.iree_opt or [])
    if args.include_pinned:
        compilers.insert(0, None)
    if not compilers:
        raise UsageError("give at least one --iree-opt PATH (or --include-pinned)")
    if args.examples is not None and args.examples < 1:
        raise UsageError("--examples must be at least 1")
    config = RunConfig(
        level=args.level,
        examples=args.examples,
        budget_s=None if args.examples else _positive(args.budget, "--budget"),
        seed=args.seed,
        corpus=Path(args.out),
        timeout=_positive(args.timeout, "--timeout"),
        steer=False,  # every compiler draws the same programs: its table compares like with like
    )
    runtimes: list[str | None] | None = None
    if args.iree_run_module:
        if len(args.iree_run_module) != len(args.iree_opt or []):
            raise UsageError("give one --iree-run-module per --iree-opt, in the same order, or none")
        runtimes = [None] * (len(compilers) - len(args.iree_run_module)) + list(args.iree_run_module)
    writable_folder(config.corpus, "--out folder")
    columns = run_matrix(
        compilers,
        config,
        _workers(args.workers),
        log=lambda line: print(line, file=sys.stderr),
        runtimes=runtimes,
    )
    print(matrix_table(columns))
    for column in columns:
        for error in column.errors:
            print(f"stream-fuzz: {column.label}: {error}", file=sys.stderr)
    print(f"(findings of each compiler are in {args.out}/<release>/)")
    if any(column.stats.interrupted for column in columns):
        print(
            f"stream-fuzz: interrupted: {len(columns)} of {len(compilers)} compiler(s) fuzzed, the last "
            "one only in part",
            file=sys.stderr,
        )
        return EXIT_SIGTERM if _TERMINATED else EXIT_SIGINT
    return EXIT_INTERNAL if any(column.errors for column in columns) else EXIT_OK


def cmd_bisect(args: argparse.Namespace) -> int:
    text = _read_program(args.file)
    pipeline = _pipeline(args, text, "stream")
    timeout = _positive(args.timeout, "--timeout")
    with Judge(args.iree_opt, timeout=timeout) as judge:
        judge.check_pipeline(pipeline)
        _parse_or_usage_error(judge, text, args.file)
        try:
            plan = expand_pipeline(pipeline, text, iree_opt=args.iree_opt, timeout=timeout)
        except BisectError as error:
            raise UsageError(str(error)) from error
        steps = OracleSteps(judge, text)
        report = bisect(text, plan, steps, check_input=steps.check, full_pipeline=pipeline)
    if report.baseline_rules:
        print(
            f"{args.file}: the input already violates {', '.join(sorted(report.baseline_rules))} (not blamed)"
        )
    if report.consistent is False:
        print(
            "warning: the passes run one by one disagree with the whole pipeline; the step list may be "
            "unfaithful for this program",
            file=sys.stderr,
        )
    if report.failing is None:
        print(f"{args.file}: no pass breaks a rule ({len(report.ran)} steps run, {count_steps(plan)} passes)")
        return EXIT_OK
    verdict = report.verdict
    print(f"{args.file}: {report.describe()}")
    for violation in verdict.violations if verdict else ():
        if violation.rule.id in report.rules:
            print(f"  {violation}")
    before = Path(args.save_before or Path(args.file).with_suffix(".before.mlir").name)
    report.save_before(before)
    print(f"IR before the pass: {before}")
    print(report.reproducer(before, args.iree_opt or "iree-opt"))
    return EXIT_FINDING


def cmd_stats(args: argparse.Namespace) -> int:
    from stream_fuzz.campaign.stats import Judged, collect_stats, format_stats, keep_invalid

    if args.examples < 1:
        raise UsageError("--examples must be at least 1")
    if args.json:
        writable_file(Path(args.json), "--json")
    if args.keep_invalid:
        writable_folder(Path(args.keep_invalid), "--keep-invalid folder")
    levels = ["l1", "l2"] if args.level == "all" else [args.level]
    results = []
    with Judge(args.iree_opt, timeout=_positive(args.timeout, "--timeout")) as judge:

        def compile_fn(text: str, pipeline: str) -> Judged:
            verdict = judge.judge(text, resolve_pipeline(pipeline))
            outcome = verdict.result.outcome
            diagnostic = "\n".join(map(str, verdict.result.diagnostics)) or verdict.result.stderr_tail or None
            accepted = outcome is not Outcome.DIAGNOSTIC or not judge.rejects_input(text)
            compiled = outcome in (Outcome.OK, Outcome.BAD_OUTPUT)
            return Judged(accepted, compiled, diagnostic, verdict.behaviour)

        folder = Path(args.keep_invalid) if args.keep_invalid else None
        for level in levels:
            on_invalid = (lambda text, diagnostic: keep_invalid(folder, text, diagnostic)) if folder else None
            results.append(
                collect_stats(
                    level,
                    args.examples,
                    compile_fn,
                    args.seed,
                    on_invalid,
                    progress=_stats_progress,
                    size=_size(args.size),
                )
            )
            print(format_stats(results[-1]), flush=True)
    if args.json:
        data = results if len(results) > 1 else results[0]
        _write_file(Path(args.json), json.dumps(data, indent=2) + "\n", "--json")
    return EXIT_OK


def cmd_findings(args: argparse.Namespace) -> int:
    from stream_fuzz.corpus.trophies import render

    folder = Path(args.corpus)
    if not folder.is_dir():
        raise UsageError(f"no corpus folder {folder}")
    malformed = [
        str(item)
        for where in (folder, folder / ONE_PASS_FOLDER)
        if where.is_dir()
        for item in read_corpus(where)
        if isinstance(item, MalformedEntry)
    ]
    if malformed:  # never a table that silently leaves an entry out
        raise UsageError("; ".join(malformed))
    table = render(folder)
    if args.write:
        writable_file(Path(args.write), "--write")
        _write_file(Path(args.write), table, "--write")
        print(f"wrote {args.write}")
    else:
        sys.stdout.write(table)
    return EXIT_OK


def cmd_releases(args: argparse.Namespace) -> int:
    from stream_fuzz.corpus.releases import (
        Outcome,
        ReleasesError,
        compute,
        corpus_entries,
        releases_line,
        write_releases_line,
    )

    corpus = Path(args.corpus)
    if not (corpus / "lit.cfg.py").is_file():
        raise UsageError(f"{corpus} is not a corpus folder (no lit.cfg.py)")
    entries = [Path(path) for path in args.entries] or corpus_entries(corpus)
    for entry in entries:
        if not entry.is_file() or corpus.resolve() not in entry.resolve().parents:
            raise UsageError(f"{entry} is not an entry of {corpus}")
        read_entry(entry)  # a malformed entry is named before any compiler runs
    try:
        releases, table = compute([Path(path) for path in args.iree_opt], entries)
    except ReleasesError as error:
        raise SetupError(str(error)) from error
    mark = {Outcome.HAS_BUG: "B", Outcome.CORRECT: ".", Outcome.CANNOT_EXPRESS: "-", Outcome.NOT_RUN: "~",
            Outcome.BROKEN: "?"}  # fmt: skip
    print("B has the bug, . correct, - cannot express, ~ not run, ? another failure (see --json)")
    print(" ".join(f"{release.label:>5}" for release in releases) + "  entry")
    for entry, results in table.items():
        name = entry.resolve().relative_to(corpus.resolve())
        print(" ".join(f"{mark[result.outcome]:>5}" for result in results) + f"  {name}")
    if args.json:
        writable_file(Path(args.json), "--json")
        data = {
            "releases": [{"label": r.label, "iree_opt": str(r.iree_opt)} for r in releases],
            "entries": {
                str(entry): [{"outcome": x.outcome.value, "why": x.why} for x in results]
                for entry, results in table.items()
            },
        }
        write_atomically(Path(args.json), json.dumps(data, indent=2) + "\n")
    if args.write:
        for entry, results in table.items():
            write_releases_line(entry, releases_line(releases, [result.outcome for result in results]))
        print(f"wrote the releases line of {len(table)} entries")
    broken = [
        str(entry) for entry, results in table.items() if any(r.outcome is Outcome.BROKEN for r in results)
    ]
    if broken:
        print(
            f"another failure on some release (not counted as the bug): {', '.join(broken)}", file=sys.stderr
        )
    return EXIT_FINDING if broken else EXIT_OK


HTML_HELP = "write one self-contained HTML page with plots over time (the `report` extra: matplotlib)"
SUMMARY_HELP = "write a short Markdown summary (also appended to $GITHUB_STEP_SUMMARY when that is set)"
SIZE_HELP = "programs of about this many ops and region markers (default: ~25; user models are 100-1000)"


def _size(size: int | None) -> int | None:
    if size is not None and not 1 <= size <= 5000:
        raise UsageError(f"--size must be between 1 and 5000, not {size}")
    return size


def _stats_progress(level: str, done: int, total: int) -> None:
    if done == total or done % 100 == 0:
        print(f"stats {level}: {done}/{total} programs", file=sys.stderr, flush=True)


def cmd_witness(args: argparse.Namespace) -> int:
    """0: written (with --check: every result right), 1: with --check, a result is wrong (the bug shows),
    2: bad input or an op the witness does not support, 3: with --check, the witness did not compile or
    run."""
    from stream_fuzz.triage.witness.build import Unsupported, build
    from stream_fuzz.triage.witness.run import check

    path = Path(args.file)
    if not path.is_file():
        raise UsageError(f"no such file: {path}")
    start = time.monotonic()
    try:
        witness = build(path.read_text(), tuple(args.compile_flag), args.function)
    except Unsupported as error:
        print(f"stream-fuzz: cannot witness {path}: unsupported: {error}", file=sys.stderr)
        return EXIT_USAGE
    if args.output and args.output != "-":
        Path(args.output).write_text(witness.text)
        print(f"wrote {args.output} ({len(witness.outputs)} results)", file=sys.stderr)
    else:
        sys.stdout.write(witness.text)
    if not args.check:
        return EXIT_OK
    result = check(witness, args.iree_opt)
    print(f"witness {result.summary}", file=sys.stderr)
    print(f"witness took {time.monotonic() - start:.1f} s", file=sys.stderr)
    return {"passes": EXIT_OK, "fails": EXIT_FINDING}.get(result.state, EXIT_INTERNAL)


# -- the parser ---------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="stream-fuzz", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--version", action="store_true", help="print the versions of stream-fuzz and its compiler"
    )
    commands = parser.add_subparsers(dest="command", parser_class=_Parser)

    compile_ = commands.add_parser("compile", help="run the compiler on one program and print its output")
    compile_.add_argument("file")
    _add_pipeline_options(compile_, "allocation")
    _add_compiler_options(compile_)
    compile_.set_defaults(run=cmd_compile)

    check = commands.add_parser("check", help="compile a program and check placement in the output")
    check.add_argument("file")
    _add_pipeline_options(check, "allocation")
    check.add_argument("--no-compile", action="store_true", help="FILE is already compiled IR: only check it")
    check.add_argument(
        "--async-ir",
        action="store_true",
        help="with --no-compile: FILE is async IR after copy-on-write (e.g. an --mlir-print-ir-after dump); "
        "also check that no value is read after an op overwrote it in place",
    )
    check.add_argument(
        "--input",
        metavar="PROGRAM",
        help="with --no-compile: the program FILE was compiled from (its intent)",
    )
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")
    check.add_argument(
        "--record", metavar="DIR", help="write a finding into this corpus folder (e.g. corpus)"
    )
    _add_compiler_options(check)
    check.set_defaults(run=cmd_check)

    reduce = commands.add_parser(
        "reduce", help="shrink a corpus entry to the smallest input of the one pass that breaks"
    )
    reduce.add_argument("entry", metavar="ENTRY", help="a corpus entry, e.g. corpus/<name>.mlir")
    reduce.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="where to write it (- for stdout; default corpus/one-pass/<name>)",
    )
    reduce.add_argument(
        "--budget", type=float, default=DEFAULT_BUDGET_S, metavar="S", help="time limit for shrinking"
    )
    _add_compiler_options(reduce)
    reduce.set_defaults(run=cmd_reduce)

    report = commands.add_parser(
        "report",
        help="an upstream issue draft (Markdown) for a corpus entry, from the entry and its one-pass file",
    )
    report.add_argument("entry", nargs="?", metavar="ENTRY", help="a corpus entry, e.g. corpus/<name>.mlir")
    report.add_argument(
        "--all", action="store_true", help="every open entry of --corpus (with --write-drafts DIR)"
    )
    report.add_argument("--corpus", default="corpus", metavar="DIR", help="the corpus folder for --all")
    report.add_argument(
        "--write-drafts",
        metavar="DIR",
        help="write DIR/<entry>.md for each entry (with --all, also remove drafts of entries not open)",
    )
    report.add_argument(
        "--iree-opt",
        metavar="PATH",
        action="append",
        help="the compiler whose output the draft shows (default: the pinned one); with --reduce, another "
        "compiler to try (repeat for several)",
    )
    report.add_argument("-o", "--output", metavar="FILE", help="write the draft here (default: stdout)")
    report.add_argument(
        "--reduce",
        action="store_true",
        help="the old draft: re-reduce the entry to one pass, replay it (slow; names stream-fuzz commands)",
    )
    report.add_argument(
        "--budget",
        type=float,
        default=DEFAULT_BUDGET_S,
        metavar="S",
        help="time limit for the one-pass reducer (--reduce)",
    )
    report.add_argument(
        "--timeout",
        type=float,
        default=None,
        metavar="S",
        help="time limit of a RUN command (default 120, 20 for timeout entries); with --reduce, per compile",
    )
    report.set_defaults(run=cmd_report)

    run = commands.add_parser("run", help="a time-boxed fuzz campaign: the main job")
    run.add_argument(
        "--level",
        choices=["l1", "l2", "l3", "all"],
        default="all",
        help="l1: flat async IR through the whole stream pipeline; l2: pre-scheduled IR through "
        "schedule-allocation; l3: frontend programs through iree-compile, run on local devices and "
        "compared with NumPy (with --iree-opt, the iree-compile beside it); all: each a share of the time "
        "(default)",
    )
    run.add_argument(
        "--budget", type=float, metavar="SECONDS", help="time box (default 60 s when no --examples)"
    )
    run.add_argument("--examples", type=int, metavar="N", help="stop after N programs")
    run.add_argument("--size", type=int, metavar="TOKENS", help=SIZE_HELP)
    run.add_argument(
        "--workers", type=int, default=os.cpu_count() or 1, help="processes (default and most: the cores)"
    )
    run.add_argument(
        "--seed", type=int, default=0, help="campaign seed (deterministic with --examples, 1 worker)"
    )
    run.add_argument("--corpus", default="corpus", metavar="DIR", help="where findings are written (corpus/)")
    run.add_argument("--json", metavar="FILE", help="write the summary as JSON")
    run.add_argument("--junit", metavar="FILE", help="write JUnit XML, one test case per finding signature")
    run.add_argument("--html", metavar="FILE", help=HTML_HELP)
    run.add_argument("--summary-md", metavar="FILE", help=SUMMARY_HELP)
    run.add_argument(
        "--no-shrink", dest="shrink", action="store_false", help="write findings unshrunk (a quick smoke run)"
    )
    run.add_argument(
        "--no-steer",
        dest="steer",
        action="store_false",
        help="keep every swarm switch a fair coin (by default, switches whose programs keep hitting known "
        "corpus entries are drawn less often)",
    )
    run.add_argument(
        "--fail-on",
        default=",".join(sorted(s.value for s in DEFAULT_FAIL_ON)),
        metavar="SEVERITIES",
        help="violations of these severities fail the run (comma-separated from "
        f"{', '.join(s.value for s in Severity)}; default %(default)s); crashes, hangs, rejected "
        "programs and unreadable output always fail",
    )
    run.add_argument(
        "--db",
        metavar="redis://HOST:PORT/N",
        help="join a fleet of campaigns sharing this Redis: one machine shrinks each new signature, "
        "examples and entries are shared (the fleet extra)",
    )
    run.add_argument(
        "--shard",
        metavar="K/N",
        help="this is machine K of N (0-based): its workers' seeds differ from the other machines'",
    )
    run.add_argument(
        "--claim-ttl",
        type=float,
        default=CLAIM_TTL_S,
        metavar="SECONDS",
        help="with --db: how long the claim of a machine that died blocks the others (default %(default)g)",
    )
    run.add_argument("--inject-fault", metavar="MODULE:FUNCTION", help=argparse.SUPPRESS)  # tests the fuzzer
    run.add_argument("--inject-stream-fault", metavar="MODULE:FUNCTION", help=argparse.SUPPRESS)  # L3's
    run.add_argument("--iree-run-module", metavar="PATH", help=RUNTIME_HELP)
    _add_compiler_options(run)
    run.set_defaults(run=cmd_run)

    status = commands.add_parser("status", help="a fleet now: machines, workers, rates, signatures, claims")
    status.add_argument("--db", required=True, metavar="redis://HOST:PORT/N")
    status.add_argument("--json", action="store_true", help="print it as JSON")
    status.add_argument("--html", metavar="FILE", help="also write it as one HTML page with plots")
    status.set_defaults(run=cmd_status)

    html_ = commands.add_parser("html", help="a run's JSON drawn again: HTML, Markdown, screenshot")
    html_.add_argument("report", metavar="RUN.json", help="the JSON a run wrote (`run --json`)")
    html_.add_argument("--html", metavar="FILE", help=HTML_HELP)
    html_.add_argument("--summary-md", metavar="FILE", help="write the short Markdown summary")
    html_.add_argument("--screenshot", metavar="PNG", help="a headless Chromium's picture of the HTML page")
    html_.set_defaults(run=cmd_html)

    corpus_ = commands.add_parser("corpus", help="the corpus of a fleet")
    corpus_commands = corpus_.add_subparsers(dest="corpus_command", parser_class=_Parser, required=True)
    pull = corpus_commands.add_parser("pull", help="write the fleet's entries as corpus files into DIR")
    pull.add_argument("--db", required=True, metavar="redis://HOST:PORT/N")
    pull.add_argument("dir", metavar="DIR")
    pull.set_defaults(run=cmd_corpus_pull)

    matrix = commands.add_parser("matrix", help="the same campaign against several compilers, one table")
    matrix.add_argument("--iree-opt", action="append", metavar="PATH", help="a compiler (repeat for several)")
    matrix.add_argument("--include-pinned", action="store_true", help="also the pinned in-process compiler")
    matrix.add_argument("--level", choices=["l1", "l2", "l3", "all"], default="l2")
    matrix.add_argument("--budget", type=float, default=60.0, metavar="SECONDS", help="per compiler (60)")
    matrix.add_argument("--examples", type=int, metavar="N", help="per compiler, instead of a budget")
    matrix.add_argument("--workers", type=int, default=1)
    matrix.add_argument("--seed", type=int, default=0)
    matrix.add_argument(
        "--out", default="matrix-findings", metavar="DIR", help="findings, one folder per release"
    )
    matrix.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT_S, metavar="S")
    matrix.add_argument(
        "--iree-run-module",
        action="append",
        metavar="PATH",
        help="L3's runtime for each --iree-opt, in the same order (default: the one beside each)",
    )
    matrix.set_defaults(run=cmd_matrix)

    bisect_ = commands.add_parser("bisect", help="find the first pass after which a rule breaks")
    bisect_.add_argument("file")
    _add_pipeline_options(bisect_, "stream")
    bisect_.add_argument(
        "--save-before",
        metavar="PATH",
        help="where to write the IR before the failing pass (FILE.before.mlir)",
    )
    _add_compiler_options(bisect_)
    bisect_.set_defaults(run=cmd_bisect)

    stats = commands.add_parser("stats", help="generator validity, feature coverage and speed")
    stats.add_argument("--level", choices=["l1", "l2", "all"], default="l2")
    stats.add_argument("--examples", type=int, default=1000, metavar="N")
    stats.add_argument("--size", type=int, metavar="TOKENS", help=SIZE_HELP)
    stats.add_argument("--json", metavar="FILE", help="write the statistics as JSON")
    stats.add_argument("--seed", type=int, help="draw the same programs as an earlier run with this seed")
    stats.add_argument("--keep-invalid", metavar="DIR", help="write every rejected program to DIR")
    _add_compiler_options(stats)
    stats.set_defaults(run=cmd_stats)

    findings = commands.add_parser("findings", help="the corpus as one Markdown table (docs/findings.md)")
    findings.add_argument("--corpus", default="corpus", metavar="DIR")
    findings.add_argument("--write", metavar="FILE", help="write the table to FILE instead of printing it")
    findings.set_defaults(run=cmd_findings)

    releases = commands.add_parser(
        "releases",
        help="which releases have each entry's bug: its RUN lines under lit on each compiler given",
    )
    releases.add_argument("entries", nargs="*", metavar="ENTRY", help="entries (default: all of --corpus)")
    releases.add_argument(
        "--iree-opt", action="append", required=True, metavar="PATH",
        help="a release's iree-opt (iree-compile and iree-run-module of the same release beside it); repeat",
    )  # fmt: skip
    releases.add_argument("--corpus", default="corpus", metavar="DIR")
    releases.add_argument("--write", action="store_true", help="write each entry's `// releases:` line")
    releases.add_argument("--json", metavar="FILE", help="every entry's outcome on every release, with why")
    releases.set_defaults(run=cmd_releases)

    witness = commands.add_parser(
        "witness", help="make a stream program with a data finding into a runtime witness (a lit entry)"
    )
    witness.add_argument("file", metavar="FILE", help="async stream IR with placeholder dispatches")
    witness.add_argument("-o", "--output", metavar="OUT", help="write the entry here (default: stdout)")
    witness.add_argument(
        "--iree-opt", metavar="PATH", help="with --check: the compiler (default: the pinned)"
    )
    witness.add_argument(
        "--check", action="store_true", help="compile and run it: does the bug show at run time?"
    )
    witness.add_argument(
        "--compile-flag",
        metavar="FLAG",
        action="append",
        default=[],
        help="an iree-compile flag for the RUN line (repeat), e.g. --iree-hal-memoization=false past a "
        "crash of a later phase",
    )
    witness.add_argument(
        "--function", metavar="NAME", help="the public function to witness when FILE has several"
    )
    witness.set_defaults(run=cmd_witness)

    replay = commands.add_parser(
        "replay", help="replay corpus entries: fails-as-recorded / fails-differently / passes / unreadable"
    )
    replay.add_argument("paths", nargs="*", help="entries or folders (default: corpus/)")
    replay.add_argument("--json", metavar="FILE", help="write every entry's state as JSON")
    replay.add_argument("--iree-run-module", metavar="PATH", help=RUNTIME_HELP)
    _add_compiler_options(replay)
    replay.set_defaults(run=cmd_replay)
    return parser


# -- the entry point -----------------------------------------------------------------------------------

_TERMINATED = False


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    global _TERMINATED
    _TERMINATED = True
    interrupts.remember(signum)  # raised again at the next program if Python swallows this one
    raise Terminated


def _raise_held() -> None:
    """A signal that came while the command was starting (`interrupts`), raised as it would have been."""
    global _TERMINATED
    held = interrupts.pending()
    if held is None:
        return
    interrupts.forget()
    if held == signal.SIGTERM:
        _TERMINATED = True
        raise Terminated
    raise KeyboardInterrupt


def _hypothesis_out_of_the_working_directory() -> None:
    """Hypothesis keeps a cache (`.hypothesis/`) in the working directory; a campaign leaves nothing
    behind there. Inherited by every worker process."""
    if "HYPOTHESIS_STORAGE_DIRECTORY" not in os.environ:
        folder = Path(tempfile.gettempdir()) / f"stream-fuzz-hypothesis-{os.getuid()}"
        os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = str(folder)


def main(argv: Sequence[str] | None = None) -> int:
    global _TERMINATED
    _TERMINATED = False
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    interrupts.release()  # SIGINT raises again; one held while importing is raised below
    previous_int = signal.getsignal(signal.SIGINT)
    if previous_int is signal.default_int_handler:  # and is remembered, as SIGTERM is
        signal.signal(signal.SIGINT, interrupts.raise_and_remember)
    _hypothesis_out_of_the_working_directory()
    try:
        args = build_parser().parse_args(argv)
        if args.command != "run":  # `run` raises it where it still writes its reports
            _raise_held()
        if args.version:
            print(version_text())
            return EXIT_OK
        if args.command is None:
            commands = (
                "run, check, compile, replay, bisect, matrix, stats, findings, releases, status, corpus, html"
            )
            raise UsageError(f"a command is required ({commands})")
        handler: Callable[[argparse.Namespace], int] = args.run
        return handler(args)
    except (UsageError, UnknownPipeline, CompilerNotFound, SetupError, MalformedEntry) as error:
        print(f"stream-fuzz: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except ReportNotWritten as error:
        print(f"stream-fuzz: error: {error}", file=sys.stderr)
        return EXIT_INTERNAL
    except KeyboardInterrupt:
        print("stream-fuzz: interrupted (findings so far are in the corpus)", file=sys.stderr)
        return EXIT_SIGTERM if _TERMINATED else EXIT_SIGINT
    except BrokenPipeError:
        # The reader left (`| head`): say nothing more, and let no flush at exit complain either.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
    except Exception:  # a bug in stream-fuzz itself, not a finding: say so and exit 3
        import traceback

        traceback.print_exc()
        print("stream-fuzz: internal error (a bug in stream-fuzz; please report it)", file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        signal.signal(signal.SIGTERM, previous)
        if previous_int is signal.default_int_handler:
            signal.signal(signal.SIGINT, previous_int)
        interrupts.forget()


if __name__ == "__main__":
    sys.exit(main())

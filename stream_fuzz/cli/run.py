"""`run`, `matrix` and `html`: campaigns and their reports."""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from stream_fuzz import interrupts
from stream_fuzz.campaign.loop import levels_of
from stream_fuzz.campaign.matrix import Column, matrix_table, run_matrix
from stream_fuzz.campaign.parallel import RunConfig, run_parallel
from stream_fuzz.campaign.progress import Progress
from stream_fuzz.campaign.report import as_json, summary, write_json, write_junit
from stream_fuzz.campaign.tally import Stats
from stream_fuzz.cli.common import (
    EXIT_FINDING,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_SIGINT,
    EXIT_SIGTERM,
    SIGNALS,
    UsageError,
    plotting,
    positive,
    program_size_option,
    raise_held,
    report_options,
    severities,
    worker_count,
    write_file_with,
)
from stream_fuzz.compiler import CompilerInfo
from stream_fuzz.compiler.frontend import FrontendCompiler, l3_compiler_of, l3_runtime_of, takes_l3
from stream_fuzz.compiler.worker import load_hook
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.dashboard import STEP_SUMMARY
from stream_fuzz.fleet import FleetUnavailable, MachineBeat, register_machine
from stream_fuzz.fleet.registry import MIN_CLAIM_TTL_S
from stream_fuzz.fleet.status import shown
from stream_fuzz.judge.options import OptionOracle
from stream_fuzz.judge.preflight import (
    SetupError,
    defects_notice,
    identified,
    preflight,
    preflight_l3,
    runtime_defects,
    writable_file,
    writable_folder,
)
from stream_fuzz.judge.verdict import Judge


def cmd_run(args: argparse.Namespace) -> int:
    started_at = time.time()
    if args.examples is not None and args.examples < 1:
        raise UsageError("--examples must be at least 1")
    budget = positive(args.budget, "--budget") if args.budget is not None else None
    if budget is None and args.examples is None:
        budget = 60.0
    timeout = positive(args.timeout, "--timeout")
    workers = worker_count(args.workers)
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
        fail_on=severities(args.fail_on),
        program_size=program_size_option(args.size),
        shard=_shard(args.shard),
        # Not with an injected fault: the witness compiles without it, so its verdict would mislead.
        witness=args.shrink and not args.inject_fault and not args.inject_stream_fault,
        steer=args.steer,
        batch=args.batch,
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
        raise_held()
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
        signalled = SIGNALS.terminated or interrupts.pending() is not None
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
        return EXIT_SIGTERM if SIGNALS.terminated else EXIT_SIGINT
    if errors:  # a worker died or a report is missing: CI must notice, though the findings are kept
        return EXIT_INTERNAL
    return EXIT_FINDING if any(f.fails for f in stats.findings.values()) else EXIT_OK


def _set_up_run(
    args: argparse.Namespace, config: RunConfig
) -> tuple[CompilerInfo, RunConfig, tuple[str, ...]]:
    """`run`'s checks before the first program (each failure a `SetupError`/`UsageError`, exit 2)."""
    if args.html:  # first: nothing is made (not even the corpus folder) for a run that cannot report
        plotting(f"--html {args.html}: ")
    writable_folder(config.corpus, "corpus folder")
    for option, value in report_options(args):
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
            if args.l3_options and not why_not:
                config = replace(config, l3_options=_usable_options(frontend))
            defects = runtime_defects(frontend) if not why_not else frozenset()
        if defects:
            print(defects_notice(str(runtime), defects), file=sys.stderr)
            config = replace(config, l3_runtime_defects=defects)
        config = replace(config, iree_run_module=str(runtime) if runtime else None)
        if why_not:
            print(why_not, file=sys.stderr)  # once, here: the workers only count
            config = replace(config, l3_execute=False)
    return info, config, levels


def _usable_options(frontend: FrontendCompiler) -> tuple[str, ...]:
    """`--l3-options`: the variants this compiler offers and gets right on the known-good program (said
    once here; the workers check those)."""
    oracle = OptionOracle.for_compiler(frontend)
    for skipped in oracle.skipped:
        print(f"stream-fuzz: --l3-options: skipping {skipped}", file=sys.stderr)
    return tuple(variant.name for variant in oracle.variants)


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
    claim_ttl = positive(args.claim_ttl, "--claim-ttl")
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
    for option, value in report_options(args):
        writable_file(Path(value), option)
    if args.html or args.screenshot:
        plotting("")
    from stream_fuzz.dashboard.browser import NoBrowser, screenshot
    from stream_fuzz.dashboard.output import write_html, write_markdown

    if args.summary_md:
        write_file_with(Path(args.summary_md), "--summary-md", lambda path: write_markdown(path, data))
    with tempfile.TemporaryDirectory() as folder:
        page = Path(args.html or Path(folder) / "report.html")  # a screenshot without --html: a page aside
        if args.html or args.screenshot:
            write_file_with(page, "--html", lambda path: write_html(path, data))
        if args.screenshot:
            try:
                screenshot(page, Path(args.screenshot))
            except (NoBrowser, RuntimeError, subprocess.TimeoutExpired) as error:
                raise SetupError(f"--screenshot {args.screenshot}: {error}") from error
    for _, value in report_options(args):
        print(f"wrote {value}")
    return EXIT_OK


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
        budget_s=None if args.examples else positive(args.budget, "--budget"),
        seed=args.seed,
        corpus=Path(args.out),
        timeout=positive(args.timeout, "--timeout"),
        steer=False,  # every compiler draws the same programs: its table compares like with like
        shrink=args.shrink,
    )
    runtimes: list[str | None] | None = None
    if args.iree_run_module:
        if len(args.iree_run_module) != len(args.iree_opt or []):
            raise UsageError("give one --iree-run-module per --iree-opt, in the same order, or none")
        runtimes = [None] * (len(compilers) - len(args.iree_run_module)) + list(args.iree_run_module)
    writable_folder(config.corpus, "--out folder")
    try:
        raise_held()  # a signal while Python was still importing
        columns = run_matrix(
            compilers,
            config,
            worker_count(args.workers),
            log=lambda line: print(line, file=sys.stderr),
            runtimes=runtimes,
        )
    except KeyboardInterrupt:  # before any compiler was checked: still a table, saying so
        columns = [Column("not started", "", Stats(interrupted=True), [])]
    print(matrix_table(columns))
    for column in columns:
        for error in column.errors:
            print(f"stream-fuzz: {column.label}: {error}", file=sys.stderr)
    print(f"(findings of each compiler are in {args.out}/<release>/)")
    if any(column.stats.interrupted for column in columns):
        print(
            f"stream-fuzz: interrupted: {sum(1 for c in columns if c.stats.total)} of {len(compilers)} "
            "compiler(s) fuzzed, the last one only in part",
            file=sys.stderr,
        )
        return EXIT_SIGTERM if SIGNALS.terminated else EXIT_SIGINT
    return EXIT_INTERNAL if any(column.errors for column in columns) else EXIT_OK

"""The command line's grammar: every subcommand, its options and the function that runs it."""

from __future__ import annotations

import argparse
import os

from stream_fuzz.cli.check import cmd_check, cmd_compile
from stream_fuzz.cli.common import (
    HTML_HELP,
    RUNTIME_HELP,
    SIZE_HELP,
    SUMMARY_HELP,
    Parser,
    add_compiler_options,
    add_pipeline_options,
)
from stream_fuzz.cli.corpus import cmd_findings, cmd_releases, cmd_replay, cmd_stats
from stream_fuzz.cli.fleet import cmd_corpus_pull, cmd_status
from stream_fuzz.cli.run import cmd_html, cmd_matrix, cmd_run
from stream_fuzz.cli.triage import cmd_bisect, cmd_reduce, cmd_report, cmd_witness
from stream_fuzz.fleet.registry import CLAIM_TTL_S
from stream_fuzz.judge.findings import DEFAULT_FAIL_ON
from stream_fuzz.judge.verdict import DEFAULT_TIMEOUT_S
from stream_fuzz.oracles import Severity
from stream_fuzz.triage.reduce import DEFAULT_BUDGET_S


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="stream-fuzz", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--version", action="store_true", help="print the versions of stream-fuzz and its compiler"
    )
    commands = parser.add_subparsers(dest="command", parser_class=Parser)

    compile_ = commands.add_parser("compile", help="run the compiler on one program and print its output")
    compile_.add_argument("file")
    add_pipeline_options(compile_, "allocation")
    add_compiler_options(compile_)
    compile_.set_defaults(run=cmd_compile)

    check = commands.add_parser("check", help="compile a program and check placement in the output")
    check.add_argument("file")
    add_pipeline_options(check, "allocation")
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
    add_compiler_options(check)
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
    add_compiler_options(reduce)
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
        "--batch",
        type=_programs_per_compile,
        metavar="N",
        help="programs per compile (L3: per device count, chunks of 48), each finding re-checked on its "
        "program alone (default 1: one program per compile; docs/batching.md)",
    )
    run.add_argument(
        "--l3-options",
        action="store_true",
        help="L3: compile each program the default options get right again under one option variant in "
        "turn (partitioning favour, const-eval off, async-external, one device, ...; about 2x L3's cost), "
        "a variant that computes another result being a finding (stream_fuzz/judge/options.py)",
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
    add_compiler_options(run)
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
    corpus_commands = corpus_.add_subparsers(dest="corpus_command", parser_class=Parser, required=True)
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
    matrix.add_argument(
        "--no-shrink", dest="shrink", action="store_false", help="write findings unshrunk (a quick table)"
    )
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
    add_pipeline_options(bisect_, "stream")
    bisect_.add_argument(
        "--save-before",
        metavar="PATH",
        help="where to write the IR before the failing pass (FILE.before.mlir)",
    )
    bisect_.add_argument(
        "--rule",
        metavar="RULE",
        help="blame the first pass that breaks this rule (e.g. placement/read), passing over passes that "
        "break others; default: the first failure of any kind",
    )
    add_compiler_options(bisect_)
    bisect_.set_defaults(run=cmd_bisect)

    stats = commands.add_parser("stats", help="generator validity, feature coverage and speed")
    stats.add_argument(
        "--level", choices=["l1", "l2", "l3", "all"], default="l2", help="all: l1 and l2 (l3 compiles slowly)"
    )
    stats.add_argument("--examples", type=int, default=1000, metavar="N")
    stats.add_argument("--size", type=int, metavar="TOKENS", help=SIZE_HELP)
    stats.add_argument("--json", metavar="FILE", help="write the statistics as JSON")
    stats.add_argument("--seed", type=int, help="draw the same programs as an earlier run with this seed")
    stats.add_argument("--keep-invalid", metavar="DIR", help="write every rejected program to DIR")
    add_compiler_options(stats)
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
    add_compiler_options(replay)
    replay.set_defaults(run=cmd_replay)
    return parser


def _programs_per_compile(text: str) -> int:
    """`--batch N`: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value < 1:
        raise argparse.ArgumentTypeError(f"--batch takes a whole number of at least 1, not {text!r}")
    return value

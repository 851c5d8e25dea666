"""`replay`, `findings`, `releases` and `stats`: the corpus and the generator, read back."""

from __future__ import annotations

import argparse
import json
import os
import sys
from contextlib import ExitStack
from pathlib import Path

from stream_fuzz.cli.common import (
    EXIT_CANNOT_RUN,
    EXIT_FINDING,
    EXIT_OK,
    UsageError,
    positive,
    program_size_option,
    write_file,
)
from stream_fuzz.compiler import Outcome, resolve_pipeline
from stream_fuzz.compiler.frontend import FrontendCompiler, FrontendRequest, l3_compiler_of
from stream_fuzz.corpus.entry import (
    ONE_PASS_FOLDER,
    MalformedEntry,
    read_corpus,
    read_entry,
    write_atomically,
)
from stream_fuzz.corpus.replay import CANNOT_RUN, PASSES, STATES, Replay, iter_entries, replay_paths
from stream_fuzz.generators.frontend import MAX_DEVICES
from stream_fuzz.judge.preflight import SetupError, writable_file, writable_folder
from stream_fuzz.judge.verdict import Judge


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

    with Judge(args.iree_opt, timeout=positive(args.timeout, "--timeout")) as judge:
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
        write_file(Path(args.json), json.dumps(data, indent=2) + "\n", "--json")
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
    timeout = positive(args.timeout, "--timeout")
    with Judge(args.iree_opt, timeout=timeout) as judge, ExitStack() as stack:

        def compile_fn(text: str, pipeline: str) -> Judged:
            verdict = judge.judge(text, resolve_pipeline(pipeline))
            outcome = verdict.result.outcome
            diagnostic = "\n".join(map(str, verdict.result.diagnostics)) or verdict.result.stderr_tail or None
            accepted = outcome is not Outcome.DIAGNOSTIC or not judge.rejects_input(text)
            compiled = outcome in (Outcome.OK, Outcome.BAD_OUTPUT)
            return Judged(accepted, compiled, diagnostic, verdict.behaviour)

        frontend = (
            stack.enter_context(FrontendCompiler(timeout, iree_compile=l3_compiler_of(judge.compiler_info)))
            if "l3" in levels
            else None
        )

        def frontend_fn(text: str, _: str) -> Judged:
            """L3's programs are compiled, not run: the device count (the runtime's business) is any."""
            assert frontend is not None
            run = frontend.run(FrontendRequest(text, MAX_DEVICES, execute=False))
            return Judged(not run.input_rejected, run.outcome == "ok", run.message or None)

        folder = Path(args.keep_invalid) if args.keep_invalid else None
        for level in levels:
            on_invalid = (lambda text, diagnostic: keep_invalid(folder, text, diagnostic)) if folder else None
            results.append(
                collect_stats(
                    level,
                    args.examples,
                    frontend_fn if level == "l3" else compile_fn,
                    args.seed,
                    on_invalid,
                    progress=_stats_progress,
                    size=program_size_option(args.size),
                    target=judge.compiler_info.release,
                )
            )
            print(format_stats(results[-1]), flush=True)
    if args.json:
        data = results if len(results) > 1 else results[0]
        write_file(Path(args.json), json.dumps(data, indent=2) + "\n", "--json")
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
        write_file(Path(args.write), table, "--write")
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


def _stats_progress(level: str, done: int, total: int) -> None:
    if done == total or done % 100 == 0:
        print(f"stats {level}: {done}/{total} programs", file=sys.stderr, flush=True)

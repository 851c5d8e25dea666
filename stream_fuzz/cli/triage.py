"""`reduce`, `report`, `bisect` and `witness`: from a corpus entry to an upstream-ready reproducer."""

from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

from stream_fuzz.cli.common import (
    EXIT_FINDING,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_USAGE,
    REPORT_TIMEOUT_HANG_S,
    REPORT_TIMEOUT_S,
    UsageError,
    check_compilers,
    entry_at,
    parse_or_usage_error,
    pipeline_of,
    positive,
    read_program,
    who,
    write_file,
)
from stream_fuzz.compiler import CompilerNotFound
from stream_fuzz.corpus.entry import (
    Entry,
    MalformedEntry,
    code_lines,
    read_corpus,
    read_entry,
    write_atomically,
)
from stream_fuzz.corpus.replay import replay_entry
from stream_fuzz.judge.preflight import writable_file, writable_folder
from stream_fuzz.judge.verdict import DEFAULT_TIMEOUT_S, Judge
from stream_fuzz.oracles import Rule
from stream_fuzz.triage.bisect import BisectError, OracleSteps, bisect, count_steps, expand_pipeline
from stream_fuzz.triage.entry_draft import draft_from_entry, related
from stream_fuzz.triage.issue_draft import ReleaseResult, async_clobber_in_any, draft_issue
from stream_fuzz.triage.reduce import NotReproduced, one_pass_path, reduce_entry
from stream_fuzz.triage.run_lines import ONE_PASS, REPRO, Tools, find_tools, lit_text, run_file


def cmd_reduce(args: argparse.Namespace) -> int:
    entry = entry_at(args.entry)
    path = entry.path
    target = Path(args.output) if args.output else one_pass_path(entry)
    if not args.output:
        writable_folder(entry.path.parent, "the entry's corpus folder")
        target.parent.mkdir(exist_ok=True)
    if args.output != "-":
        writable_file(target, "-o")
    with Judge(args.iree_opt, timeout=positive(args.timeout, "--timeout")) as judge:
        try:
            reduction = reduce_entry(entry, judge, budget_s=positive(args.budget, "--budget"))
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
        text = keep_one_pass_human_lines(target, text)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_file(target, text, "-o" if args.output else "the one-pass file")
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


def keep_one_pass_human_lines(target: Path, new: str) -> str:
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
    timeout = positive(args.timeout, "--timeout") if args.timeout is not None else None
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
    entries = [entry_at(str(path)) for path in paths]
    open_entries = [entry for entry in entries if entry.status == "open" or not args.all]
    if args.output and (args.all or args.write_drafts):
        raise UsageError("-o is for one entry; --write-drafts DIR writes one draft an entry")
    if args.output:
        writable_file(Path(args.output), "-o")
    if args.write_drafts:
        writable_folder(Path(args.write_drafts), "--write-drafts")
    check_compilers(args.iree_opt or [], timeout or DEFAULT_TIMEOUT_S)
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
            write_file(Path(args.output), text, "-o")
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
    entry = entry_at(args.entry)
    if args.output:
        writable_file(Path(args.output), "-o")
    timeout = positive(args.timeout if args.timeout is not None else DEFAULT_TIMEOUT_S, "--timeout")
    budget = positive(args.budget, "--budget")
    check_compilers(args.iree_opt or [], timeout)  # before the reduction
    with Judge(timeout=timeout) as pinned:
        try:
            reduction = reduce_entry(entry, pinned, budget_s=budget)
        except NotReproduced as error:
            print(f"stream-fuzz report: {error}", file=sys.stderr)
            return EXIT_FINDING
        except BisectError as error:
            raise UsageError(str(error)) from error
        releases = [ReleaseResult(who(pinned), replay_entry(entry, pinned))]
    for path in args.iree_opt or []:
        with Judge(path, timeout=timeout) as other:
            print(f"stream-fuzz report: replaying on {other.compiler_info.version}", file=sys.stderr)
            clobber = None
            if reduction.finding.rules and reduction.finding.rules[0] is Rule.CLOBBER:
                clobber = async_clobber_in_any(other, entry)
            releases.append(ReleaseResult(who(other), replay_entry(entry, other), clobber))
    text = draft_issue(entry, reduction, releases)
    if args.output:
        write_file(Path(args.output), text, "-o")
        print(f"stream-fuzz report: wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return EXIT_OK


def cmd_bisect(args: argparse.Namespace) -> int:
    # The step oracle judges each pass's output as IR; these need the async stage, a run at L3, or IREE's
    # checker passes, which it does not run.
    unseen = {Rule.CLOBBER.id, Rule.RESULT.id, Rule.INPUT.id, Rule.AFFINITY.id, Rule.ACCESS_RANGE.id}
    known = sorted(rule.id for rule in Rule if rule.id not in unseen)
    if args.rule is not None and args.rule not in known:
        why = "not judged pass by pass" if args.rule in unseen else "no such rule"
        raise UsageError(f"--rule {args.rule}: {why} (bisect can look for: {', '.join(known)})")
    text = read_program(args.file)
    pipeline = pipeline_of(args, text, "stream")
    timeout = positive(args.timeout, "--timeout")
    with Judge(args.iree_opt, timeout=timeout) as judge:
        judge.check_pipeline(pipeline)
        parse_or_usage_error(judge, text, args.file)
        try:
            plan = expand_pipeline(pipeline, text, iree_opt=args.iree_opt, timeout=timeout)
        except BisectError as error:
            raise UsageError(str(error)) from error
        steps = OracleSteps(judge, text)
        report = bisect(
            text, plan, steps, check_input=steps.check, full_pipeline=pipeline, until_rule=args.rule
        )
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
    for step, rules in report.passed_over:
        print(f"{args.file}: passed over {step.label()}, which breaks {', '.join(rules)}")
    if report.failing is None:
        ran = f"{len(report.ran)} steps run, {count_steps(plan)} passes"
        print(f"{args.file}: no pass breaks {args.rule or 'a rule'} ({ran})")
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

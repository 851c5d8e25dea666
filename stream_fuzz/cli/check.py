"""`compile` and `check`: one program (or a file of several) through the compiler and the oracle."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

from stream_fuzz.cli.common import (
    EXIT_FINDING,
    EXIT_OK,
    UsageError,
    parse_or_usage_error,
    pipeline_of,
    positive,
    read_program,
)
from stream_fuzz.compiler import Outcome, open_compiler
from stream_fuzz.corpus.entry import SPLIT, code_lines, split_programs
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.preflight import writable_folder
from stream_fuzz.judge.verdict import Judge, Verdict


def cmd_compile(args: argparse.Namespace) -> int:
    text = read_program(args.file)
    pipeline = pipeline_of(args, text, "allocation")
    programs = split_programs(text) or (text,)
    failed = False
    with open_compiler(args.iree_opt, timeout=positive(args.timeout, "--timeout")) as compiler:
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
    text = read_program(args.file)
    pipeline = pipeline_of(args, text, "allocation")
    if args.async_ir and not args.no_compile:
        raise UsageError("--async-ir reads IR as it is: it needs --no-compile")
    if args.record and not args.no_compile:
        writable_folder(Path(args.record), "--record folder")
    programs = split_programs(text) or (text,)
    verdicts = []
    with Judge(args.iree_opt, timeout=positive(args.timeout, "--timeout")) as judge:
        if args.no_compile:
            program = read_program(args.input) if args.input else None
            for output in _printed_modules(text):
                verdicts.append(judge.check_output(output, program, async_ir=args.async_ir))
        else:
            judge.check_pipeline(pipeline)
            for number, program in enumerate(programs, 1):
                parse_or_usage_error(judge, program, _label(args.file, number, len(programs)))
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
    finding = corpus.attribute(finding).finding  # kept apart from an entry whose symptom is absent
    result = verdict.result
    by = "by stream-fuzz check"
    path = corpus.record_finding(finding, program, pipeline, result.compiler, result.output, by)
    where = path or f"known: {corpus.known[finding.signature].path}"
    print(f"{label}: {finding.title} [{finding.signature}] -> {where}")

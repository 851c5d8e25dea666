"""`stream-fuzz`: the command line. Thin: each subcommand parses options and calls a library function.

Exit codes shared by every subcommand: 0 clean, 1 a finding / not ok, 2 bad input or usage, 3 internal error.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from stream_fuzz.compiler import CompilerNotFound, Outcome, UnknownPipeline, open_compiler, resolve_pipeline
from stream_fuzz.corpus import Corpus
from stream_fuzz.findings import finding_from
from stream_fuzz.judge import Judge
from stream_fuzz.replay import ERROR, NOW_PASSING, STILL_FAILING, replay_paths

EXIT_OK, EXIT_FINDING, EXIT_USAGE, EXIT_INTERNAL = 0, 1, 2, 3


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one clear line instead of a usage dump
        raise UsageError(message)


def _read_program(path: str) -> str:
    file = Path(path)
    if not file.is_file():
        raise UsageError(f"no such file: {path}")
    try:
        return file.read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"cannot read {path}: {error}") from error


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
        default=60.0,
        metavar="S",
        help="per-program compile time limit in seconds (default 60)",
    )


def cmd_compile(args: argparse.Namespace) -> int:
    text = _read_program(args.file)
    pipeline = resolve_pipeline(args.pipeline, args.pass_pipeline)
    with open_compiler(args.iree_opt, timeout=args.timeout) as compiler:
        result = compiler.compile(text, pipeline)
    if result.ok:
        sys.stdout.write(result.output or "")
        print(f"// {result.summary()}", file=sys.stderr)
        return EXIT_OK
    print(f"{args.file}: {result.summary()}", file=sys.stderr)
    for diagnostic in result.diagnostics[1:]:
        print(f"  {diagnostic}", file=sys.stderr)
    if result.stderr_tail and not result.diagnostics:
        print(result.stderr_tail, file=sys.stderr)
    return EXIT_FINDING


def cmd_check(args: argparse.Namespace) -> int:
    text = _read_program(args.file)
    pipeline = resolve_pipeline(args.pipeline, args.pass_pipeline)
    with Judge(args.iree_opt, timeout=args.timeout) as judge:
        verdict = judge.check_output(text) if args.no_compile else judge.judge(text, pipeline)
    result = verdict.result
    if args.no_compile and result.outcome is Outcome.DIAGNOSTIC:
        first = result.diagnostics[0] if result.diagnostics else "unparsable"
        raise UsageError(f"{args.file} is not readable IR: {first}")
    if args.json:
        print(json.dumps(verdict.to_json(), indent=2))
    elif result.outcome is not Outcome.OK:
        print(f"{args.file}: {result.summary()}")
        if result.stderr_tail and not result.diagnostics:
            print(result.stderr_tail)
    else:
        for violation in verdict.violations:
            print(f"[{violation['rule']}] {violation['message']}")
            print(f"    at {violation['location']}: {violation['op']}")
        unknown = sum(verdict.unknown.values())
        note = f", {unknown} placements unknown (not judged)" if unknown else ""
        print(f"{args.file}: {len(verdict.violations)} violation(s){note} ({result.compiler.version})")
    if args.record and not args.no_compile:
        finding = finding_from(verdict, promised_valid=True)
        if finding is not None:
            corpus = Corpus(Path(args.record))
            path = corpus.record(
                finding, text, pipeline, result.compiler, result.output, "by stream-fuzz check"
            )
            where = path or f"known: {corpus.known[finding.signature].path}"
            print(f"{args.file}: {finding.title} [{finding.signature}] -> {where}")
    return EXIT_OK if verdict.clean else EXIT_FINDING


def cmd_replay(args: argparse.Namespace) -> int:
    paths = [Path(p) for p in args.paths] or [Path("corpus")]
    for path in paths:
        if not path.exists():
            raise UsageError(f"no such file or folder: {path}")
    with Judge(args.iree_opt, timeout=args.timeout) as judge:
        print(f"replaying against {judge.compiler_info.version} ({judge.compiler_info.path})")
        results = replay_paths(paths, judge)
    for replay in results:
        flag = (
            "  <-- " + ("regression" if replay.status == "fixed" else "fixed upstream?")
            if replay.surprising
            else ""
        )
        status = f"[{replay.status}]" if replay.status else ""
        print(f"{replay.state:<14} {status:<12} {replay.path}{flag}")
        if replay.reason and replay.state != NOW_PASSING:
            print(f"{'':<27} {replay.reason[:300]}")
    counts = {state: sum(r.state == state for r in results) for state in (STILL_FAILING, NOW_PASSING, ERROR)}
    print(", ".join(f"{n} {state}" for state, n in counts.items()))
    bad = [r for r in results if r.surprising or r.state == ERROR]
    return EXIT_FINDING if bad else EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="stream-fuzz", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    compile_ = commands.add_parser("compile", help="run the compiler on one program and print its output")
    compile_.add_argument("file")
    group = compile_.add_mutually_exclusive_group()
    group.add_argument(
        "--pipeline",
        default="allocation",
        help="named pipeline: allocation (schedule-allocation only) or stream (whole phase)",
    )
    group.add_argument("--pass-pipeline", metavar="STR", help="a custom pass pipeline")
    _add_compiler_options(compile_)
    compile_.set_defaults(run=cmd_compile)

    check = commands.add_parser("check", help="compile a program and check placement in the output")
    check.add_argument("file")
    group = check.add_mutually_exclusive_group()
    group.add_argument("--pipeline", default="allocation", help="named pipeline (allocation | stream)")
    group.add_argument("--pass-pipeline", metavar="STR", help="a custom pass pipeline")
    check.add_argument("--no-compile", action="store_true", help="FILE is already compiled IR: only check it")
    check.add_argument("--json", action="store_true", help="print the verdict as JSON")
    check.add_argument(
        "--record", metavar="DIR", help="write a finding into this corpus folder (e.g. corpus)"
    )
    _add_compiler_options(check)
    check.set_defaults(run=cmd_check)

    replay = commands.add_parser("replay", help="replay corpus entries: still-failing / now-passing / error")
    replay.add_argument("paths", nargs="*", help="entries or folders (default: corpus/)")
    _add_compiler_options(replay)
    replay.set_defaults(run=cmd_replay)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        handler: Callable[[argparse.Namespace], int] = args.run
        return handler(args)
    except (UsageError, UnknownPipeline, CompilerNotFound) as error:
        print(f"stream-fuzz: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("stream-fuzz: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())

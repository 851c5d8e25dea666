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
from stream_fuzz.judge import Judge

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
    return EXIT_OK if verdict.clean else EXIT_FINDING


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
    _add_compiler_options(check)
    check.set_defaults(run=cmd_check)
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

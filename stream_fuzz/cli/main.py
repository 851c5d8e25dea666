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
import os
import signal
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from types import FrameType

# The package's __init__ imported `interrupts` first: a SIGINT/SIGTERM during the heavy imports below
# (1-3 s) is held and raised where a campaign can still write its reports.
from stream_fuzz import interrupts
from stream_fuzz.cli.common import (
    EXIT_BROKEN_PIPE,
    EXIT_INTERNAL,
    EXIT_OK,
    EXIT_SIGINT,
    EXIT_SIGTERM,
    EXIT_USAGE,
    SIGNALS,
    ReportNotWritten,
    Terminated,
    UsageError,
    raise_held,
    version_text,
)
from stream_fuzz.cli.parser import build_parser
from stream_fuzz.compiler import CompilerNotFound, UnknownPipeline
from stream_fuzz.corpus.entry import MalformedEntry
from stream_fuzz.judge.preflight import SetupError


def _on_sigterm(signum: int, frame: FrameType | None) -> None:
    if interrupts.put_off(signum):  # in a section that must not be cut short: raised at its end
        return
    SIGNALS.terminated = True
    interrupts.remember(signum)  # raised again at the next program if Python swallows this one
    raise Terminated


def _hypothesis_out_of_the_working_directory() -> None:
    """Hypothesis keeps a cache (`.hypothesis/`) in the working directory; a campaign leaves nothing
    behind there. Inherited by every worker process."""
    if "HYPOTHESIS_STORAGE_DIRECTORY" not in os.environ:
        folder = Path(tempfile.gettempdir()) / f"stream-fuzz-hypothesis-{os.getuid()}"
        os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = str(folder)


def _quiet_about_swallowed_interrupts(unraisable: sys.UnraisableHookArgs) -> None:
    """A signal whose exception was raised where Python cannot propagate it (a gc callback, a __del__)
    is printed as "Exception ignored ... Traceback". It is remembered (`interrupts`) and raised again at
    the next program, so the command still stops as interrupted: no traceback for the user to read."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt) and interrupts.pending() is not None:
        return
    sys.__unraisablehook__(unraisable)


def main(argv: Sequence[str] | None = None) -> int:
    SIGNALS.terminated = False
    previous = signal.signal(signal.SIGTERM, _on_sigterm)
    previous_unraisable, sys.unraisablehook = sys.unraisablehook, _quiet_about_swallowed_interrupts
    interrupts.release()  # SIGINT raises again; one held while importing is raised below
    previous_int = signal.getsignal(signal.SIGINT)
    if previous_int is signal.default_int_handler:  # and is remembered, as SIGTERM is
        signal.signal(signal.SIGINT, interrupts.raise_and_remember)
    _hypothesis_out_of_the_working_directory()
    try:
        args = build_parser().parse_args(argv)
        if args.command not in ("run", "matrix"):  # these raise it where they still write their reports
            raise_held()
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
        return EXIT_SIGTERM if SIGNALS.terminated else EXIT_SIGINT
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
        sys.unraisablehook = previous_unraisable
        signal.signal(signal.SIGTERM, previous)
        if previous_int is signal.default_int_handler:
            signal.signal(signal.SIGINT, previous_int)
        interrupts.forget()

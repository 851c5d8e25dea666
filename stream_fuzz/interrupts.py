"""Signals that arrive before the command is ready for them: while Python imports stream-fuzz (1-3 s).

The package (`stream_fuzz/__init__.py`) imports this module before anything else. When the process is the
command (the `stream-fuzz` script, `python -m stream_fuzz.cli`, or a campaign worker spawned by either),
importing it holds SIGINT and SIGTERM: they are only remembered, and the command raises them where it can
still report (`pending()`), so a job cancelled in its first seconds still writes its JSON and JUnit and
exits 130 / 143.
Cheap to import: nothing but the standard library. (A signal in the first ~0.2 s, while Python itself
starts, still has its default effect.)
"""

from __future__ import annotations

import contextlib
import functools
import itertools
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import ParamSpec, TypeVar

_held: list[int] = []
_holding = False
_depth = 0  # how deep the main thread is in `not_interrupted` sections
_put_off: list[int] = []  # signals that came inside one, delivered again when the outermost ends

P = ParamSpec("P")
R = TypeVar("R")


def _remember(signum: int, frame: FrameType | None) -> None:
    _held.append(signum)


def hold() -> None:
    """Remember SIGINT and SIGTERM instead of acting on them (main thread only; SIGINT only when it is
    not ignored: a worker started with it ignored keeps it so)."""
    global _holding
    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        signal.signal(signal.SIGINT, _remember)
    signal.signal(signal.SIGTERM, _remember)
    _holding = True


def release() -> int | None:
    """Stop holding: SIGINT raises KeyboardInterrupt again (SIGTERM is the caller's to install). Returns
    the first signal held meanwhile, if any."""
    global _holding
    if _holding and signal.getsignal(signal.SIGINT) is _remember:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    _holding = False
    return _held[0] if _held else None


def remember(signum: int) -> None:
    _held.append(signum)


def raise_and_remember(signum: int, frame: FrameType | None) -> None:
    """SIGINT while a campaign runs: KeyboardInterrupt, remembered too (`pending()`), so that one Python
    swallows (raised inside a garbage-collector callback, say) is raised again at the next program."""
    if put_off(signum):
        return
    _held.append(signum)
    raise KeyboardInterrupt


def put_off(signum: int) -> bool:
    """For a handler that raises: inside `not_interrupted`, do not (the signal is delivered again when the
    section ends); True when it was put off."""
    if _depth == 0 or threading.current_thread() is not threading.main_thread():
        return False
    _put_off.append(signum)
    return True


@contextlib.contextmanager
def not_interrupted() -> Iterator[None]:
    """A section SIGINT and SIGTERM wait for: the outermost section's end delivers the first again. For
    code an exception must not cut short:
    - reading IR with MLIR's bindings, which run Python beneath C++ frames (a walk's visitor; a dialect's
      module, imported on the first op of that dialect): an exception a handler raises there unwinds into
      C++ built without exceptions, and the process aborts (SIGABRT, no reports);
    - starting a worker process: cut short, the child reads a closed pipe and prints a traceback.
    Keep sections short (no compile inside): an interrupt waits for them."""
    global _depth
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0 and _put_off:
            signum = _put_off[0]
            _put_off.clear()
            signal.raise_signal(signum)  # its handler runs now, outside the section


def not_interruptible(function: Callable[P, R]) -> Callable[P, R]:
    """`function` runs as one `not_interrupted` section (it must not yield or wait on a compile)."""

    @functools.wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        with not_interrupted():
            return function(*args, **kwargs)

    return wrapper


def pending() -> int | None:
    """The first signal held, if any (it stays held: the command raises it where it reports)."""
    return _held[0] if _held else None


def forget() -> None:
    _held.clear()


def _is_the_command() -> bool:
    """The `stream-fuzz` script, `python -m stream_fuzz.cli` (whose argv[0] is "-m" while the package is
    imported), or a worker either spawned (its argv is the parent's)."""
    name = sys.argv[0] if sys.argv else ""
    if name.endswith("stream-fuzz") or name.endswith(os.path.join("stream_fuzz", "cli", "__main__.py")):
        return True
    argv = getattr(sys, "orig_argv", [])
    return any(a == "-m" and b == "stream_fuzz.cli" for a, b in itertools.pairwise(argv))


if _is_the_command():
    hold()

"""One restartable worker process, as both compiler backends that run IREE in-process use it (the pinned
bindings for L1/L2, `inprocess.py`; the compiler and runtime for L3, `frontend.py`).

A worker is spawned (never forked: the parent may hold an MLIR context), answers requests over a pipe and
writes the compiler's own stderr to a file the parent reads after a crash. A request that gets no answer
in time, or whose worker dies, kills only the worker: the next request starts a fresh one. After
`recycle_after` programs the worker is replaced anyway, since an MLIR context never forgets what it has
seen.

With `spare=True` a second worker is kept started and idle (its own stderr file): a worker that dies or is
recycled is replaced by it at once, and the next spare starts beside the next request. Starting an L3
worker (the compiler's and the runtime's libraries, ~0.7 CPU-s, 2-3 s on a loaded machine) was paid by the
request after every crash.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import tempfile
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Answer:
    """What came back for one request: the reply, or None when the worker hung (`timed_out`) or died."""

    reply: Any
    timed_out: bool = False
    exitcode: int | None = None  # of a dead worker: negative for a signal


class WorkerProcess:
    def __init__(
        self,
        serve: Callable[..., None],
        args: tuple[Any, ...],
        log_prefix: str,
        recycle_after: int,
        ready_s: float | None = None,
        name: str = "compiler worker",
        spare: bool = False,
    ) -> None:
        """`serve(conn, stderr_path, *args)` runs in the worker. With `ready_s`, the worker first sends
        "ready" once it has loaded what it needs; one that does not within `ready_s` seconds is a broken
        setup (RuntimeError), never a compiler crash to report as a finding."""
        self._serve, self._args = serve, args
        self.name = name
        self.recycle_after = recycle_after
        self.ready_s = ready_s
        self._process: Any = None
        self._conn: Any = None
        self._served = 0
        self._log_prefix = log_prefix
        self.stderr_path = self._new_log()
        self._spare: tuple[Any, Any, str] | None = None  # process, pipe, stderr file
        self._keep_spare = spare

    def ask(self, request: Any, wait_s: float, programs: int = 1) -> Answer:
        """Send `request` (counting `programs` toward recycling) and wait up to `wait_s` for the reply."""
        if self._process is None or not self._process.is_alive() or self._served >= self.recycle_after:
            self.stop()
            self._start()
            if self._keep_spare:
                self._spare = self._spawn(self._new_log())
        self._served += programs
        try:
            self._conn.send(request)
            answered = self._conn.poll(wait_s)
            reply = self._conn.recv() if answered else None
        except (EOFError, BrokenPipeError, ConnectionResetError):
            answered, reply = True, None  # the worker died mid-request
        if reply is not None:
            return Answer(reply)
        if not answered:
            self.stop()  # kill the hung worker; the next request starts a fresh one
            return Answer(None, timed_out=True)
        self._process.join(timeout=5)
        code = self._process.exitcode
        self.stop()
        return Answer(None, exitcode=code)

    def stderr(self) -> str:
        """What the worker (and the compiler in it) wrote to stderr for the last request."""
        try:
            with open(self.stderr_path, errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def stop(self) -> None:
        if self._process is not None:
            if self._process.is_alive():
                self._process.kill()
            self._process.join(timeout=5)
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None

    def close(self) -> None:
        self.stop()
        if self._spare is not None:
            process, conn, path = self._spare
            self._spare = None
            _end(process, conn)
            _unlink(path)
        _unlink(self.stderr_path)

    def _new_log(self) -> str:
        fd, path = tempfile.mkstemp(prefix=self._log_prefix, suffix=".log")
        os.close(fd)
        return path

    def _spawn(self, stderr_path: str) -> tuple[Any, Any, str]:
        ctx = multiprocessing.get_context("spawn")
        parent, child = ctx.Pipe()
        process = ctx.Process(target=self._serve, args=(child, stderr_path, *self._args), daemon=True)
        try:
            with sigint_ignored():  # the child starts with Ctrl-C ignored (its serve() keeps it so)
                process.start()
        finally:
            child.close()
        return process, parent, stderr_path

    def _start(self) -> None:
        """Make the spare (when one is kept and alive) the worker, else start one; wait until it is ready."""
        spare, self._spare = self._spare, None
        if spare is not None and not spare[0].is_alive():
            _end(spare[0], spare[1])
            _unlink(spare[2])
            spare = None
        process, parent, path = spare if spare is not None else self._spawn(self.stderr_path)
        if path != self.stderr_path:  # the spare's own file is this worker's now
            _unlink(self.stderr_path)
            self.stderr_path = path
        self._process, self._conn, self._served = process, parent, 0
        if self.ready_s is None:
            return
        try:
            ready = parent.poll(self.ready_s) and parent.recv() == "ready"
        except (EOFError, ConnectionResetError):
            ready = False
        if not ready:
            self.stop()
            raise RuntimeError(f"the {self.name} did not start:\n{self.stderr()[-3000:]}".strip())


def _end(process: Any, conn: Any) -> None:
    if process.is_alive():
        process.kill()
    process.join(timeout=5)
    conn.close()


def _unlink(path: str) -> None:
    if os.path.exists(path):
        os.unlink(path)


@contextlib.contextmanager
def sigint_ignored() -> Iterator[None]:
    """Ignore Ctrl-C while a worker is spawned. An ignored signal stays ignored in the new interpreter,
    which then never dies of a Ctrl-C (or a campaign's stop request) while it imports the bindings, before
    serve() could ignore it: that death looked like a failure of stream-fuzz."""
    if threading.current_thread() is not threading.main_thread():
        yield  # only the main thread may change handlers; spawning elsewhere keeps the old window
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)

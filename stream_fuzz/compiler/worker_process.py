"""One restartable worker process, as both compiler backends that run IREE in-process use it (the pinned
bindings for L1/L2, `inprocess.py`; the compiler and runtime for L3, `frontend.py`).

A worker is spawned (never forked: the parent may hold an MLIR context), answers requests over a pipe and
writes the compiler's own stderr to a file the parent reads after a crash. A request that gets no answer
in time, or whose worker dies, kills only the worker: the next request starts a fresh one. After
`recycle_after` programs the worker is replaced anyway, since an MLIR context never forgets what it has
seen.

With `preload` (module names) workers are forked from multiprocessing's fork server, a process started
once (as a spawned one: fresh, no MLIR context, no compiler threads) that imports those modules first: a
new worker then starts with them loaded. An L3 worker's start (the compiler's and the runtime's
libraries, ~0.7 CPU-s, 2-4 s on a loaded machine) was paid by the request after every crash.
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

from stream_fuzz import interrupts


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
        preload: tuple[str, ...] = (),
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
        self._preload = preload
        fd, self.stderr_path = tempfile.mkstemp(prefix=log_prefix, suffix=".log")
        os.close(fd)

    def ask(self, request: Any, wait_s: float, programs: int = 1) -> Answer:
        """Send `request` (counting `programs` toward recycling) and wait up to `wait_s` for the reply."""
        if self._process is None or not self._process.is_alive() or self._served >= self.recycle_after:
            self.stop()
            self._start()
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
        if os.path.exists(self.stderr_path):
            os.unlink(self.stderr_path)

    def _start(self) -> None:
        ctx: Any = multiprocessing.get_context("spawn")
        if self._preload:
            ctx = multiprocessing.get_context("forkserver")
            ctx.set_forkserver_preload(list(self._preload))  # read when the fork server first starts
        parent, child = ctx.Pipe()
        process = ctx.Process(target=self._serve, args=(child, self.stderr_path, *self._args), daemon=True)
        try:
            # The child starts with Ctrl-C ignored (its serve() keeps it so); a SIGTERM waits until the
            # child has its start-up data.
            with sigint_ignored(), interrupts.not_interrupted():
                process.start()
        finally:
            child.close()
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

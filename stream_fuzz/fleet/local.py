"""A throwaway `redis-server` on a free localhost port, in a folder of its own: for the fleet tests and
the fleet benchmark (a real fleet points `--db` at a Redis it runs itself)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import redis


class LocalRedisError(RuntimeError):
    """redis-server is not installed, or did not start."""


@dataclass
class LocalRedis:
    """A redis-server process its owner may kill."""

    process: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait(timeout=10)


def start_local_redis(folder: Path, *, wait_s: float = 30.0, attempts: int = 5) -> LocalRedis:
    """Start redis-server without persistence, listening on 127.0.0.1 only, and wait until it answers.

    The free port is only free when probed: another process (a parallel test's server or client) can take
    it before redis-server binds it. Then this server exits, or (worse) another one answers on the port;
    either way a fresh port is tried, so that no two owners ever share a server."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise LocalRedisError("redis-server is not installed (apt-get install redis-server)")
    import redis  # the fleet extra; imported here so that a missing extra is the caller's clear error

    folder.mkdir(parents=True, exist_ok=True)
    tried: list[int] = []
    for _ in range(attempts):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            port = int(probe.getsockname()[1])
        tried.append(port)
        command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        process = subprocess.Popen(
            [*command, "--dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        answer = _who_answers(redis.Redis(port=port), process, wait_s)
        if answer == "ours":
            return LocalRedis(process, port)
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
        if answer == "nobody":  # alive but silent for `wait_s`: no port clash, a broken server
            raise LocalRedisError(f"redis-server did not answer on port {port} within {wait_s:g} s")
    raise LocalRedisError(f"redis-server did not start on ports {', '.join(map(str, tried))} (in use?)")


def _who_answers(client: redis.Redis, process: subprocess.Popen[bytes], wait_s: float) -> str:
    """ "ours" when `process` answers on the client's port; "other" when another server holds the port (or
    `process` exited: it could not bind it); "nobody" when nothing answered within `wait_s`."""
    import redis

    deadline = time.monotonic() + wait_s
    try:
        while process.poll() is None:
            try:
                return "ours" if int(client.info("server")["process_id"]) == process.pid else "other"
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    return "nobody"
                time.sleep(0.05)
        return "other"
    finally:
        client.close()

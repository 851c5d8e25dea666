"""A throwaway `redis-server` on a free localhost port, in a folder of its own: for the fleet tests and
the fleet benchmark (a real fleet points `--db` at a Redis it runs itself)."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path


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


def start_local_redis(folder: Path, *, wait_s: float = 5.0) -> LocalRedis:
    """Start redis-server without persistence, listening on 127.0.0.1 only, and wait until it answers."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise LocalRedisError("redis-server is not installed (apt-get install redis-server)")
    import redis  # the fleet extra; imported here so that a missing extra is the caller's clear error

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = int(probe.getsockname()[1])
    folder.mkdir(parents=True, exist_ok=True)
    command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    process = subprocess.Popen(
        [*command, "--dir", str(folder)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    client = redis.Redis(port=port)
    deadline = time.monotonic() + wait_s
    try:
        while True:
            try:
                client.ping()
                return LocalRedis(process, port)
            except redis.ConnectionError:
                if process.poll() is not None or time.monotonic() > deadline:
                    process.kill()
                    raise LocalRedisError(f"redis-server did not start on port {port}") from None
                time.sleep(0.05)
    finally:
        client.close()

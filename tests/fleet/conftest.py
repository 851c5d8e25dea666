"""A real `redis-server` per test, on a free localhost port, in the test's own folder: no mocks.

Without the binary the fleet tests are skipped, saying why; CI (`.ci/run`) installs it and sets
STREAM_FUZZ_REQUIRE_REDIS=1, which turns the skip into a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class RedisServer:
    """A redis-server process the test may kill."""

    process: subprocess.Popen[bytes]
    port: int

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def kill(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)


def start_redis(folder: Path) -> RedisServer:
    binary = shutil.which("redis-server")
    if binary is None:
        if os.environ.get("STREAM_FUZZ_REQUIRE_REDIS"):
            pytest.fail("redis-server is not installed (apt-get install redis-server)")
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    pytest.importorskip("redis", reason="the fleet extra is not installed: pip install -e '.[fleet]'")
    import redis

    port = _free_port()
    folder.mkdir(parents=True, exist_ok=True)
    process = subprocess.Popen(
        [
            binary,
            "--port",
            str(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "no",
            "--dir",
            str(folder),
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    client = redis.Redis(port=port)
    for _ in range(100):
        try:
            client.ping()
            break
        except redis.ConnectionError:
            time.sleep(0.05)
    else:
        process.kill()
        pytest.fail(f"redis-server did not start on port {port}")
    client.close()
    return RedisServer(process, port)


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    server = start_redis(tmp_path / "redis")
    yield server
    if server.process.poll() is None:
        server.kill()

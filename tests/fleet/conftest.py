"""A real `redis-server` per test, on a free localhost port, in the test's own folder: no mocks.

Without the binary the fleet tests are skipped, saying why; CI (`.ci/run`) installs it and sets
STREAM_FUZZ_REQUIRE_REDIS=1, which turns the skip into a failure.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from stream_fuzz.fleet.local import LocalRedis, LocalRedisError, start_local_redis


def start_redis(folder: Path) -> LocalRedis:
    if shutil.which("redis-server") is None:
        if os.environ.get("STREAM_FUZZ_REQUIRE_REDIS"):
            pytest.fail("redis-server is not installed (apt-get install redis-server)")
        pytest.skip("redis-server is not installed (apt-get install redis-server)")
    pytest.importorskip("redis", reason="the fleet extra is not installed: pip install -e '.[fleet]'")
    try:
        return start_local_redis(folder)
    except LocalRedisError as error:
        pytest.fail(str(error))


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[LocalRedis]:
    server = start_redis(tmp_path / "redis")
    yield server
    server.kill()

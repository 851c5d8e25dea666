"""The throwaway redis-server the fleet tests start: each owner gets a server of its own, even when the
port it probed is taken before redis-server binds it (parallel test workers start servers at once)."""

from __future__ import annotations

import socket
from pathlib import Path

import pytest
import redis

from stream_fuzz.fleet import local
from stream_fuzz.fleet.local import LocalRedis


class _ProbeGivingATakenPort:
    """Stands in for the port probe only: its first answer is a port another server already holds."""

    def __init__(self, taken: int) -> None:
        self.taken = [taken]

    def socket(self) -> _Probe:
        return _Probe(self.taken.pop() if self.taken else None)


class _Probe:
    def __init__(self, port: int | None) -> None:
        self.port, self.real = port, socket.socket()

    def __enter__(self) -> _Probe:
        return self

    def __exit__(self, *exc: object) -> None:
        self.real.close()

    def bind(self, address: tuple[str, int]) -> None:
        self.real.bind(address)

    def getsockname(self) -> tuple[str, int]:
        return ("127.0.0.1", self.port) if self.port is not None else self.real.getsockname()


def test_a_port_taken_before_the_server_binds_it_is_not_shared(
    redis_server: LocalRedis, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(local, "socket", _ProbeGivingATakenPort(redis_server.port))
    mine = local.start_local_redis(tmp_path / "mine")
    try:
        assert mine.port != redis_server.port
        ours, theirs = redis.Redis(port=mine.port), redis.Redis(port=redis_server.port)
        assert int(ours.info("server")["process_id"]) == mine.process.pid
        ours.set("owner", "mine")
        assert theirs.get("owner") is None  # two servers: nothing written to one shows in the other
        ours.close()
        theirs.close()
    finally:
        mine.kill()

"""The fleet's registry against a real Redis: atomic claims, the smallest entry kept, a dead worker's claim
taken over, the shared example database, status, pull, and Redis going away."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from stream_fuzz.campaign.parallel import worker_seed
from stream_fuzz.corpus.entry import read_entry
from stream_fuzz.fleet import Fleet, FleetAddress, register_machine
from stream_fuzz.fleet.local import LocalRedis
from stream_fuzz.fleet.status import pull_entries, read_status, shown
from tests.conftest import CORPUS

ENTRY = CORPUS / "crash-memoize-outlining-of-fills-on-an-elided-device.mlir"


def worker(url: str, machine: str, index: int = 0, ttl: float = 30.0, **counts: int) -> Fleet:
    return Fleet(FleetAddress(url, machine, 1, ttl), index, lambda: dict(counts))


def test_of_workers_meeting_a_new_signature_at_once_one_claims_it(redis_server: LocalRedis) -> None:
    fleets = [worker(redis_server.url, f"m{i}") for i in range(8)]
    barrier = threading.Barrier(len(fleets))
    states: dict[str, str] = {}

    def meet(fleet: Fleet) -> None:
        barrier.wait()
        states[fleet.name] = fleet.meet("crash-0123456789ab", "crash", "l1", "boom").state

    threads = [threading.Thread(target=meet, args=(f,)) for f in fleets]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(states.values()) == ["held"] * 7 + ["mine"]
    (owner,) = [name for name, state in states.items() if state == "mine"]
    status = read_status(redis_server.url)
    (signature,) = status.signatures
    assert (signature.hits, signature.claim, signature.first_by) == (8, owner, owner)


def test_the_fleet_keeps_the_smallest_entry_and_marks_it_shrunk(redis_server: LocalRedis) -> None:
    a, b = worker(redis_server.url, "a"), worker(redis_server.url, "b")
    assert a.meet("crash-0123456789ab", "crash", "l1", "boom").state == "mine"
    assert a.publish("crash-0123456789ab", "x.mlir", "thirty", 30)
    assert a.publish("crash-0123456789ab", "x.mlir", "twenty", 20)
    assert not a.publish("crash-0123456789ab", "x.mlir", "twenty-five", 25)
    assert b.meet("crash-0123456789ab", "crash", "l1", "boom").state == "held"
    a.finish("crash-0123456789ab", "x.mlir", "twenty-two", 22)
    meeting = b.meet("crash-0123456789ab", "crash", "l1", "boom")
    assert (meeting.state, meeting.holder) == ("shrunk", "a/w0")
    (signature,) = read_status(redis_server.url).signatures
    assert (signature.shrunk, signature.size, signature.claim) == (True, 20, "")


@pytest.mark.slow
def test_a_live_claim_outlasts_its_ttl_and_a_dead_ones_is_taken_over(redis_server: LocalRedis) -> None:
    a, b = worker(redis_server.url, "a", ttl=3.0), worker(redis_server.url, "b", ttl=3.0)
    a.start()  # beating: renews its claim every second
    assert a.meet("crash-0123456789ab", "crash", "l1", "boom").state == "mine"
    time.sleep(4.0)
    assert b.meet("crash-0123456789ab", "crash", "l1", "boom").state == "held"
    a.stop()  # dies: no more beats, its claim not released
    time.sleep(3.5)
    meeting = b.meet("crash-0123456789ab", "crash", "l1", "boom")
    assert (meeting.state, meeting.holder) == ("takeover", "a/w0")
    assert read_status(redis_server.url).signatures[0].claim == "b/w0"


def test_a_signature_a_machines_corpus_knows_is_counted_not_claimed(redis_server: LocalRedis) -> None:
    a = worker(redis_server.url, "a")
    a.hit("crash-0123456789ab")
    a.hit("crash-0123456789ab")
    assert read_status(redis_server.url).signatures == ()  # counted locally until the next beat
    a.beat()
    (signature,) = read_status(redis_server.url).signatures
    assert (signature.hits, signature.claim, signature.first_by) == (2, "", "")


def test_status_sums_the_workers_alive(redis_server: LocalRedis) -> None:
    counts: dict[str, object] = {
        "programs:l1": 10,
        "valid:l1": 9,
        "programs:l3": 4,
        "valid:l3": 4,
        "executed:l3": 3,
    }
    for name in ("a", "b"):
        fleet = Fleet(FleetAddress(redis_server.url, name, 1), 0, lambda: counts)
        fleet.beat()
    status = read_status(redis_server.url)
    assert len(status.alive) == 2
    assert status.total("programs", "l1") == 20 and status.total("valid", "l1") == 18
    assert status.total("executed", "l3") == 6
    assert status.as_json()["levels"]["l3"]["programs"] == 8


def test_machines_get_distinct_numbers_and_so_distinct_seeds(redis_server: LocalRedis) -> None:
    numbers = [register_machine(redis_server.url).number for _ in range(3)]
    assert numbers == [1, 2, 3]
    seeds = {worker_seed(7, index, shard) for shard in (0, *numbers) for index in range(16)}
    assert len(seeds) == 4 * 16


def test_examples_are_shared_per_level_and_kept_while_another_worker_shrinks(
    redis_server: LocalRedis,
) -> None:
    a, b = worker(redis_server.url, "a"), worker(redis_server.url, "b")
    a.examples("l1").save(b"key", b"choices")
    assert list(b.examples("l1").fetch(b"key")) == [b"choices"]
    assert list(b.examples("l2").fetch(b"key")) == []  # L1's and L2's test functions share a key
    a.meet("crash-0123456789ab", "crash", "l1", "boom")
    b.meet("crash-0123456789ab", "crash", "l1", "boom")  # held by a: b replayed a's example
    b.examples("l1").delete(b"key", b"choices")  # ...and Hypothesis would drop it as not failing
    assert list(b.examples("l1").fetch(b"key")) == [b"choices"]
    b.meet("crash-fedcba987654", "crash", "l1", "boom")  # b's own: its examples are Hypothesis's to prune
    b.examples("l1").delete(b"key", b"choices")
    assert list(a.examples("l1").fetch(b"key")) == []


def test_redis_going_away_turns_the_fleet_offline_and_says_so_once(redis_server: LocalRedis) -> None:
    lost: list[str] = []
    fleet = Fleet(FleetAddress(redis_server.url, "a", 1), 0, dict, on_lost=lost.append)
    assert fleet.meet("crash-0123456789ab", "crash", "l1", "boom").state == "mine"
    redis_server.kill()
    assert fleet.meet("crash-fedcba987654", "crash", "l1", "boom").state == "offline"
    fleet.hit("crash-0123456789ab")
    assert not fleet.publish("crash-0123456789ab", "x.mlir", "text", 1)
    assert list(fleet.examples("l1").fetch(b"key")) == []
    fleet.close()
    assert len(lost) == 1 and "Connection" in lost[0]


def test_pull_writes_the_fleets_entries_and_keeps_smaller_local_ones(
    redis_server: LocalRedis, tmp_path: Path
) -> None:
    entry = read_entry(ENTRY)
    fleet = worker(redis_server.url, "a")
    fleet.meet(entry.signature, entry.kind, "l3", "boom")
    fleet.publish(entry.signature, ENTRY.name, entry.text, entry.size)
    first = pull_entries(redis_server.url, tmp_path / "c")
    assert [p.name for p in first.written] == [ENTRY.name]
    assert read_entry(first.written[0]).signature == entry.signature
    again = pull_entries(redis_server.url, tmp_path / "c")
    assert (again.written, again.kept) == ((), (entry.signature,))


def test_a_password_is_not_shown() -> None:
    assert shown("redis://:secret@host:6379/0") == "redis://:***@host:6379/0"
    assert shown("redis://host:6379/2") == "redis://host:6379/2"

"""The fleet's shared state in Redis: who is fuzzing, which signatures were met, who shrinks each one.

Every key lives under one prefix (`stream-fuzz:` in the database the URL names):

| key | type | what |
|---|---|---|
| `machines` | counter | `INCR` gives each campaign (a machine) its number; its seeds derive from it |
| `machine:<m>` / `worker:<w>` | hash | host, pid, started; a worker's counts per level, pushed every second |
| `alive:machine:<m>` / `alive:worker:<w>` | string with TTL | present while the process beats |
| `signatures` | set | every signature the fleet met |
| `sig:<s>` | hash | hits, first finder, kind, level, message, `shrunk`, the entry (`name`, `text`, `size`) |
| `claim:<s>` | string with TTL | the worker shrinking `s`; expires when it dies |
| `examples:<level>:...` | Hypothesis | `RedisExampleDatabase`, one namespace per level |
| `series` / `first` | hash | the fleet's timeline (`series.py`): counters per second, first sightings |

A claim is taken atomically (one Lua script): of two machines meeting a new signature at once, one
shrinks it and the other counts a hit. Every Redis error turns the handle offline for good: the
campaign goes on locally, its corpus being where findings are written first in any case.
"""

from __future__ import annotations

import os
import socket
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit, urlunsplit

from hypothesis.database import ExampleDatabase

from stream_fuzz.fleet.keys import KEEP_S, key
from stream_fuzz.fleet.series import SeriesPusher

if TYPE_CHECKING:
    import redis

    from stream_fuzz.timeline import Timeline

CLAIM_TTL_S = 30.0  # a dead worker's claim blocks the others this long
BEAT_S = 1.0  # how often a process says it is alive and pushes its counts
ALIVE_TTL_S = 5.0  # a process not heard of for this long is gone
MIN_CLAIM_TTL_S = 3 * BEAT_S  # a claim must outlive a few missed beats, or a live worker would lose it
EXAMPLES_EXPIRE = timedelta(days=8)  # Hypothesis's default: examples survive weekly runs
TIMEOUT_S = 2.0  # every Redis call: a Redis that went away costs at most this much, once


class FleetUnavailable(Exception):
    """`--db` names a Redis this machine cannot use: one line naming the URL (exit status 2)."""


@dataclass(frozen=True)
class FleetAddress:
    """Where the fleet is, and how this campaign takes part: plain data, sent to worker processes."""

    url: str
    machine: str = ""  # `<host>#<number>`, given by `register_machine`
    number: int = 0  # the machine's number (its workers' seeds derive from it)
    claim_ttl_s: float = CLAIM_TTL_S


def connect(url: str) -> redis.Redis:
    """A client for `url`, checked with a PING; `FleetUnavailable` naming the URL otherwise."""
    try:
        import redis
    except ImportError as error:
        raise FleetUnavailable(
            "--db needs the Redis client: pip install 'iree-stream-fuzz[fleet]'"
        ) from error
    try:
        client = redis.Redis.from_url(url, socket_timeout=TIMEOUT_S, socket_connect_timeout=TIMEOUT_S)
        client.ping()
    except ValueError as error:
        raise FleetUnavailable(f"--db {shown(url)}: not a Redis URL ({_scrubbed(error, url)})") from None
    except redis.RedisError as error:
        raise FleetUnavailable(f"--db {shown(url)}: cannot reach Redis ({_scrubbed(error, url)})") from None
    return client


def shown(url: str) -> str:
    """`url` without its password, for logs, errors and reports."""
    try:
        parts = urlsplit(url)
        password = parts.password
    except ValueError:
        return "<an unreadable --db URL>"
    if password is None:
        return url
    netloc = parts.netloc.replace(f":{password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


def _scrubbed(error: BaseException, url: str) -> str:
    """An error's text with the URL's password (if any) masked: client errors may quote the URL."""
    text = str(error)
    try:
        password = urlsplit(url).password
    except ValueError:
        password = None
    return text.replace(url, shown(url)).replace(password, "***") if password else text


@dataclass(frozen=True)
class Meeting:
    """What meeting a signature means for this worker.

    state: `mine` (this worker claims or holds it: write, shrink), `takeover` (its claimer died or
    stopped before finishing: shrink it here, though another machine reported it), `held` (another live
    worker shrinks it), `shrunk` (the fleet has it, shrunk), `found` (the fleet has it unshrunk, and
    this worker does not shrink), or `offline` (no fleet: decide locally).
    """

    state: str
    holder: str = ""  # `held`: the claimer; `shrunk`/`takeover`: who found it first

    @property
    def elsewhere(self) -> bool:
        """Another machine's: neither written nor shrunk here, and not new here."""
        return self.state in ("held", "shrunk", "found")


OFFLINE = Meeting("offline")

# KEYS: claim, sig, signatures. ARGV: owner, ttl ms, signature, kind, level, message, now (s), and
# whether this worker shrinks (one that does not takes no claim over: it would only write a duplicate).
_MEET = """
redis.call('SADD', KEYS[3], ARGV[3])
redis.call('HINCRBY', KEYS[2], 'hits', 1)
local first = redis.call('HGET', KEYS[2], 'first_by')
if redis.call('HGET', KEYS[2], 'shrunk') == '1' then
  return {'shrunk', first or ''}
end
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {'mine', ''}
end
if holder then
  return {'held', holder}
end
if not first then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  redis.call('HSET', KEYS[2], 'first_by', ARGV[1], 'kind', ARGV[4], 'level', ARGV[5],
             'message', ARGV[6], 'first_at', ARGV[7])
  return {'mine', ''}
end
if ARGV[8] ~= '1' then
  return {'found', first}
end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
redis.call('HSET', KEYS[2], 'taken_over_by', ARGV[1])
return {'takeover', first}
"""
# KEYS: sig. ARGV: name, text, size, by. The entry is replaced only by a smaller one.
_PUBLISH = """
local size = tonumber(redis.call('HGET', KEYS[1], 'size'))
if size and size <= tonumber(ARGV[3]) then
  return 0
end
redis.call('HSET', KEYS[1], 'name', ARGV[1], 'text', ARGV[2], 'size', ARGV[3], 'by', ARGV[4])
return 1
"""
# KEYS: claim. ARGV: owner, ttl ms (0: release). Touches the claim only while the owner holds it.
_RENEW = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then
  return 0
end
if ARGV[2] == '0' then
  redis.call('DEL', KEYS[1])
else
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
end
return 1
"""


class _Beating:
    """A Redis handle that goes offline at its first error, and a thread beating every `BEAT_S`."""

    def __init__(self, address: FleetAddress, name: str, on_lost: Callable[[str], None] | None) -> None:
        self.address = address
        self.name = name
        self.offline = False
        self._on_lost = on_lost
        self._lock = threading.Lock()
        self.client = connect(address.url)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def guarded(self, call: Callable[[], Any], default: Any = None) -> Any:
        """`call()`, or `default` once Redis failed (the first failure is reported, once)."""
        import redis

        if self.offline:
            return default
        try:
            with self._lock:  # one connection's pipelines and scripts are not interleaved
                return call()
        except redis.RedisError as error:
            self._lose(f"{type(error).__name__}: {error}")
            return default

    def _lose(self, reason: str) -> None:
        if not self.offline:
            self.offline = True
            self._stop.set()
            if self._on_lost is not None:
                self._on_lost(reason)

    def start(self) -> None:
        self.beat()
        self._thread = threading.Thread(target=self._run, name=f"fleet-beat {self.name}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(BEAT_S):
            try:
                self.beat()
            except Exception:  # a beat that stops would let this worker's claims expire
                traceback.print_exc()

    def beat(self) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=TIMEOUT_S * 2)


def _record(pipe: Any, kind: str, name: str, fields: dict[str, object]) -> None:
    """A machine's or worker's record (kept a week, for `status`) and its alive key (gone in seconds)."""
    pipe.hset(key(kind, name), mapping={k: str(v) for k, v in fields.items()})
    pipe.expire(key(kind, name), KEEP_S)
    pipe.set(key("alive", kind, name), "1", px=int(ALIVE_TTL_S * 1000))


class MachineBeat(_Beating):
    """The campaign's own process: registered once, beating while the campaign runs."""

    def __init__(self, address: FleetAddress, workers: int, on_lost: Callable[[str], None]) -> None:
        super().__init__(address, "machine", on_lost)
        self.workers = workers
        self.started = time.time()

    def beat(self) -> None:
        def push() -> None:
            pipe = self.client.pipeline()
            fields = {"host": socket.gethostname(), "pid": os.getpid(), "workers": self.workers}
            _record(pipe, "machine", self.address.machine, {**fields, "started": self.started})
            pipe.execute()

        self.guarded(push)


def register_machine(url: str, claim_ttl_s: float = CLAIM_TTL_S) -> FleetAddress:
    """Join the fleet: a machine number no other campaign on this Redis has (`FleetUnavailable` when
    Redis cannot be reached)."""
    import redis

    client = connect(url)
    try:
        number = int(client.incr(key("machines")))
    except redis.RedisError as error:
        raise FleetUnavailable(
            f"--db {shown(url)}: cannot register with Redis ({_scrubbed(error, url)})"
        ) from None
    finally:
        client.close()
    return FleetAddress(url, f"{socket.gethostname()}#{number}", number, claim_ttl_s)


class Fleet(_Beating):
    """One worker's part in the fleet: its claims, its hits, its entries, its counts and examples."""

    def __init__(
        self,
        address: FleetAddress,
        worker: int,
        counts: Callable[[], dict[str, object]],
        on_lost: Callable[[str], None] | None = None,
        timeline: Callable[[], Timeline] | None = None,
    ) -> None:

        super().__init__(address, f"{address.machine}/w{worker}", on_lost)
        self.counts = counts  # the worker's current counts, pushed with each beat
        self.timeline = timeline  # the worker's timeline: its finished seconds are added to the fleet's
        self._series = SeriesPusher()
        self._closing = False
        self.started = time.time()
        self.claims: set[str] = set()  # signatures this worker holds (claimed, not finished)
        self._meet = self.client.register_script(_MEET)
        self._publish = self.client.register_script(_PUBLISH)
        self._renew = self.client.register_script(_RENEW)
        self.examples_kept = False  # the last program met a bug another worker shrinks: keep its example
        self._hits: Counter[str] = Counter()  # hits of corpus-known signatures since the last beat

    @property
    def ttl_ms(self) -> int:
        return max(int(self.address.claim_ttl_s * 1000), 1)

    def meet(self, signature: str, kind: str, level: str, message: str, shrinks: bool = True) -> Meeting:
        """A program showed `signature`, new to this machine's corpus: count it, and claim it if it is
        the fleet's first sight (or, when this worker `shrinks`, if its claimer died)."""
        keys = [key("claim", signature), key("sig", signature), key("signatures")]
        argv: list[str | int] = [
            self.name,
            self.ttl_ms,
            signature,
            kind,
            level,
            message[:300],
            int(time.time()),
            int(shrinks),
        ]
        reply = self.guarded(lambda: self._meet(keys=keys, args=argv))
        if reply is None:
            return OFFLINE
        state, holder = (part.decode() if isinstance(part, bytes) else str(part) for part in reply)
        meeting = Meeting(state, holder)
        if state in ("mine", "takeover"):
            with self._lock:  # the beat renews the claims from its thread
                self.claims.add(signature)
        self.examples_kept = state == "held"
        return meeting

    def hit(self, signature: str) -> None:
        """A program showed a signature this machine's corpus knows: counted for the fleet's status with
        the next beat (known bugs are most hits; one round trip each would be most of Redis's work)."""
        self.examples_kept = False
        with self._lock:
            self._hits[signature] += 1

    def publish(self, signature: str, name: str, text: str, size: int) -> bool:
        """Offer this worker's entry for `signature`; the fleet keeps the smallest. True if taken."""
        sig = key("sig", signature)
        taken = self.guarded(lambda: self._publish(keys=[sig], args=[name, text, size, self.name]), 0)
        return bool(taken)

    def finish(self, signature: str, name: str, text: str, size: int) -> None:
        """Shrinking `signature` finished here: the fleet's entry is final, the claim let go."""
        self.publish(signature, name, text, size)

        def done() -> None:
            self.client.hset(key("sig", signature), "shrunk", "1")
            self._renew(keys=[key("claim", signature)], args=[self.name, 0])

        self.guarded(done)
        with self._lock:
            self.claims.discard(signature)

    def release(self) -> None:
        """Let go of claims not finished (a budget ended mid-shrink): another machine may go on at once."""
        with self._lock:
            held, self.claims = sorted(self.claims), set()
        for signature in held:
            self.guarded(partial(self._renew, keys=[key("claim", signature)], args=[self.name, 0]))

    def beat(self) -> None:
        def push() -> None:
            pipe = self.client.pipeline()
            fields = {"host": socket.gethostname(), "pid": os.getpid(), "started": self.started}
            _record(pipe, "worker", self.name, {**fields, "seen": time.time(), **self.counts()})
            if self.timeline is not None:
                self._series.push(pipe, self.timeline(), time.time(), final=self._closing)
            hits, self._hits = self._hits, Counter()  # under the lock `guarded` holds
            for signature, n in sorted(hits.items()):
                pipe.sadd(key("signatures"), signature)
                pipe.hincrby(key("sig", signature), "hits", n)
                pipe.hsetnx(key("sig", signature), "known", "1")
            pipe.execute()
            for signature in sorted(self.claims):  # under the lock `guarded` holds
                self._renew(keys=[key("claim", signature)], args=[self.name, self.ttl_ms])

        self.guarded(push)

    def examples(self, level: str) -> ExampleDatabase:
        """Hypothesis's example database for `level`, shared by the fleet."""
        return FleetExamples(self, level)

    def close(self) -> None:
        self.stop()
        self._closing = True
        self.beat()  # the last counts
        self.release()
        self.guarded(lambda: self.client.delete(key("alive", "worker", self.name)))
        self.client.close()


class FleetExamples(ExampleDatabase):
    """`RedisExampleDatabase` under the fleet's prefix, one namespace per level (L1 and L2 programs come
    from one test function, so their keys would collide), that

    - goes quiet when the fleet goes offline, instead of failing Hypothesis's run, and
    - keeps an example Hypothesis would delete as "no longer failing" when it failed here only as a bug
      another worker is shrinking: if that worker dies, the one that takes over replays it.
    """

    def __init__(self, fleet: Fleet, level: str) -> None:
        super().__init__()
        from hypothesis.extra.redis import RedisExampleDatabase

        self.fleet = fleet
        self.inner = RedisExampleDatabase(
            fleet.client,
            expire_after=EXAMPLES_EXPIRE,
            key_prefix=key("examples", level, "").encode(),
        )

    def save(self, key: bytes, value: bytes) -> None:
        self.fleet.guarded(lambda: self.inner.save(key, value))

    def fetch(self, key: bytes) -> Iterable[bytes]:
        return self.fleet.guarded(lambda: list(self.inner.fetch(key)), [])

    def delete(self, key: bytes, value: bytes) -> None:
        if not self.fleet.examples_kept:
            self.fleet.guarded(lambda: self.inner.delete(key, value))

    def move(self, src: bytes, dest: bytes, value: bytes) -> None:
        self.fleet.guarded(lambda: self.inner.move(src, dest, value))

    def __repr__(self) -> str:
        return f"FleetExamples({shown(self.fleet.address.url)!r})"

"""The fleet read back from Redis: `stream-fuzz status` (who is fuzzing, how fast, what was met) and
`stream-fuzz corpus pull` (the fleet's entries as corpus files)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from stream_fuzz.campaign import LEVELS
from stream_fuzz.corpus import Corpus, keep_human_lines, write_atomically
from stream_fuzz.fleet.registry import connect, key


def shown(url: str) -> str:
    """`url` without its password, for logs and reports."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@", 1)
    return urlunsplit(parts._replace(netloc=netloc))


@dataclass(frozen=True)
class Worker:
    name: str  # `<host>#<machine>/w<index>`
    alive: bool
    seconds: float  # from its start to its last beat
    programs: dict[str, int]
    valid: dict[str, int]
    executed: dict[str, int]


@dataclass(frozen=True)
class Signature:
    signature: str
    hits: int
    first_by: str  # the worker that found it first ("" for one a machine's corpus knew)
    claim: str  # the worker shrinking it now ("" if none)
    shrunk: bool
    entry: str  # the published entry's file name ("" if none)
    size: int  # its lines of code
    kind: str
    level: str
    message: str


@dataclass(frozen=True)
class FleetStatus:
    url: str
    machines_alive: int
    machines_seen: int
    workers: tuple[Worker, ...]
    signatures: tuple[Signature, ...]
    levels: tuple[str, ...] = field(default=LEVELS)

    @property
    def alive(self) -> tuple[Worker, ...]:
        return tuple(w for w in self.workers if w.alive)

    def total(self, what: str, level: str, workers: tuple[Worker, ...] | None = None) -> int:
        return sum(getattr(w, what)[level] for w in (self.workers if workers is None else workers))

    def rate(self, level: str) -> float:
        """Programs per second at `level` of the workers alive now."""
        return sum(w.programs[level] / w.seconds for w in self.alive if w.seconds > 0)

    def as_json(self) -> dict[str, Any]:
        return {
            "url": self.url,
            "machines": {"alive": self.machines_alive, "seen": self.machines_seen},
            "workers": {"alive": len(self.alive), "seen": len(self.workers)},
            "levels": {
                level: {
                    "programs": self.total("programs", level),
                    "valid": self.total("valid", level),
                    "executed": self.total("executed", level),
                    "rate_per_s": round(self.rate(level), 2),
                }
                for level in self.levels
            },
            "signatures": [s.__dict__ for s in self.signatures],
        }


def _text(value: Any) -> str:
    """A Redis reply as text (the client returns bytes; None for a missing key)."""
    if value is None:
        return ""
    return value.decode() if isinstance(value, bytes) else str(value)


def read_status(url: str) -> FleetStatus:
    """The fleet now (`FleetUnavailable` when Redis cannot be reached)."""
    client = connect(url)
    try:
        return _read(client, url)
    finally:
        client.close()


def _names(client: Any, kind: str) -> list[str]:
    prefix = key(kind, "")
    return sorted(_text(k)[len(prefix) :] for k in client.scan_iter(match=prefix + "*", count=1000))


def _read(client: Any, url: str) -> FleetStatus:
    machines = _names(client, "machine")
    machines_alive = sum(bool(client.exists(key("alive", "machine", m))) for m in machines)
    workers = []
    for name in _names(client, "worker"):
        fields = {_text(k): _text(v) for k, v in client.hgetall(key("worker", name)).items()}
        seconds = float(fields.get("seen", 0) or 0) - float(fields.get("started", 0) or 0)

        def per_level(what: str, fields: dict[str, str] = fields) -> dict[str, int]:
            return {level: int(fields.get(f"{what}:{level}", 0) or 0) for level in LEVELS}

        alive = bool(client.exists(key("alive", "worker", name)))
        workers.append(
            Worker(name, alive, seconds, per_level("programs"), per_level("valid"), per_level("executed"))
        )
    signatures = []
    for signature in sorted(_text(s) for s in client.smembers(key("signatures"))):
        fields = {_text(k): _text(v) for k, v in client.hgetall(key("sig", signature)).items()}
        signatures.append(
            Signature(
                signature,
                int(fields.get("hits", 0) or 0),
                fields.get("first_by", ""),
                _text(client.get(key("claim", signature))),
                fields.get("shrunk") == "1",
                fields.get("name", ""),
                int(fields.get("size", 0) or 0),
                fields.get("kind", ""),
                fields.get("level", ""),
                fields.get("message", ""),
            )
        )
    signatures.sort(key=lambda s: (-s.hits, s.signature))
    return FleetStatus(shown(url), machines_alive, len(machines), tuple(workers), tuple(signatures))


def render_status(status: FleetStatus) -> str:
    alive = status.alive
    lines = [
        f"fleet at {status.url}: {status.machines_alive} machine(s) and {len(alive)} worker(s) alive "
        f"({status.machines_seen} machine(s), {len(status.workers)} worker(s) seen)",
        "",
        f"{'level':6} {'programs':>9} {'valid':>7} {'executed':>9} {'now/s':>7}",
    ]
    for level in status.levels:
        programs = status.total("programs", level)
        valid = status.total("valid", level)
        validity = f"{100 * valid / programs:.1f}%" if programs else "-"
        executed = status.total("executed", level)
        lines.append(f"{level:6} {programs:>9} {validity:>7} {executed:>9} {status.rate(level):>7.1f}")
    if alive:
        lines += ["", "workers alive:"]
        lines += [f"  {w.name}: {sum(w.programs.values())} programs in {w.seconds:.0f} s" for w in alive]
    lines += ["", f"{len(status.signatures)} signature(s):"]
    for s in status.signatures:
        if s.claim:
            state = f"claimed by {s.claim}"
        elif s.shrunk:
            state = f"shrunk ({s.size} lines)"
        elif s.entry:
            state = f"unshrunk ({s.size} lines), no claim"
        else:
            state = "known to a machine's corpus"
        found = f", found by {s.first_by}" if s.first_by else ""
        lines.append(f"  {s.signature}: {s.hits} hit(s), {state}{found}")
    return "\n".join(lines)


@dataclass(frozen=True)
class Pulled:
    written: tuple[Path, ...]
    kept: tuple[str, ...]  # signatures whose local entry is as small or smaller, left as they were


def pull_entries(url: str, folder: Path) -> Pulled:
    """Write the fleet's entries into `folder` as corpus files. A local entry of the same signature is
    replaced only by a smaller one, keeping its human header lines (status, triage)."""
    client = connect(url)
    try:
        entries = []
        for signature in sorted(_text(s) for s in client.smembers(key("signatures"))):
            fields = {_text(k): _text(v) for k, v in client.hgetall(key("sig", signature)).items()}
            if fields.get("text"):
                entries.append((signature, fields))
    finally:
        client.close()
    folder.mkdir(parents=True, exist_ok=True)
    corpus = Corpus(folder)
    written, kept = [], []
    for signature, fields in entries:
        text = fields["text"]
        if fields.get("shrunk") == "1":  # the claimer finished, though a smaller version may be another's
            text = re.sub(r"^// shrunk: no$", "// shrunk: yes", text, count=1, flags=re.M)
        known = corpus.known.get(signature)
        if known is not None and known.size <= int(fields.get("size", 0) or 0):
            kept.append(signature)
            continue
        path = known.path if known is not None else folder / Path(fields.get("name") or signature).name
        if known is None and path.exists():  # someone else's file of that name: do not overwrite it
            path = folder / f"{signature}.mlir"
        write_atomically(path, text if known is None else keep_human_lines(known.text, text))
        written.append(path)
    return Pulled(tuple(written), tuple(kept))

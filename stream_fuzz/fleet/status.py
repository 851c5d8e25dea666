"""The fleet read back from Redis: `stream-fuzz status` (who is fuzzing, how fast, what was met) and
`stream-fuzz corpus pull` (the fleet's entries as corpus files)."""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stream_fuzz.corpus.entry import (
    MalformedEntry,
    code_lines,
    keep_human_lines,
    read_entry,
    write_atomically,
)
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.fleet.registry import FleetUnavailable, connect, key, shown
from stream_fuzz.fleet.series import read_timeline
from stream_fuzz.generators.model import LEVELS


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
    first_at: float = 0.0  # wall clock when the fleet first met it (0: a signature a corpus knew)


@dataclass(frozen=True)
class FleetStatus:
    url: str
    machines_alive: int
    machines_seen: int
    workers: tuple[Worker, ...]
    signatures: tuple[Signature, ...]
    levels: tuple[str, ...] = field(default=LEVELS)
    started_at: float = 0.0  # wall clock when its first worker seen started
    # The fleet's curves (`series`), as a run's JSON has them (`Timeline.as_json`), seconds from started_at.
    timeline: dict[str, Any] = field(default_factory=dict)

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
            "timeline": self.timeline,
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
    except Exception as error:  # a key of the wrong type or shape: say so, no traceback
        raise _bad_data(url, error) from None
    finally:
        client.close()


def _bad_data(url: str, error: Exception) -> FleetUnavailable:
    said = str(error).replace(url, shown(url))
    return FleetUnavailable(f"--db {shown(url)}: bad data in Redis ({type(error).__name__}: {said})")


def _names(client: Any, kind: str) -> list[str]:
    prefix = key(kind, "")
    return sorted(_text(k)[len(prefix) :] for k in client.scan_iter(match=prefix + "*", count=1000))


def _read(client: Any, url: str) -> FleetStatus:
    machines = _names(client, "machine")
    machines_alive = sum(bool(client.exists(key("alive", "machine", m))) for m in machines)
    workers, starts = [], []
    for name in _names(client, "worker"):
        fields = {_text(k): _text(v) for k, v in client.hgetall(key("worker", name)).items()}
        starts.append(float(fields.get("started", 0) or 0))
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
                float(fields.get("first_at", 0) or 0),
            )
        )
    signatures.sort(key=lambda s: (-s.hits, s.signature))
    started_at = min((start for start in starts if start), default=0.0)
    timeline = read_timeline(client).as_json(origin=started_at or None)
    return FleetStatus(
        shown(url),
        machines_alive,
        len(machines),
        tuple(workers),
        tuple(signatures),
        started_at=started_at,
        timeline=timeline,
    )


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
    # Signatures not written, with why: Redis text that is no corpus entry of that signature, or a local
    # file of that name that is not this signature's entry (never overwritten).
    refused: tuple[str, ...] = ()


def pull_entries(url: str, folder: Path) -> Pulled:
    """Write the fleet's entries into `folder` as corpus files. A local entry of the same signature is
    replaced only by a smaller one, keeping its human header lines (status, triage); a local file that is
    not that entry is never overwritten. The folder's entries must all read (`MalformedEntry` otherwise:
    a file with a header typo is the human's to fix, not the fleet's to replace)."""
    folder.mkdir(parents=True, exist_ok=True)
    corpus = Corpus(folder)
    if corpus.malformed:
        raise corpus.malformed[0]
    client = connect(url)
    try:
        entries = []
        for signature in sorted(_text(s) for s in client.smembers(key("signatures"))):
            fields = {_text(k): _text(v) for k, v in client.hgetall(key("sig", signature)).items()}
            if fields.get("text"):
                entries.append((signature, fields))
    except Exception as error:
        raise _bad_data(url, error) from None
    finally:
        client.close()
    written, kept, refused = [], [], []
    for signature, fields in entries:
        text = fields["text"]
        if fields.get("shrunk") == "1":  # the claimer finished, though a smaller version may be another's
            text = re.sub(r"^// shrunk: no$", "// shrunk: yes", text, count=1, flags=re.M)
        problem = _not_an_entry(text, signature)
        if problem:
            refused.append(f"{signature}: the fleet's text is not its corpus entry ({problem})")
            continue
        known = corpus.known.get(signature)
        if known is not None and known.size <= code_lines(text):
            kept.append(signature)
            continue
        if known is not None and "// what was found" not in text:  # no header end to merge human lines at
            refused.append(
                f"{signature}: the fleet's text has no '// what was found' line to keep "
                f"{known.path}'s human lines with; not overwritten"
            )
            continue
        name = Path(str(fields.get("name") or signature)).name
        path = (
            known.path if known is not None else folder / (name if name.endswith(".mlir") else f"{name}.mlir")
        )
        if known is None and path.exists():  # someone else's file of that name: do not overwrite it
            path = folder / f"{signature}.mlir"
            if path.exists():
                refused.append(f"{signature}: {path} exists and is another entry; not overwritten")
                continue
        write_atomically(path, text if known is None else keep_human_lines(known.text, text))
        written.append(path)
    return Pulled(tuple(written), tuple(kept), tuple(refused))


def _not_an_entry(text: str, signature: str) -> str:
    """Why a fleet entry's text cannot be written as a corpus entry of `signature` ("" when it can)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "entry.mlir"
        path.write_text(text)
        try:
            entry = read_entry(path)
        except MalformedEntry as error:
            return str(error).split(": ", 1)[-1]
    if signature not in entry.signatures:
        return f"its signature is {entry.signature}"
    return ""

"""The corpus: one `.mlir` file per finding, each a lit test an IREE engineer can run as it is.

    // stream-fuzz finding: violation: placement/read, visibility/transfer
    // signature: placement-read-3f2a9c1b7e04
    // status: open                         (open | fixed | not-a-bug; edited by humans)
    // found: 2026-11-30 level=l2 seed=...
    // compiler: 3.13.0rc20261016 @ 89ece87b... (in-process)
    // pipeline: builtin.module(iree-stream-schedule-allocation)
    // reproduce: stream-fuzz replay corpus/placement-read-3f2a9c1b7e04.mlir
    // what was found: ...
    // RUN: iree-opt --pass-pipeline='...' %s | FileCheck %s
    <the program>
    // CHECK-DAG lines stating the correct placement

The whole file is valid MLIR (header, RUN and CHECK lines are comments), so the file itself is the
program to compile. Writes are atomic (temporary file + rename), so a killed run leaves no half file.
"""

from __future__ import annotations

import contextlib
import datetime
import fcntl
import os
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from stream_fuzz.checklines import witnessing_lines
from stream_fuzz.compiler import CompilerInfo
from stream_fuzz.findings import Finding

STATUSES = ("open", "fixed", "not-a-bug")
_HEADER = "// stream-fuzz finding:"
_FIELDS = ("signature", "status", "found", "compiler", "pipeline")


class MalformedEntry(ValueError):
    """A corpus file that cannot be replayed; the message names the file and what is wrong."""


@dataclass
class Entry:
    path: Path
    title: str  # "violation: placement/read, ..."
    signature: str
    status: str
    pipeline: str
    compiler: str
    found: str
    text: str  # the whole file: the program with its comments
    checks: list[str] = field(default_factory=list)  # CHECK lines

    @property
    def kind(self) -> str:
        return self.title.split(":", 1)[0].strip()

    @property
    def size(self) -> int:
        """Program size in lines of code: what a smaller repro has fewer of."""
        return sum(
            1 for line in self.text.splitlines() if line.strip() and not line.lstrip().startswith("//")
        )


def read_entry(path: Path) -> Entry:
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise MalformedEntry(f"{path}: cannot read: {error}") from error
    lines = text.splitlines()
    if not lines or not lines[0].startswith(_HEADER):
        raise MalformedEntry(f"{path}: not a corpus entry (first line must start with '{_HEADER}')")
    values: dict[str, str] = {}
    for line in lines[1:]:
        if not line.startswith("// "):
            break
        key, sep, value = line[3:].partition(": ")
        if sep and key in _FIELDS:
            values[key] = value.strip()
    missing = [key for key in _FIELDS if key not in values]
    if missing:
        raise MalformedEntry(f"{path}: header lacks {', '.join(missing)}")
    status = values["status"].split()[0] if values["status"] else ""
    if status not in STATUSES:
        raise MalformedEntry(f"{path}: status {values['status']!r} is not one of {', '.join(STATUSES)}")
    checks = [line for line in lines if line.lstrip().startswith("// CHECK")]
    return Entry(
        path,
        lines[0][len(_HEADER) :].strip(),
        values["signature"],
        status,
        values["pipeline"],
        values["compiler"],
        values["found"],
        text,
        checks,
    )


def read_corpus(folder: Path) -> Iterator[Entry | MalformedEntry]:
    """Every entry in `folder`, in name order; unreadable ones are yielded as the error, never skipped."""
    for path in sorted(folder.glob("*.mlir")):
        try:
            yield read_entry(path)
        except MalformedEntry as error:
            yield error


def render_entry(
    finding: Finding,
    program: str,
    pipeline: str,
    compiler: CompilerInfo,
    found: str,
    checks: list[str],
    file_name: str,
) -> str:
    pass_pipeline = pipeline.replace("'", "'\\''")
    lines = [
        f"{_HEADER} {finding.title}",
        f"// signature: {finding.signature}",
        "// status: open",
        f"// found: {found}",
        f"// compiler: {compiler.version} ({compiler.backend})",
        f"// pipeline: {pipeline}",
        f"// reproduce: stream-fuzz replay corpus/{file_name}",
        "// what was found:",
        *[f"//   {line}" for line in finding.details[:12]],
    ]
    if finding.kind == "violation" and not checks:
        lines.append("// note: no CHECK line distinguishes the faulty output; replay relies on the oracle")
    lines.append("//")
    # bad-output findings: the printed IR must also read back, so pipe it through iree-opt once more.
    reparse = " | iree-opt" if finding.kind == "bad-output" else ""
    lines.append(f"// RUN: iree-opt --pass-pipeline='{pass_pipeline}' %s{reparse} | FileCheck %s")
    lines.append("")
    lines.append(program.strip())
    lines.append("")
    lines.append("// The correct output:")
    lines.append("// CHECK: util.func")  # compiles at all (crashes, hangs and rejections fail here)
    lines.extend(checks)
    return "\n".join(lines) + "\n"


class Corpus:
    """Where a campaign writes findings. Knows the entries already there, so a signature is written once.

    `record` writes a finding at once (before Hypothesis starts shrinking it) and replaces it whenever a
    smaller program with the same signature comes along. Entries that existed before this campaign are
    never rewritten: they are known bugs (or fixed, or not bugs), and their files belong to humans.
    """

    def __init__(self, folder: Path, also_known: Path | None = None) -> None:
        """`also_known`: another corpus whose entries count as known (e.g. the project's, when tests
        write their findings to a temporary folder)."""
        self.folder = folder
        self.known: dict[str, Entry] = {}
        self.malformed: list[MalformedEntry] = []
        self.written: dict[str, Path] = {}  # signature -> file written by this campaign
        for source in (also_known, folder):
            if source is not None and source.exists():
                for entry in read_corpus(source):
                    if isinstance(entry, MalformedEntry):
                        self.malformed.append(entry)
                    else:
                        self.known[entry.signature] = entry

    def is_known(self, signature: str) -> bool:
        return signature in self.known

    def record(
        self,
        finding: Finding,
        program: str,
        pipeline: str,
        compiler: CompilerInfo,
        bad_output: str | None,
        provenance: str = "",
    ) -> Path | None:
        """Write (or shrink) the entry for `finding`. Returns its path, or None for a known signature."""
        signature = finding.signature
        if signature in self.known:
            return None
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{signature}.mlir"
        checks = witnessing_lines(finding.violations, bad_output) if bad_output and finding.violations else []
        found = f"{datetime.date.today().isoformat()} {provenance}".strip()
        text = render_entry(finding, program, pipeline, compiler, found, checks, path.name)
        with self._locked():
            # Another worker may have written a smaller repro meanwhile: keep the smallest.
            if path.exists():
                with contextlib.suppress(MalformedEntry):
                    if read_entry(path).size <= _code_lines(text):
                        self.written[signature] = path
                        return path
            _write_atomically(path, text)
        self.written[signature] = path
        return path

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        with open(self.folder / ".lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


def _code_lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.strip() and not line.lstrip().startswith("//"))


def _write_atomically(path: Path, text: str) -> None:
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise

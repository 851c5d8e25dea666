"""A corpus entry: one `.mlir` file per root cause, each a lit test an IREE engineer can run as it is.

    // stream-fuzz finding: violation: placement/read, visibility/transfer
    // signature: placement-read-3f2a9c1b7e04
    // also-known-as: placement-read-0c1d2e3f4a5b     (optional: other signatures of this root cause)
    // status: open                                    (open | fixed | not-a-bug; edited by humans)
    // found: 2026-11-30 level=l2 seed=...
    // compiler: 3.13.0rc20261016 @ 89ece87b... (in-process)
    // pipeline: builtin.module(iree-stream-schedule-allocation)
    // shrunk: yes                                     (no: a campaign stopped while shrinking it)
    // reproduce: stream-fuzz replay corpus/placement-read-3f2a9c1b7e04.mlir
    // pass: / releases: / upstream:                   (what triage found; written by humans)
    // reachability: frontend — ...                    (or `stream IR only — tried: ...`: can a tensor
                                                        program reach it; IREE's triage priority)
    // failure: does not dominate this use             (what the compiler prints when this bug makes it fail:
                                                        a fragment of its diagnostic or crash report, or
                                                        several separated by " | "; a failure printing none of
                                                        them is another failure. Required of an open
                                                        invalid-program entry (any rejection would count);
                                                        "- (why)" when its witnesses share no such text)
    // symptom: public-return                          (the bug's characteristic symptom: a predicate of
                                                        judge/symptoms.py a finding of its shape must show
                                                        to be this entry's; written by humans)
    // triage: ... (why it is wrong, the pass and function that decide it; written by humans)
    // what was found: ...
    // RUN: iree-opt --pass-pipeline='...' %s | FileCheck %s
    <the program; several witnesses of one root cause are separated by `// -----`>
    // CHECK lines stating the correct output

Header keys are read case-insensitively; an unknown status is an error naming the file and line. The whole
file is valid MLIR (header, RUN and CHECK lines are comments), so the file itself is the program to compile.
Writes are atomic (temporary file + rename), so a killed run leaves no half file. This module reads and
edits entries; `render.py` writes a new one's text, `store.py` decides which to write.
"""

from __future__ import annotations

import contextlib
import enum
import os
import re
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from stream_fuzz.judge.findings import Finding
from stream_fuzz.judge.symptoms import SYMPTOMS, shows


class Status(enum.StrEnum):
    """An entry's `status:` line, set by humans (docs/corpus.md)."""

    OPEN = "open"  # a known compiler bug: its witnesses fail as recorded
    FIXED = "fixed"  # fixed upstream: now a regression test, it must pass
    NOT_A_BUG = "not-a-bug"  # intended behaviour (the entry says why): passes, or fails as recorded


HEADER = "// stream-fuzz finding:"
SPLIT = "// -----"
# The `output:` header of an entry whose pipeline stops in the async phase: its output is checked as
# async IR (clobbered reads).
ASYNC_OUTPUT = "async IR, checked for clobbered reads"
ONE_PASS_FOLDER = "one-pass"  # corpus/one-pass/<entry>: its one-pass reproducer (`stream-fuzz reduce`)
FRONTEND_FOLDER = "frontend"  # corpus/frontend/<entry>: the same root cause reached from a tensor program
_REQUIRED = ("signature", "status", "found", "compiler", "pipeline")
_KEY = re.compile(r"^//\s*(?P<key>[A-Za-z][\w -]*?)\s*:\s?(?P<value>.*)$")
# Lines a campaign writes and may rewrite when it shrinks its own entry; every other line is kept.
_GENERATED = (
    "signature",
    "found",
    "compiler",
    "pipeline",
    "shrunk",
    "reproduce",
    "severity",
    "failing pass",
    "runtime witness",
    "apart-from",
    "failure",
)


class MalformedEntry(ValueError):
    """A corpus file that cannot be replayed; the message names the file (and line) and what is wrong."""

    def __init__(self, path: Path, problem: str) -> None:
        super().__init__(f"{path}: {problem}")
        self.path = path


@dataclass(frozen=True)
class Entry:
    path: Path
    title: str  # "violation: placement/read, ..."
    signature: str
    aliases: tuple[str, ...]  # further signatures triage found to be this root cause
    status: Status
    pipeline: str
    compiler: str
    found: str
    shrunk: bool
    text: str  # the whole file: the programs with their comments
    severity: str = ""  # e.g. "placement, visibility" ("" when not a violation)
    pass_name: str = ""  # the pass triage blames (`// pass:`), or the one the compiler reported failing
    releases: str = ""  # the releases triage found it in (`// releases:`)
    upstream: str = ""  # an upstream issue or pull request (`// upstream:`)
    async_output: bool = False  # `// output: async IR...`: the output is judged as async IR
    nondeterministic: bool = False  # `// nondeterministic: <why>`: it fails differently from run to run
    reachability: str = ""  # `// reachability: frontend — ...` or `stream IR only — tried: ...`
    symptom: str = ""  # `// symptom: <name>`: a key of symptoms.SYMPTOMS ("" when it names none)
    apart_from: str = ""  # `// apart-from:` the entry (or historical bug) a campaign kept it apart from
    failure: str = (
        ""  # `// failure:` what the compiler prints when this bug makes it fail (see the docstring)
    )

    @property
    def failure_signs(self) -> tuple[str, ...]:
        """The `failure:` line's fragments; () when it names none ("- (why)")."""
        if self.failure.startswith("-"):
            return ()
        return tuple(part.strip() for part in self.failure.split(" | ") if part.strip())

    @property
    def reach(self) -> str:
        """`frontend`, `stream IR only` or `not tried`: the head of `// reachability:`, before its dash."""
        head = self.reachability.split("—")[0].split(" - ")[0].strip()
        known = {"frontend": "frontend", "stream ir only": "stream IR only"}
        return known.get(head.lower(), head) or "not tried"

    @property
    def kind(self) -> str:
        return self.title.split(":", 1)[0].strip()

    @property
    def signatures(self) -> tuple[str, ...]:
        return (self.signature, *self.aliases)

    @property
    def checks(self) -> tuple[str, ...]:
        return tuple(line for line in self.text.splitlines() if line.lstrip().startswith("// CHECK"))

    @property
    def programs(self) -> tuple[str, ...]:
        """The witnesses: the file split at `// -----` lines, as `iree-opt --split-input-file` does."""
        return split_programs(self.text)

    @property
    def size(self) -> int:
        """Program size in lines of code: what a smaller repro has fewer of."""
        return code_lines(self.text)


def split_programs(text: str) -> tuple[str, ...]:
    """`text` split at `// -----` lines, as `iree-opt --split-input-file` does (empty parts dropped)."""
    chunks = re.split(rf"^{re.escape(SPLIT)}\s*$", text, flags=re.M)
    return tuple(chunk for chunk in chunks if code_lines(chunk))


def code_lines(text: str) -> int:
    return sum(1 for line in text.splitlines() if line.strip() and not line.lstrip().startswith("//"))


def read_entry(path: Path) -> Entry:
    try:
        text = path.read_text()
    except (OSError, UnicodeDecodeError) as error:
        raise MalformedEntry(path, f"cannot read: {error}") from error
    lines = text.splitlines()
    if not lines or not lines[0].lower().startswith(HEADER):
        raise MalformedEntry(path, f"not a corpus entry (line 1 must start with '{HEADER}')")
    values: dict[str, tuple[str, int]] = {}
    for number, line in enumerate(lines[1:], start=2):
        if not line.startswith("//") or line.startswith("// RUN:"):
            break
        match = _KEY.match(line)
        if match:
            values.setdefault(match["key"].strip().lower(), (match["value"].strip(), number))
    missing = [key for key in _REQUIRED if key not in values]
    if missing:
        raise MalformedEntry(path, f"header lacks {', '.join(missing)}")
    status, line_number = values["status"]
    status = status.split()[0].lower() if status else ""
    if status not in {s.value for s in Status}:
        raise MalformedEntry(
            path, f"line {line_number}: status {values['status'][0]!r} is not one of {', '.join(Status)}"
        )
    aliases = tuple(a for a in re.split(r"[,\s]+", values.get("also-known-as", ("", 0))[0]) if a)
    shrunk = values.get("shrunk", ("yes", 0))[0].lower() not in ("no", "false")

    def value(key: str) -> str:
        return values.get(key, ("", 0))[0]

    symptom, line_number = values.get("symptom", ("", 0))
    symptom = symptom.split()[0] if symptom else ""
    if symptom and symptom not in SYMPTOMS:
        raise MalformedEntry(
            path, f"line {line_number}: symptom {symptom!r} is not one of {', '.join(SYMPTOMS)} (symptoms.py)"
        )

    entry = Entry(
        path,
        lines[0][len(HEADER) :].strip(),
        values["signature"][0],
        aliases,
        Status(status),
        values["pipeline"][0],
        values["compiler"][0],
        values["found"][0],
        shrunk,
        text,
        value("severity"),
        value("pass") or value("failing pass"),
        value("releases"),
        value("upstream"),
        value("output").lower().startswith("async"),
        bool(value("nondeterministic")),
        value("reachability"),
        symptom,
        value("apart-from"),
        value("failure"),
    )
    if entry.kind == "invalid-program" and entry.status is Status.OPEN and not entry.failure:
        raise MalformedEntry(
            path,
            "an open invalid-program entry needs a `// failure:` line (a fragment of the diagnostic its"
            " bug makes the compiler print): without it any rejection, another bug's too, would count",
        )
    return entry


def as_recorded(entry: Entry, finding: Finding) -> bool:
    """Is `finding` the entry's bug: its signature (kept apart as the entry was, `apart-from`) among the
    entry's, and the entry's symptom (if it names one) shown?"""
    if entry.apart_from:
        finding = replace(finding, apart_from=entry.apart_from)
    return finding.signature in entry.signatures and (not entry.symptom or shows(entry.symptom, finding))


def read_corpus(folder: Path) -> Iterator[Entry | MalformedEntry]:
    """Every entry in `folder`, in name order; unreadable ones are yielded as the error, never skipped."""
    for path in sorted(folder.glob("*.mlir")):
        try:
            yield read_entry(path)
        except MalformedEntry as error:
            yield error


def write_header_line(entry: Path, key: str, line: str) -> None:
    """Replace the entry's `// <key>:` line (and the lines that continue it) with `line`, or add it after
    the header's `// pass:` / `// shrunk:` line; every other line is kept as it is."""
    lines = entry.read_text().splitlines(keepends=True)
    at = next((i for i, text in enumerate(lines) if re.match(rf"//\s*{key}\s*:", text, re.I)), None)
    if at is not None:
        end = at + 1
        while end < len(lines) and re.match(r"//\s{2,}\S", lines[end]):
            end += 1
        lines[at:end] = [line + "\n"]
    else:
        after = next(
            (i for i, text in enumerate(lines) if re.match(r"//\s*(pass|shrunk)\s*:", text, re.I)), 0
        )
        lines.insert(after + 1, line + "\n")
    write_atomically(entry, "".join(lines))


def keep_human_lines(old: str, new: str) -> str:
    """The new entry text with the old entry's human header lines (status, triage, aliases, ...)."""
    kept = []
    for line in old.splitlines()[1:]:
        if not line.startswith("//") or line.startswith(("// RUN:", "// what was found")):
            break
        match = _KEY.match(line)
        key = match["key"].strip().lower() if match else ""
        if key not in _GENERATED:
            kept.append(line)
    new_lines = new.splitlines()
    header = [line for line in new_lines[1:] if line.startswith("// ") and _is_generated(line)]
    rest_start = next(i for i, line in enumerate(new_lines) if line.startswith("// what was found"))
    return "\n".join([new_lines[0], *header, *kept, *new_lines[rest_start:]]) + "\n"


def _is_generated(line: str) -> bool:
    match = _KEY.match(line)
    return match is not None and match["key"].strip().lower() in _GENERATED


def write_atomically(path: Path, text: str) -> None:
    """Write a file whole or not at all: a temporary file beside it, renamed over it, so a full disk or a
    kill leaves the old file (or none), never a truncated one. A path that is not a regular file (a device
    such as /dev/stdout or /dev/full, a pipe) is written to as it is: it cannot be replaced."""
    if path.exists() and not path.is_file():
        with path.open("w") as stream:
            stream.write(text)
        return
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as stream:
            stream.write(text)
            stream.flush()
            os.fsync(stream.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # as an ordinary file, not mkstemp's 0600
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise

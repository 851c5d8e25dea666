"""The corpus: one `.mlir` file per root cause, each a lit test an IREE engineer can run as it is.

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
Writes are atomic (temporary file + rename), so a killed run leaves no half file. A campaign writes only
entries it created itself, and entries it left unshrunk; it never touches a human's triage lines.
"""

from __future__ import annotations

import contextlib
import datetime
import enum
import fcntl
import os
import re
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from stream_fuzz.compiler import CompilerInfo
from stream_fuzz.corpus.checklines import clobber_lines, witnessing_lines
from stream_fuzz.judge.findings import Finding
from stream_fuzz.judge.symptoms import SYMPTOMS, regression_of, shows
from stream_fuzz.oracles import Rule
from stream_fuzz.oracles.checkers import ALLOCATION_OUTPUT, POINT_TEXT, RULE_OF
from stream_fuzz.oracles.worker_hooks import MIDWAY


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

    return Entry(
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
    )


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


def run_line(finding: Finding, pipeline: str, split: bool = False) -> str:
    """The lit RUN line: the pipeline on this file, its output (and, for a rejected program or a crash, its
    diagnostics) checked by FileCheck. A hang is bounded so that lit itself never hangs."""
    quoted = pipeline.replace("'", "'\\''")
    split_flag = "--split-input-file " if split else ""
    command = f"iree-opt {split_flag}--pass-pipeline='{quoted}' %s"
    if finding.kind == "timeout":
        command = f"timeout 20 {command}"
    if finding.kind == "violation":
        return f"// RUN: {command} | FileCheck %s"
    if finding.kind == "bad-output":  # the printed IR must also read back
        return f"// RUN: {command} | iree-opt | FileCheck %s"
    return f"// RUN: {command} 2>&1 | FileCheck %s"


CLOBBER_CORRECT_OUTPUT = (
    f"// The correct output: in the async IR before {MIDWAY[1]} no value is read after an op\n"
    "// overwrote it in place (the invariant copy-on-write establishes): the storage the writer below\n"
    "// writes in place is not used after it."
)
CLOBBER_UNSTATED = (
    "// note: no CHECK line states this clobbered read (its storage has no name outside the region that\n"
    "//   writes it); the RUN line prints the async IR it is in"
)


def async_ir_run_lines(pipeline: str, split: bool = False) -> list[str]:
    """RUN lines that check a clobbered read: the async IR where the worker reads it (before the pass
    `worker_hooks.MIDWAY` names) printed to %t, then FileCheck on it (`checklines.clobber_lines`)."""
    quoted = pipeline.replace("'", "'\\''")
    split_flag = "--split-input-file " if split else ""
    return [
        f"// RUN: iree-opt {split_flag}--pass-pipeline='{quoted}' --mlir-print-ir-before={MIDWAY[1]} %s"
        " -o /dev/null 2> %t",
        "// RUN: FileCheck --strict-whitespace %s --input-file %t",
    ]


def checker_of(finding: Finding) -> tuple[str, str] | None:
    """(checker pass, point) when the finding's primary rule is one of IREE's own checkers."""
    primary = next((v for v in finding.violations if finding.rules and v.rule is finding.rules[0]), None)
    if primary is None or primary.rule not in RULE_OF.values():
        return None
    return next(name for name, rule in RULE_OF.items() if rule is primary.rule), primary.via


def checker_run_lines(checker: str, point: str, pipeline: str) -> list[str]:
    """RUN lines that pass when IREE's own `checker` accepts the IR at `point` (`oracles/checkers.py`):
    the output of the pipeline, or the async IR printed before `worker_hooks.MIDWAY[1]` to %t."""
    check = f"iree-opt --pass-pipeline='builtin.module({checker})'"
    if point == ALLOCATION_OUTPUT:
        quoted = pipeline.replace("'", "'\\''")
        return [f"// RUN: iree-opt --pass-pipeline='{quoted}' %s | {check} -o /dev/null"]
    return [async_ir_run_lines(pipeline)[0], f"// RUN: {check} %t -o /dev/null"]


def render_entry(
    finding: Finding,
    program: str,
    pipeline: str,
    compiler: CompilerInfo,
    found: str,
    checks: list[str],
    file_name: str,
    shrunk: bool = False,
) -> str:
    severities = ", ".join(sorted(s.value for s in finding.severities)) or "-"
    lines = [
        f"{HEADER} {finding.title}",
        f"// signature: {finding.signature}",
        "// status: open",
        f"// severity: {severities}",
        f"// found: {found}",
        f"// compiler: {compiler.version} ({compiler.backend})",
        f"// pipeline: {pipeline}",
        f"// shrunk: {'yes' if shrunk else 'no'}",
        f"// reproduce: stream-fuzz replay corpus/{file_name}",
    ]
    if finding.apart_from:  # its signature is derived from this too: replay needs it
        lines.append(f"// apart-from: {finding.apart_from}")
    if finding.failed_pass:
        lines.append(f"// failing pass: {finding.failed_pass}")
    lines.append("// what was found:")
    lines += [f"//   {line}" for line in finding.details[:12]]
    checker = checker_of(finding)
    if checker:  # IREE's own checker states the correct output: it accepts the IR
        lines += ["//", *checker_run_lines(*checker, pipeline), "", program.strip(), ""]
        return (
            "\n".join(
                [*lines, f"// The correct output: {checker[0]} accepts the IR {POINT_TEXT[checker[1]]}."]
            )
            + "\n"
        )
    clobber = Rule.CLOBBER in finding.rules
    if finding.kind == "violation" and not checks and not clobber:
        lines.append("// note: no CHECK line tells the faulty output from a fixed one; the oracle line does")
    clobber_checks = clobber_lines(finding.violations) if clobber else []
    if clobber and not clobber_checks:
        lines += [CLOBBER_UNSTATED, "//", async_ir_run_lines(pipeline)[0]]
    elif clobber:  # a fact about the async IR on the way, which no line on the final output can state
        lines += ["//", *async_ir_run_lines(pipeline)]
    else:
        lines += ["//", run_line(finding, pipeline)]
    if finding.kind == "violation" and not checks and not clobber:
        lines.append("// RUN: iree-opt --pass-pipeline='" + pipeline.replace("'", "'\\''") + "' %s -o %t")
        lines.append("// RUN: stream-fuzz check --no-compile %t --input %s")
    if clobber:
        lines += ["", program.strip(), "", CLOBBER_CORRECT_OUTPUT, *clobber_checks]
    else:
        lines += ["", program.strip(), "", "// The correct output:", *correct_output_lines(finding), *checks]
    return "\n".join(lines) + "\n"


def correct_output_lines(finding: Finding) -> list[str]:
    """What every correct output has: the program compiles, without the recorded complaint."""
    if finding.kind in ("invalid-program", "bad-output") and finding.details:
        message = finding.details[0].split(": error: ", 1)[-1]
        message = re.sub(r"^'[^']*' ", "", message).split(";", 1)[0].split(": ", 1)[0]
        words = re.split(r"\S*[#<>%@'\"]\S*", message)[0].strip()  # up to its first name or attribute
        if len(words) > 8:
            return [f"// CHECK-NOT: {words}", "// CHECK: util.func"]
    return ["// CHECK: util.func"]


@dataclass(frozen=True)
class Attribution:
    """What a finding is to the corpus (`Corpus.attribute`)."""

    finding: Finding  # as counted: its shape's signature, or its own when kept apart (`Finding.apart_from`)
    entry: Entry | None  # the entry it is a hit of (a `fixed` one: a regression); None: new
    note: str = ""  # why it was kept apart: "probably a duplicate of ...", "a regression of ..."
    regression: bool = False  # of a `fixed` entry or a historical bug (`symptoms.HISTORICAL`)


class Corpus:
    """Where a campaign writes findings. Knows the entries already there, so a root cause is written once.

    `record` writes a finding at once (before Hypothesis starts shrinking it) and replaces it whenever a
    smaller program with the same signature comes along. Entries that existed before this campaign are
    never rewritten, except one left unshrunk (`shrunk: no`): its program is replaced by a smaller one,
    every human line of its header kept.
    """

    def __init__(
        self, folder: Path, also_known: Path | None = None, proves: Callable[[Entry], bool] | None = None
    ) -> None:
        """`also_known`: another corpus whose entries count as known (e.g. the project's, when tests
        write their findings to a temporary folder). `proves`: whether an entry's own witness shows its
        bug on the compiler under test (stream_fuzz/corpus/attribution.py); None: every entry's does (the
        pinned compiler, on which the test suite holds every open entry to fail)."""
        self.folder = folder
        self._proves = proves
        self._proven: dict[Path, bool] = {}
        self.known: dict[str, Entry] = {}  # every signature (aliases too) -> its entry, by shape alone
        self.listed: dict[str, list[Entry]] = {}  # every signature -> every entry listing it
        self.fixed_with_symptom: list[Entry] = []  # met again in any shape, a regression
        self.with_symptom: list[Entry] = []  # the others naming a symptom: named in a duplicate's note
        self.malformed: list[MalformedEntry] = []
        self.written: dict[str, Path] = {}  # signature -> file written (or shrunk) by this campaign
        for source in (also_known, folder):
            if source is not None and source.is_dir():
                for entry in read_corpus(source):
                    if isinstance(entry, MalformedEntry):
                        self.malformed.append(entry)
                    else:
                        for signature in entry.signatures:
                            self.known[signature] = entry
                            self.listed.setdefault(signature, []).append(entry)
                        if entry.status is Status.FIXED and entry.symptom:
                            self.fixed_with_symptom.append(entry)
                        elif entry.symptom:
                            self.with_symptom.append(entry)

    def attribute(self, finding: Finding) -> Attribution:
        """What `finding` is to this corpus: a known entry's hit only when the entry's bug shows on this
        compiler (`entry_of`) and the finding shows the entry's symptom (`symptoms.py`). A finding showing
        a historical bug's or a `fixed` entry's symptom is a regression of it, whatever its shape. A shape
        shared with an entry whose symptom is absent is kept apart: new, "probably a duplicate of" it."""
        if finding.apart_from:
            return Attribution(finding, self.entry_of(finding.signature))
        historical = regression_of(finding)
        if historical is not None:
            note = f"a regression of {historical.name} (fixed by {historical.fixed_by})"
            note += f": its symptom {historical.symptom} shows"
            return self._apart(finding, historical.name, note, regression=True)
        listed = self._listing(finding.signature)
        for entry in self.fixed_with_symptom:
            if shows(entry.symptom, finding):
                note = f"a regression of the fixed entry {entry.path.stem} (symptom {entry.symptom})"
                if finding.signature in entry.signatures:
                    return Attribution(finding, entry, note, regression=True)
                return replace(self._apart(finding, entry.signature, note, regression=True), entry=entry)
        fixed = next((e for e in listed if e.status is Status.FIXED and not e.symptom), None)
        if fixed is not None:
            return Attribution(finding, fixed, regression=True)
        # An entry naming no symptom is attributed its shape only while no other entry lists it: of two
        # root causes with one shape, a hash cannot tell which one a finding is.
        alone = len({e.path for e in listed}) == 1
        for entry in listed:
            if self._shown(entry) and (shows(entry.symptom, finding) if entry.symptom else alone):
                return Attribution(finding, entry)
        like = next((e for e in listed if e.status is not Status.FIXED and self._shown(e)), None)
        if like is None:
            return Attribution(finding, None)  # no entry of this shape shows its bug here: new as it is
        why = f"its symptom {like.symptom} is absent" if like.symptom else "other entries share its shape"
        others = [e.path.stem for e in self.with_symptom if e is not like and shows(e.symptom, finding)]
        also = f" (it shows the symptom of {', '.join(others)})" if others else ""
        note = f"probably a duplicate of {like.path.stem}, but {why}{also}"
        return self._apart(finding, like.signature, note)

    def _listing(self, signature: str) -> list[Entry]:
        """Every entry listing `signature`; `known`'s entry as it is now (a caller may have added or
        replaced one since the corpus was read)."""
        now = self.known.get(signature)
        listed = self.listed.get(signature, [])
        listed = [now if now is not None and e.path == now.path else e for e in listed]
        if now is not None and all(e.path != now.path for e in listed):
            listed.append(now)
        return listed

    def _apart(self, finding: Finding, apart_from: str, note: str, regression: bool = False) -> Attribution:
        counted = replace(finding, apart_from=apart_from, details=(note, *finding.details))
        entry = self.entry_of(counted.signature)  # this resemblance met before: an entry of its own
        if entry is not None and entry.symptom and not shows(entry.symptom, counted):
            entry = None
        return Attribution(counted, entry, note, regression)

    def _shown(self, entry: Entry) -> bool:
        if self._proves is None:
            return True
        if entry.path not in self._proven:
            self._proven[entry.path] = self._proves(entry)
        return self._proven[entry.path]

    def entry_of(self, signature: str) -> Entry | None:
        """The entry a finding with `signature` is attributed to: one that lists it and, on a compiler
        other than the pinned one, whose own witness shows its bug there. A shape shared with an entry
        whose bug is absent is no attribution: such a finding is new (a regression stays visible)."""
        entry = self.known.get(signature)
        return entry if entry is not None and self._shown(entry) else None

    def is_known(self, signature: str) -> bool:
        return self.entry_of(signature) is not None

    def wants_shrinking(self, signature: str) -> bool:
        """A known entry a campaign stopped shrinking: the next campaign that meets it goes on."""
        entry = self.entry_of(signature)
        return entry is not None and not entry.shrunk and entry.path.parent == self.folder

    def wants_entry(self, signature: str) -> bool:
        """Whether a program with this finding is written (a new signature) or may replace the entry (one
        still being shrunk); otherwise it is only counted. The one place this is decided."""
        return not self.is_known(signature) or self.wants_shrinking(signature)

    def record(
        self,
        finding: Finding,
        program: str,
        pipeline: str,
        compiler: CompilerInfo,
        checks: list[str],
        provenance: str = "",
    ) -> Path | None:
        """Write (or shrink) the entry for `finding`. Returns its path, or None for a known signature."""
        return self.record_rendered(
            finding.signature,
            lambda found, name: render_entry(finding, program, pipeline, compiler, found, checks, name),
            provenance,
        )

    def record_rendered(
        self, signature: str, render: Callable[[str, str], str], provenance: str = ""
    ) -> Path | None:
        """`record` for any entry text: `render(found, file_name)` writes it (L3 entries use their own)."""
        if not self.wants_entry(signature):
            return None
        self.folder.mkdir(parents=True, exist_ok=True)
        known = self.entry_of(signature)
        found = f"{datetime.date.today().isoformat()} {provenance}".strip()
        with self._locked():
            path, current = self._place(
                signature, known.path if known is not None else self.written.get(signature)
            )
            text = render(found, path.name)
            if current is not None and current.size <= code_lines(text):
                self.written[signature] = path
                return path
            if current is not None:
                text = keep_human_lines(current.text, text)
            write_atomically(path, text)
        self.written[signature] = path
        return path

    def record_finding(
        self,
        finding: Finding,
        program: str,
        pipeline: str,
        compiler: CompilerInfo,
        output: str | None,
        provenance: str = "",
    ) -> Path | None:
        """`record`, with CHECK lines chosen from the compiler's `output` (`checklines.witnessing_lines`)."""
        if not self.wants_entry(finding.signature):  # before choosing CHECK lines, which costs a parse
            return None
        checks = witnessing_lines(finding.violations, output) if output and finding.violations else []
        return self.record(finding, program, pipeline, compiler, checks, provenance)

    def mark_shrunk(self, signatures: list[str]) -> None:
        """Shrinking of these entries finished: say so in their headers."""
        if not signatures:
            return  # nothing to mark, and the corpus folder may not exist yet
        with self._locked():
            for signature in signatures:
                path = self.written.get(signature)
                if path is None or not path.exists():
                    continue
                text = path.read_text()
                done = re.sub(r"^// shrunk: no$", "// shrunk: yes", text, count=1, flags=re.M)
                if done != text:
                    write_atomically(path, done)
        for signature in signatures:
            if signature in self.known:
                self.known[signature] = replace(self.known[signature], shrunk=True)

    def _place(self, signature: str, known_path: Path | None) -> tuple[Path, Entry | None]:
        """Where `signature`'s entry goes, and the entry already there (another worker's) if any.

        A file in the way that is not this finding's entry (a typo in its header, say) is a human's
        file and is never overwritten: the entry goes beside it."""
        candidates = [known_path] if known_path is not None else []
        candidates += [self.folder / f"{signature}.mlir"]
        candidates += [self.folder / f"{signature}.new{n or ''}.mlir" for n in range(100)]
        for path in candidates:
            if not path.exists():
                return path, None
            with contextlib.suppress(MalformedEntry):
                current = read_entry(path)
                if signature in current.signatures and not self._unattributed(signature, path):
                    return path, current
        raise OSError(f"{self.folder}: no free file name for {signature}")

    def _unattributed(self, signature: str, path: Path) -> bool:
        """`path` is the entry that lists `signature` by shape but is not attributed it on this compiler:
        the finding gets a file of its own beside it, and the entry is never rewritten."""
        listed = self.known.get(signature)
        return listed is not None and listed.path == path and self.entry_of(signature) is None

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        with open(self.folder / ".lock", "a") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(lock, fcntl.LOCK_UN)


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

"""The corpus folder as a campaign sees it: which entry a finding is (`Corpus.attribute`, by signature, shape
and symptom), whether to write it (`Corpus.wants_entry`) and writing it. A campaign writes only entries it
created itself, and entries it left unshrunk; it never touches a human's triage lines."""

from __future__ import annotations

import contextlib
import datetime
import fcntl
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path

from stream_fuzz.compiler import CompilerInfo
from stream_fuzz.corpus.checklines import witnessing_lines
from stream_fuzz.corpus.entry import (
    Entry,
    MalformedEntry,
    Status,
    code_lines,
    keep_human_lines,
    read_corpus,
    read_entry,
    write_atomically,
)
from stream_fuzz.corpus.render import render_entry
from stream_fuzz.judge.findings import Finding, violation_finding
from stream_fuzz.judge.symptoms import regression_of, shows


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
        note = f"probably a duplicate of {like.path.stem}, but {why}{also}{self._other_rules(finding)}"
        return self._apart(finding, like.signature, note)

    def _other_rules(self, finding: Finding) -> str:
        """For triage, not for the verdict: what the violations of the finding's other rules are, each
        rule's judged as a finding of its own (a program often shows several bugs; the signature and the
        attribution are its primary rule's). Known ones name their entry; the verdict stays the primary's,
        so an unexplained primary is never absorbed by known neighbours."""
        parts = []
        for rule in finding.rules[1:]:
            part = violation_finding(tuple(v for v in finding.violations if v.rule is rule))
            attribution = self.attribute(part)
            entry = attribution.entry if not attribution.regression else None
            parts.append(f"{rule.id} is {entry.path.stem if entry is not None else 'not known'}")
        return f"; its other rules: {', '.join(parts)}" if parts else ""

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
            if path == self.written.get(signature) and not _readable(path):
                return path, None  # this campaign wrote it: its own file, whatever a rule says of it now
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


def _readable(path: Path) -> bool:
    try:
        read_entry(path)
    except MalformedEntry:
        return False
    return True

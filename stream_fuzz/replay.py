"""Replay corpus entries against a compiler: does each bug still reproduce?

An entry *still fails* when the compiler still crashes/hangs/rejects it, the oracle still finds a
violation, or its CHECK lines (the correct placement) do not match the output. It *now passes* when
none of that happens. *error* means the entry itself could not be replayed (malformed file).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from stream_fuzz.corpus import Entry, MalformedEntry, read_corpus, read_entry
from stream_fuzz.filecheck import run_filecheck
from stream_fuzz.findings import finding_from
from stream_fuzz.judge import Judge, Verdict

STILL_FAILING, NOW_PASSING, ERROR = "still-failing", "now-passing", "error"


@dataclass
class Replay:
    path: Path
    state: str  # STILL_FAILING | NOW_PASSING | ERROR
    status: str  # the entry's status line: open | fixed | not-a-bug ("" for malformed)
    reason: str  # why it still fails, or what is wrong with the file
    signature: str = ""
    same_signature: bool = False  # the failure today has the entry's signature

    @property
    def surprising(self) -> bool:
        """An open bug that passes (fixed upstream?) or a fixed one that fails again (regression)."""
        return (self.status == "open" and self.state == NOW_PASSING) or (
            self.status == "fixed" and self.state == STILL_FAILING
        )


def replay_entry(entry: Entry, judge: Judge) -> Replay:
    verdict: Verdict = judge.judge(entry.text, entry.pipeline)
    finding = finding_from(verdict, promised_valid=True)
    reasons = []
    if finding is not None:
        reasons.append(finding.details[0] if finding.details else finding.title)
    if verdict.result.output is not None and entry.checks:
        passed, complaint = run_filecheck("\n".join(entry.checks) + "\n", verdict.result.output)
        if not passed:
            reasons.append("CHECK lines do not match: " + (complaint.splitlines() or ["?"])[0])
    elif entry.checks and verdict.result.output is None:
        reasons.append(f"no output to check ({verdict.result.outcome.value})")
    state = STILL_FAILING if reasons else NOW_PASSING
    same = finding is not None and finding.signature == entry.signature
    return Replay(entry.path, state, entry.status, "; ".join(reasons), entry.signature, same)


def replay_paths(paths: list[Path], judge: Judge) -> list[Replay]:
    """Replay files and folders of entries; malformed files are reported as ERROR, never dropped."""
    results: list[Replay] = []
    for path in paths:
        items = read_corpus(path) if path.is_dir() else [_read_or_error(path)]
        for item in items:
            if isinstance(item, MalformedEntry):
                results.append(Replay(Path(str(item).split(":", 1)[0]), ERROR, "", str(item)))
            else:
                results.append(replay_entry(item, judge))
    return results


def _read_or_error(path: Path) -> Entry | MalformedEntry:
    try:
        return read_entry(path)
    except MalformedEntry as error:
        return error

"""For quality tests, which follow one injected fault: a corpus that takes every other finding for known
when written, and a campaign whose Hypothesis runs report one bug."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import settings

from stream_fuzz.campaign.loop import Campaign
from stream_fuzz.campaign.tally import FindingRecord, Stats
from stream_fuzz.corpus.entry import Entry, Status, read_entry
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.findings import Finding


class FollowOneFault(Corpus):
    """Follows one finding, the first whose entry `wanted(entry)` says is the injected fault's, and takes
    every other finding for known as soon as its entry is written: a real compiler bug the project's
    corpus does not know yet, or another symptom of the fault (a misplaced read also misplaces writes and
    exports, each its own signature). The campaign counts those and goes on, instead of shrinking each
    (up to Hypothesis's five minutes a bug) before it gets to the one the test is about."""

    def __init__(self, folder: Path, also_known: Path, wanted: Callable[[Entry], bool]) -> None:
        super().__init__(folder, also_known)
        self.wanted = wanted
        self.followed: str | None = None

    def record_finding(self, *args: Any, **kwargs: Any) -> Path | None:  # L1 and L2
        return self._follow_or_know(super().record_finding(*args, **kwargs))

    def record_rendered(self, *args: Any, **kwargs: Any) -> Path | None:  # L3
        return self._follow_or_know(super().record_rendered(*args, **kwargs))

    def _follow_or_know(self, path: Path | None) -> Path | None:
        if path is None:
            return path
        entry = read_entry(path)
        if entry.signatures[0] == self.followed:
            return path
        if self.followed is None and self.wanted(entry):
            self.followed = entry.signatures[0]
        else:
            self.known[entry.signatures[0]] = replace(entry, status=Status.OPEN, shrunk=True)
        return path


class OneBugCampaign(Campaign):
    """The campaign with Hypothesis told to report one bug (`report_multiple_bugs=False`): it stops
    generating at the first failure and shrinks that one. A campaign looks for several bugs at once; a
    quality test follows one, and at L3 (~0.6 s a program) the multi-bug search around it cost 16 minutes
    against 17 s for the single shrink, which reaches the same 2 ops."""

    corpus: FollowOneFault

    def _chunk_settings(self, level: str, size: int) -> settings:
        return settings(super()._chunk_settings(level, size), report_multiple_bugs=False)

    def _count(self, finding: Finding, *args: Any, **kwargs: Any) -> Finding | None:
        """Only the followed finding fails the test function, so only it is shrunk. Another finding is
        counted, its entry taken for known (`FollowOneFault`), but it stays `new` in the campaign's stats and
        would fail every program that shows it again: with `report_multiple_bugs=False` Hypothesis's
        shrinker slips to any failure with a smaller test case, so it followed whichever other finding
        shrank smallest, and the followed entry kept the last program that happened to show it (most seeds
        of the L2 quality tests: drop_first_flush seed 2 stopped at 22 ops, its shrinker on another
        signature)."""
        failing = super()._count(finding, *args, **kwargs)
        if failing is not None and failing.signature != self.corpus.followed:
            return None
        return failing

    def run_until_found(
        self, level: str, examples: int, seed: int, is_the_fault: Callable[[FindingRecord], bool]
    ) -> Stats:
        """Fuzz `level` until a finding `is_the_fault` (shrunk) or `examples` programs; then close."""
        try:
            return self.run(
                level,
                examples=examples,
                budget_s=None,
                seed=seed,
                until=lambda stats: any(is_the_fault(f) for f in stats.findings.values()),
            )
        finally:
            self.close()

"""Attribution that is shown, not hashed: a finding counts as a known entry's bug only on a compiler where
that entry's own witness shows its bug.

A signature is a hash of a finding's shape, and two unrelated root causes can share one shape: against
release 3.1.0, hits of #19891 (which 3.1.0 has) share the signature of an entry whose bug appeared around
3.10. Counting them as that entry's would hide a regression. So on a compiler other than the pinned one,
the first time a finding meets an entry's signature, the entry's RUN lines run under lit on that compiler
(the verdicts of `stream-fuzz releases`, and its cache). Only when they show the entry's bug there (for a
`not-a-bug` entry: when its intended output is there) is the finding that entry's; otherwise it is new,
written as an entry of its own beside the one it resembles, and fails the run like any new finding.

The pinned compiler needs no such run: the test suite holds every open entry to fail on it for the bug's
own reason (tests/corpus/test_lit.py).
"""

from __future__ import annotations

from pathlib import Path

from stream_fuzz.corpus.entry import Entry, Status
from stream_fuzz.corpus.releases import Outcome, Release, VerdictCache, release_of


class WitnessProver:
    """`Corpus(proves=...)`: whether an entry's own witness shows its bug on the compiler at `iree_opt`."""

    def __init__(self, iree_opt: Path, cache: VerdictCache | None = None) -> None:
        self.iree_opt = iree_opt
        self.cache = cache or VerdictCache()
        self._release: Release | None = None

    def outcome(self, entry: Path) -> Outcome:
        if self._release is None:
            self._release = release_of(self.iree_opt)
        return self.cache.results(self._release, [entry])[entry].outcome

    def __call__(self, entry: Entry) -> bool:
        shown = Outcome.CORRECT if entry.status is Status.NOT_A_BUG else Outcome.HAS_BUG
        return self.outcome(entry.path) is shown

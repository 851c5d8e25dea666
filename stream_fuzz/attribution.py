"""Attribution that is shown, not hashed: a finding counts as a known entry's bug only on a compiler where
that entry's own witness shows its bug.

A signature is a hash of a finding's shape, and two unrelated root causes can share one shape: against
release 3.1.0, hits of #19891 (which 3.1.0 has) share the signature of an entry whose bug appeared around
3.10. Counting them as that entry's would hide a regression. So on a compiler other than the pinned one,
the first time a finding meets an entry's signature, the entry's RUN lines run under lit on that compiler
(the verdicts of `stream-fuzz releases`). Only when they show the entry's bug there (for a `not-a-bug`
entry: when its intended output is there) is the finding that entry's; otherwise it is new, written as an
entry of its own beside the one it resembles, and fails the run like any new finding.

The pinned compiler needs no such run: the test suite holds every open entry to fail on it for the bug's
own reason (tests/corpus/test_lit.py). Verdicts are cached per compiler release and entry text, so each
entry costs one lit run (seconds) per compiler, ever.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from stream_fuzz.corpus import Entry, write_atomically
from stream_fuzz.releases import Outcome, Release, release_of, run_release


def cache_file() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "stream-fuzz" / "witness-verdicts.json"


class WitnessProver:
    """`Corpus(proves=...)`: whether an entry's own witness shows its bug on the compiler at `iree_opt`."""

    def __init__(self, iree_opt: Path, cache: Path | None = None) -> None:
        self.iree_opt = iree_opt
        self.cache = cache or cache_file()
        self._release: Release | None = None

    def outcome(self, entry: Path) -> Outcome:
        if self._release is None:
            self._release = release_of(self.iree_opt)
        key = f"{self._release.version}|{hashlib.sha256(entry.read_bytes()).hexdigest()[:16]}"
        verdicts = self._read()
        if key not in verdicts:
            result = run_release(self._release, [entry])[entry]
            verdicts = self._read()  # another worker may have written meanwhile
            verdicts[key] = result.outcome.value
            try:
                self.cache.parent.mkdir(parents=True, exist_ok=True)
                write_atomically(self.cache, json.dumps(verdicts, indent=1, sort_keys=True) + "\n")
            except OSError:
                pass  # a cache that cannot be written costs time, not correctness
        return Outcome(verdicts[key])

    def __call__(self, entry: Entry) -> bool:
        shown = Outcome.CORRECT if entry.status == "not-a-bug" else Outcome.HAS_BUG
        return self.outcome(entry.path) is shown

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.cache.read_text()) if self.cache.is_file() else {}
        except (OSError, ValueError):
            return {}  # a damaged cache is recomputed, never trusted
        valid = {item.value for item in Outcome}
        return (
            {k: v for k, v in data.items() if isinstance(v, str) and v in valid}
            if isinstance(data, dict)
            else {}
        )

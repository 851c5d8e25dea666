"""Attribution is shown, not hashed: on a compiler other than the pinned one, a finding is a known entry's
only where that entry's own witness shows its bug; otherwise it is new, in a file of its own, and the entry
it resembles is never rewritten."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from stream_fuzz.compiler import native_iree_opt
from stream_fuzz.corpus.attribution import WitnessProver
from stream_fuzz.corpus.entry import read_entry
from stream_fuzz.corpus.releases import VerdictCache
from stream_fuzz.corpus.store import Corpus
from tests.conftest import CORPUS
from tests.corpus.test_lit_format import case_text

SIGNATURE = "invalid-program-000000000000"


def _entry(folder: Path, case: str) -> Path:
    path = folder / case
    path.write_text(case_text(case))
    return path


def _corpus(folder: Path) -> Path:
    folder.mkdir()
    shutil.copy(CORPUS / "lit.cfg.py", folder / "lit.cfg.py")
    return folder


def test_an_entry_whose_bug_is_absent_is_not_attributed(tmp_path: Path) -> None:
    folder = _corpus(tmp_path / "corpus")
    entry = _entry(folder, "filecheck_rejects.mlir")
    before = entry.read_text()
    corpus = Corpus(folder, proves=lambda found: False)
    assert SIGNATURE in corpus.known  # the shape is listed...
    assert corpus.entry_of(SIGNATURE) is None and not corpus.is_known(SIGNATURE)  # ...but not shown here
    path = corpus.record_rendered(SIGNATURE, lambda found, name: before.replace("by hand", "a campaign"))
    assert path is not None and path != entry, "the finding needs a file of its own"
    assert entry.read_text() == before, "the entry it resembles is never rewritten"
    assert Corpus(folder, proves=lambda found: True).is_known(SIGNATURE)


def test_the_witness_decides_and_its_verdict_is_cached(tmp_path: Path) -> None:
    folder = _corpus(tmp_path / "corpus")
    shows = read_entry(_entry(folder, "filecheck_rejects.mlir"))  # open; its CHECK fails: the bug shows
    absent = read_entry(_entry(folder, "fixed_and_passing.mlir"))  # its CHECK passes: no bug here
    unreadable = read_entry(_entry(folder, "does_not_parse.mlir"))  # cannot be expressed: not shown
    cache = tmp_path / "verdicts.json"
    prover = WitnessProver(native_iree_opt(), VerdictCache(cache))
    assert prover(shows) is True
    assert prover(absent) is False
    assert prover(unreadable) is False
    assert sorted(v[0] for v in json.loads(cache.read_text()).values()) == [
        "cannot express",
        "correct",
        "has the bug",
    ]
    # The verdict is read from the cache, not run again (a cached lie would be believed: it is keyed by
    # the compiler's release and the entry's text).
    key = next(k for k, v in json.loads(cache.read_text()).items() if v[0] == "correct")
    cache.write_text(json.dumps({**json.loads(cache.read_text()), key: ["has the bug", "XFAIL"]}))
    assert WitnessProver(native_iree_opt(), VerdictCache(cache))(absent) is True

"""An L3 invalid-program finding becomes one readable corpus entry, however often the campaign meets it.

A campaign once wrote L3 invalid-program entries without the `// failure:` line entry.py requires: each
next hit found the file unreadable, took it for a human's, and wrote another beside it (33 files for one
signature in a 10-minute run)."""

from __future__ import annotations

from pathlib import Path

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.corpus.entry import read_entry
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.l3 import case_from_entry, judge_case, render_l3_entry
from tests.conftest import CORPUS

# A valid program iree-compile rejects (the corpus entry's own witness).
ENTRY = CORPUS / "invalid-program-stream-conversion-of-a-load-above-its-global.mlir"


def test_an_l3_rejection_is_written_once_with_its_failure(frontend: FrontendCompiler, tmp_path: Path) -> None:
    case = case_from_entry(ENTRY.read_text())
    finding = judge_case(frontend, case).finding
    assert finding is not None and finding.kind == "invalid-program"
    corpus = Corpus(tmp_path / "corpus")
    paths = {
        corpus.record_rendered(finding.signature, lambda found, name: render_l3_entry(
            finding, case, frontend.info, found, name))
        for _ in range(3)
    }  # fmt: skip
    assert len(paths) == 1 and sorted(p.name for p in (tmp_path / "corpus").glob("*.mlir")) == [
        f"{finding.signature}.mlir"
    ]
    [path] = paths
    assert path is not None
    [sign] = read_entry(path).failure_signs
    assert sign.startswith("failed to legalize unresolved target materialization from")
    assert len(sign) <= 120 and any(sign in line for line in finding.details)

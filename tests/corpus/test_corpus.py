"""Findings become corpus entries: signatures, atomic writes, CHECK lines that state the correct placement."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stream_fuzz import corpus as corpus_module
from stream_fuzz.compiler import resolve_pipeline
from stream_fuzz.corpus import Corpus, MalformedEntry, read_entry
from stream_fuzz.filecheck import run_filecheck
from stream_fuzz.findings import finding_from, normalize
from stream_fuzz.judge import Judge
from stream_fuzz.replay import ERROR, NOW_PASSING, STILL_FAILING, replay_paths
from tests.corpus.test_replay_corpus import run_line
from tests.oracles.conftest import PROGRAMS

SEED = (PROGRAMS / "seed_tp4_fanout.mlir").read_text()
ALLOCATION = resolve_pipeline("allocation")


@pytest.fixture(scope="module")
def faulty() -> Judge:
    """The real compiler wrapped in a fault injector that reproduces #19891 on its correct output."""
    with Judge(timeout=120, post_hook="tests.mutants:seed_bug") as judge:
        yield judge


@pytest.fixture(scope="module")
def real() -> Judge:
    with Judge(timeout=120) as judge:
        yield judge


def test_normalize_abstracts_names_numbers_and_devices() -> None:
    assert normalize("%result_12 on(#hal.device.affinity<@dev3>) {%c64}") == normalize(
        "%x on(#hal.device.affinity<@d0>) {%c1}"
    )


def test_seed_fault_becomes_an_entry_whose_checks_witness_it(
    faulty: Judge, real: Judge, tmp_path: Path, native_iree_opt: Path
) -> None:
    verdict = faulty.judge(SEED, ALLOCATION)
    finding = finding_from(verdict)
    assert finding is not None and finding.rules == ("placement/read", "visibility/transfer")
    corpus = Corpus(tmp_path)
    path = corpus.record(finding, SEED, ALLOCATION, verdict.result.compiler, verdict.result.output)
    entry = read_entry(path)
    assert entry.signature == finding.signature and entry.status == "open"
    assert entry.text.count("// CHECK-DAG:") == 6  # an allocation and a flush for each of 3 destinations
    checks = "\n".join(entry.checks) + "\n"
    assert not run_filecheck(checks, verdict.result.output)[0]  # fail on the faulty output
    good = real.judge(SEED, ALLOCATION)
    assert good.clean and run_filecheck(checks, good.result.output)[0]  # pass on the real one
    # Replay tells the two compilers apart.
    assert [r.state for r in replay_paths([path], faulty)] == [STILL_FAILING]
    assert [r.state for r in replay_paths([path], real)] == [NOW_PASSING]
    # As a lit test run with the real (correct) compiler, the entry passes: its RUN line and CHECK lines work.
    done = run_line(entry, native_iree_opt)
    assert done.returncode == 0, done.stderr[-2000:]


def test_same_signature_is_written_once_and_only_shrinks(faulty: Judge, tmp_path: Path) -> None:
    verdict = faulty.judge(SEED, ALLOCATION)
    finding = finding_from(verdict)
    corpus = Corpus(tmp_path)
    args = (ALLOCATION, verdict.result.compiler, verdict.result.output)
    first = corpus.record(finding, SEED, *args)
    padded = SEED.replace(
        "util.func public", "util.global private @unused : !hal.device\nutil.func public", 1
    )
    assert corpus.record(finding, padded, *args) == first  # a larger repro does not replace it
    assert "@unused" not in first.read_text()
    # A smaller program with the same signature (as shrinking produces) replaces it, in the same file.
    smaller = SEED.replace("util.global private @d2 : !hal.device\n", "")
    assert corpus.record(finding, smaller, *args) == first
    assert "@d2 : !hal.device" not in first.read_text()
    assert sorted(p.name for p in tmp_path.glob("*.mlir")) == [first.name]
    assert not list(tmp_path.glob("*.tmp"))
    # A later campaign sees it as known and does not touch it.
    assert Corpus(tmp_path).record(finding, SEED, *args) is None


def test_a_write_killed_midway_leaves_the_old_entry(
    faulty: Judge, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    verdict = faulty.judge(SEED, ALLOCATION)
    finding = finding_from(verdict)
    path = Corpus(tmp_path).record(finding, SEED, ALLOCATION, verdict.result.compiler, verdict.result.output)
    before = path.read_text()

    def killed(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(corpus_module.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        corpus_module._write_atomically(path, "half a file")
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []
    assert os.path.exists(path)


@pytest.mark.parametrize(
    ("content", "complaint"),
    [
        ("util.func @f() { util.return }\n", "not a corpus entry"),
        ("// stream-fuzz finding: crash\n// signature: x\n", "header lacks status"),
        (
            "// stream-fuzz finding: crash\n// signature: x\n// status: maybe\n// found: d\n// compiler: c\n"
            "// pipeline: p\n",
            "status 'maybe' is not one of",
        ),
    ],
)
def test_malformed_entries_are_named_and_reported(
    content: str, complaint: str, tmp_path: Path, real: Judge
) -> None:
    bad = tmp_path / "broken.mlir"
    bad.write_text(content)
    with pytest.raises(MalformedEntry, match=complaint):
        read_entry(bad)
    [replay] = replay_paths([tmp_path], real)
    assert replay.state == ERROR and "broken.mlir" in str(replay.path) and complaint in replay.reason

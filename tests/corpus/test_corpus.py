"""Findings become corpus entries: signatures, atomic writes, headers humans edit, CHECK lines that state the
correct output, and a replay that tells a still-open bug from a fixed one and from another bug."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stream_fuzz.compiler import CompilerInfo, resolve_pipeline
from stream_fuzz.corpus import entry as entry_module
from stream_fuzz.corpus.checklines import clobber_lines, witnessing_lines
from stream_fuzz.corpus.entry import MalformedEntry, read_entry
from stream_fuzz.corpus.filecheck import run_filecheck
from stream_fuzz.corpus.replay import AS_RECORDED, CANNOT_RUN, DIFFERENTLY, PASSES, UNREADABLE, replay_paths
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.findings import Finding, diagnostic_class, finding_from, normalize
from stream_fuzz.judge.verdict import Judge
from tests.conftest import CORPUS, corpus_witness
from tests.oracles.conftest import PROGRAMS

CORRECT_OUTPUTS = Path(__file__).resolve().parent / "correct_outputs"

SEED = (PROGRAMS / "seed_tp4_fanout.mlir").read_text()
ALLOCATION = resolve_pipeline("allocation")


def record(corpus: Corpus, judge: Judge, program: str = SEED) -> tuple[Finding, Path]:
    verdict = judge.judge(program, ALLOCATION)
    finding = finding_from(verdict)
    assert finding is not None
    checks = witnessing_lines(finding.violations, verdict.result.output or "")
    path = corpus.record(finding, program, ALLOCATION, verdict.result.compiler, checks)
    assert path is not None
    return finding, path


def test_normalize_abstracts_names_numbers_and_devices() -> None:
    assert normalize("%result_12 on(#hal.device.affinity<@dev3>) {%c64}") == normalize(
        "%x on(#hal.device.affinity<@d0>) {%c1}"
    )


def test_one_verifier_complaint_is_one_class_whichever_lifetimes_it_names() -> None:
    """refine-usage's scf.for mismatch says transient-vs-external one time, the reverse another, from the
    parent or from the yield: one root cause, one class. A null optimal member is another class."""
    first = (
        "'scf.for' op along control flow edge from parent to Operation scf.for: successor operand type #0 "
        "'!stream.resource<transient>' should match successor input type #0 '!stream.resource<external>'"
    )
    second = (
        "'scf.for' op along control flow edge from Operation scf.yield to Operation scf.for: successor "
        "operand type #0 '!stream.resource<external>' should match successor input type #0 "
        "'!stream.resource<transient>'"
    )
    assert diagnostic_class(first) == diagnostic_class(second)
    affinity = "op affinity #hal.device.{} is not compatible with the partition affinity #hal.device.x<@d1>"
    device, promise = affinity.format("affinity<@d0>"), affinity.format("promise<@d2>")
    assert diagnostic_class(device) == diagnostic_class(promise)
    null = affinity.format("optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>")
    assert diagnostic_class(null) != diagnostic_class(affinity.format("affinity<@d0>"))


def test_seed_fault_becomes_an_entry_whose_checks_witness_it(
    faulty: Judge, real: Judge, tmp_path: Path
) -> None:
    finding, path = record(Corpus(tmp_path), faulty)
    assert [r.id for r in finding.rules] == ["placement/read", "visibility/transfer"]
    entry = read_entry(path)
    assert entry.signature == finding.signature and entry.status == "open" and not entry.shrunk
    checks = "\n".join(entry.checks) + "\n"
    assert not run_filecheck(checks, faulty.judge(SEED, ALLOCATION).result.output or "")[0]
    good = real.judge(SEED, ALLOCATION)
    assert good.clean and run_filecheck(checks, good.result.output or "")[0]  # the real output is a fix
    # Replay tells the two compilers apart.
    assert [r.state for r in replay_paths([path], faulty)] == [AS_RECORDED]
    assert [r.state for r in replay_paths([path], real)] == [PASSES]


def test_a_different_failure_is_not_the_recorded_one(faulty: Judge, tmp_path: Path) -> None:
    _, path = record(Corpus(tmp_path), faulty)
    text = path.read_text()
    path.write_text(text.replace(read_entry(path).signature, "placement-read-000000000000", 1))
    [replay] = replay_paths([path], faulty)
    assert replay.state == DIFFERENTLY and replay.surprising


def test_same_signature_is_written_once_and_only_shrinks(faulty: Judge, tmp_path: Path) -> None:
    corpus = Corpus(tmp_path)
    finding, first = record(corpus, faulty)
    args: tuple[str, CompilerInfo, list[str]] = (ALLOCATION, faulty.compiler_info, [])
    unused = "util.global private @unused : !hal.device\n"
    padded = SEED.replace("util.func public", unused + "util.func public", 1)
    assert corpus.record(finding, padded, *args) == first  # a larger repro does not replace it
    assert "@unused" not in first.read_text()
    smaller = SEED.replace("util.global private @d2 : !hal.device\n", "")
    assert corpus.record(finding, smaller, *args) == first  # a smaller one with the signature does
    assert "@d2 : !hal.device" not in first.read_text()
    assert sorted(p.name for p in tmp_path.glob("*.mlir")) == [first.name]
    assert not list(tmp_path.glob("*.tmp"))
    corpus.mark_shrunk([finding.signature])
    assert read_entry(first).shrunk
    assert Corpus(tmp_path).record(finding, smaller, *args) is None  # later campaigns leave it alone


def test_two_workers_finding_one_bug_share_one_entry(faulty: Judge, tmp_path: Path) -> None:
    # Each worker process holds its own Corpus of the same folder; neither knows what the other wrote.
    first_worker, second_worker = Corpus(tmp_path), Corpus(tmp_path)
    finding, path = record(first_worker, faulty)
    args: tuple[str, CompilerInfo, list[str]] = (ALLOCATION, faulty.compiler_info, [])
    smaller = SEED.replace("util.global private @d2 : !hal.device\n", "")
    assert second_worker.record(finding, SEED, *args) == path
    assert second_worker.record(finding, smaller, *args) == path
    assert "@d2 : !hal.device" not in path.read_text()
    assert first_worker.record(finding, SEED, *args) == path  # the larger one does not come back
    assert sorted(p.name for p in tmp_path.glob("*.mlir")) == [path.name]


def test_a_human_file_in_the_way_is_kept_and_the_entry_goes_beside_it(faulty: Judge, tmp_path: Path) -> None:
    finding, path = record(Corpus(tmp_path), faulty)
    path.write_text("my notes, not an entry\n")
    beside = Corpus(tmp_path).record(finding, SEED, ALLOCATION, faulty.compiler_info, [])
    assert beside == tmp_path / f"{finding.signature}.new.mlir"
    assert path.read_text() == "my notes, not an entry\n"
    assert read_entry(beside).signature == finding.signature


def test_an_unshrunk_entry_is_shrunk_again_keeping_its_human_lines(faulty: Judge, tmp_path: Path) -> None:
    finding, path = record(Corpus(tmp_path), faulty)  # shrinking never finished: `shrunk: no`
    path.write_text(path.read_text().replace("// status: open", "// Status: Open\n// triage: mine, keep it"))
    later = Corpus(tmp_path)
    assert later.wants_shrinking(finding.signature)
    smaller = SEED.replace("util.global private @d2 : !hal.device\n", "")
    assert later.record(finding, smaller, ALLOCATION, faulty.compiler_info, []) == path
    text = path.read_text()
    assert "@d2 : !hal.device" not in text
    assert "// triage: mine, keep it" in text and "// Status: Open" in text


def test_a_write_killed_midway_leaves_the_old_entry(
    faulty: Judge, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, path = record(Corpus(tmp_path), faulty)
    before = path.read_text()

    def killed(*_: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(entry_module.os, "replace", killed)
    with pytest.raises(KeyboardInterrupt):
        entry_module.write_atomically(path, "half a file")
    assert path.read_text() == before
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []
    assert os.path.exists(path)


HEADER = (
    "// stream-fuzz finding: crash\n// signature: x\n// {status}\n"
    "// found: d\n// compiler: c\n// pipeline: p\n"
)


@pytest.mark.parametrize(
    ("content", "complaint"),
    [
        ("util.func @f() { util.return }\n", "not a corpus entry"),
        ("// stream-fuzz finding: crash\n// signature: x\n", "header lacks status"),
        (HEADER.format(status="status: opne"), "line 3: status 'opne' is not one of open, fixed, not-a-bug"),
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
    assert replay.state == UNREADABLE and replay.path == bad and complaint in replay.reason


def test_header_keys_and_statuses_are_read_case_insensitively(tmp_path: Path) -> None:
    entry = tmp_path / "e.mlir"
    entry.write_text(HEADER.format(status="Status: Open").replace("// signature:", "// Signature:"))
    assert read_entry(entry).status == "open" and read_entry(entry).signature == "x"


def test_a_truncated_entry_is_unreadable_not_still_failing(faulty: Judge, tmp_path: Path) -> None:
    _, path = record(Corpus(tmp_path), faulty)
    text = path.read_text()
    path.write_text(text[: text.index("stream.async.concurrent")])
    [replay] = replay_paths([path], faulty)
    assert replay.state == UNREADABLE and replay.surprising


def test_replay_command_streams_states_and_writes_json(faulty: Judge, tmp_path: Path) -> None:
    import json

    _, path = record(Corpus(tmp_path / "corpus"), faulty)
    report = tmp_path / "replay.json"
    done = subprocess.run(
        [sys.executable, "-m", "stream_fuzz.cli", "replay", str(path), "--json", str(report)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    # The pinned compiler has no seed bug: the open entry passes, a surprise (exit 1), with a hint.
    assert done.returncode == 1, done.stderr
    assert f"passes             [open]       {path}  <-- fixed upstream?" in done.stdout
    data = json.loads(report.read_text())
    assert data["counts"] == {AS_RECORDED: 0, DIFFERENTLY: 0, PASSES: 1, UNREADABLE: 0, CANNOT_RUN: 0}


def test_a_clobber_finding_is_recorded_with_run_lines_that_read_the_async_ir(
    real: Judge, tmp_path: Path
) -> None:
    """No line on the final output can state a clobbered read (the bytes are wrong, the IR looks fine):
    the entry a campaign writes prints the async IR where the worker read it and FileChecks it with lines
    made from the violation (only IREE's tools and FileCheck: the entry is pastable), so lit fails on the
    buggy compiler (XFAIL for an open entry), not passes."""
    program = corpus_witness("async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write", 0)
    stream = resolve_pipeline("stream")
    verdict = real.judge(program, stream)
    finding = finding_from(verdict)
    assert finding is not None and finding.rules[0].id == "async/clobbered-read"
    folder = tmp_path / "c"
    path = Corpus(folder).record(finding, program, stream, verdict.result.compiler, [])
    assert path is not None
    text = path.read_text()
    assert "--mlir-print-ir-before=iree-stream-verify-lowering-to-async" in text
    assert "// RUN: FileCheck --strict-whitespace %s --input-file %t" in text
    assert "// CHECK-NOT:   %[[W]]" in text
    assert not [line for line in text.splitlines() if line.startswith("// RUN:") and "stream-fuzz" in line]
    shutil.copy(CORPUS / "lit.cfg.py", folder / "lit.cfg.py")
    lit = str(Path(sys.executable).parent / "lit")
    # Its own exec_root: lit.cfg.py's default is one fixed folder under $TMPDIR, shared by parallel runs.
    command = [lit, "-a", str(path), "-D", f"exec_root={tmp_path / 'lit'}"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert f"XFAIL: stream-fuzz corpus :: {path.name}" in done.stdout, done.stdout[-3000:]
    assert "CHECK-NOT: excluded string found in input" in done.stdout  # a use after the in-place write


_FLAT_CLOBBER = """module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
    %1 = stream.async.fill %c7_i32, %0[%c0 to %c4 for %c4] : i32 -> %0 as !stream.resource<*>{%c16}
    %2 = stream.async.slice %0[READ] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c4}
    %3 = util.optimization_barrier %1 : !stream.resource<*>
    %4 = util.optimization_barrier %2 : !stream.resource<*>
    util.return
  }
}
"""


def _moved_above(text: str, line_start: str, above: str) -> str:
    lines = text.splitlines()
    moved = lines.pop(next(i for i, line in enumerate(lines) if line.lstrip().startswith(line_start)))
    lines.insert(next(i for i, line in enumerate(lines) if line.lstrip().startswith(above)), moved)
    return "\n".join(lines) + "\n"


def test_clobber_check_lines_state_that_the_overwritten_storage_is_not_used_after_its_writer(
    real: Judge,
) -> None:
    """The lines a clobber entry gets fail on the clobbered IR and pass on correct ones: the reader before
    the writer, the writer given a copy, and (in regions) the read moved into the writer's partition. A
    read of bytes the write left alone is no clobber: no lines."""
    faulty = _FLAT_CLOBBER.replace("READ", "%c0 to %c4")
    checks = clobber_lines(real.check_output(faulty, async_ir=True).violations)
    assert checks, "no lines for a clobbered read"
    assert not run_filecheck("\n".join(checks) + "\n", faulty, True)[0]
    reader_first = _moved_above(faulty, "%2 = stream.async.slice", "%1 = stream.async.fill")
    copied = faulty.replace(
        "%1 = stream.async.fill %c7_i32, %0[%c0 to %c4 for %c4] : i32 -> %0 as",
        "%9 = stream.async.clone %0 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}\n"
        "    %1 = stream.async.fill %c7_i32, %9[%c0 to %c4 for %c4] : i32 -> %9 as",
    )
    for fixed in (reader_first, copied):
        assert finding_from(real.check_output(fixed, async_ir=True)) is None
        assert run_filecheck("\n".join(checks) + "\n", fixed, True)[0], fixed
    disjoint = _FLAT_CLOBBER.replace("READ", "%c8 to %c16")
    assert clobber_lines(real.check_output(disjoint, async_ir=True).violations) == []
    # Across partitions: the storage is named where the writer's execute captures it.
    name = "one-pass/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write"
    entry = read_entry(CORPUS / f"{name}.mlir")
    partitioned = real.judge(entry.text, entry.pipeline, async_output=True).result.output or ""
    checks = clobber_lines(real.check_output(partitioned, async_ir=True).violations)
    assert any("stream.async.execute" in line for line in checks), checks
    assert not run_filecheck("\n".join(checks) + "\n", partitioned, True)[0]
    fixed = (CORRECT_OUTPUTS / name / "read-in-the-partition-before-the-fill.mlir").read_text()
    assert run_filecheck("\n".join(checks) + "\n", fixed, True)[0]


def test_marking_nothing_shrunk_needs_no_corpus_folder(tmp_path: Path) -> None:
    # A campaign's first chunk may end with nothing found, before any entry made the folder.
    corpus = Corpus(tmp_path / "not-yet")
    corpus.mark_shrunk([])
    assert not (tmp_path / "not-yet").exists()


def test_an_entry_the_campaign_wrote_is_its_own_even_when_a_rule_rejects_it(tmp_path: Path) -> None:
    """A renderer out of step with entry.py's rules (here: an invalid-program entry without `failure:`)
    must not make every next hit write a file beside the last one."""
    signature = "invalid-program-0123456789ab"
    text = (
        f"// stream-fuzz finding: invalid-program\n// signature: {signature}\n// status: open\n"
        "// found: {found}\n// compiler: test\n// pipeline: test\n// shrunk: no\n"
    )
    corpus = Corpus(tmp_path)
    paths = {
        corpus.record_rendered(signature, lambda found, name: text.format(found=found)) for _ in range(3)
    }
    assert paths == {tmp_path / f"{signature}.mlir"} and len(list(tmp_path.glob("*.mlir"))) == 1
    with pytest.raises(MalformedEntry):
        read_entry(tmp_path / f"{signature}.mlir")

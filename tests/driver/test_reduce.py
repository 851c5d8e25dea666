"""Quality of the one-pass reducer and the issue draft: with a fault injected into the real compiler, and on
real bugs of the pinned compiler, `reduce` names the pass that breaks, gets within twice the size of a
reproducer cut by hand, and writes an entry whose RUN line fails on the faulty compiler and passes on the
real one. The drafts name the pass and say how each compiler tried behaves."""

from __future__ import annotations

from pathlib import Path

import pytest

from stream_fuzz.corpus.checklines import witnessing_lines
from stream_fuzz.corpus.entry import code_lines, read_entry
from stream_fuzz.corpus.filecheck import run_filecheck
from stream_fuzz.corpus.replay import AS_RECORDED, PASSES, replay_entry
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.verdict import Judge
from stream_fuzz.triage.issue_draft import ReleaseResult, draft_issue
from stream_fuzz.triage.reduce import NotReproduced, reduce_entry
from tests.conftest import CORPUS
from tests.oracles.conftest import PROGRAMS

ALLOCATION = "builtin.module(iree-stream-schedule-allocation)"
INPUTS = Path(__file__).parent / "reduce_inputs"
# The seed bug's smallest witness cut by hand for schedule-allocation (20 lines of code).
HAND_MINIMAL_SEED = (INPUTS / "seed_hand_cut.mlir").read_text()


def _seed_entry(faulty: Judge, folder: Path) -> Path:
    program = (PROGRAMS / "seed_tp4_fanout.mlir").read_text()
    verdict = faulty.judge(program, ALLOCATION)
    finding = finding_from(verdict)
    assert finding is not None
    checks = witnessing_lines(finding.violations, verdict.result.output or "")
    path = Corpus(folder).record(finding, program, ALLOCATION, verdict.result.compiler, checks)
    assert path is not None
    return path


def test_an_injected_seed_bug_is_reduced_to_a_one_pass_test_that_tells_faulty_from_real(
    faulty: Judge, real: Judge, tmp_path: Path
) -> None:
    hand_cut = finding_from(faulty.judge(HAND_MINIMAL_SEED, ALLOCATION))
    assert hand_cut is not None and hand_cut.rules[0].id == "placement/read"  # the yardstick shows the bug
    entry = read_entry(_seed_entry(faulty, tmp_path))
    reduction = reduce_entry(entry, faulty, budget_s=120)
    assert reduction.stage.name == "iree-stream-schedule-allocation"
    assert reduction.lines < code_lines(reduction.before)
    assert reduction.lines <= 2 * code_lines(HAND_MINIMAL_SEED)
    assert reduction.seconds <= 120
    one_pass = tmp_path / "one-pass.mlir"
    one_pass.write_text(reduction.entry_text("the faulty compiler"))
    written = read_entry(one_pass)  # a well-formed corpus entry
    assert written.pipeline == ALLOCATION and written.status == entry.status
    assert replay_entry(written, faulty).state == AS_RECORDED  # fails on the faulty compiler
    assert replay_entry(written, real).state == PASSES  # and passes on a fixed one


def test_an_entry_kept_apart_from_another_is_reduced(real: Judge) -> None:
    """An entry recorded apart from a look-alike (`apart-from`) signs as it was recorded: reduce took the
    shape's own signature for "fails differently" and gave up."""
    entry = read_entry(CORPUS / "placement-write-prescheduled-push-into-pinned-result.mlir")
    assert entry.apart_from
    reduction = reduce_entry(entry, real, budget_s=60)
    assert reduction.stage.name == "iree-stream-schedule-allocation"
    assert reduction.lines <= code_lines(entry.programs[0])


def test_a_real_clobbered_read_is_reduced_under_the_pass_that_breaks_it(real: Judge) -> None:
    # The cse copy-on-write bug as a 14-line async program (its corpus entry is now a runtime witness).
    entry = read_entry(INPUTS / "cse_clobber_entry.mlir")
    reduction = reduce_entry(entry, real, budget_s=120)
    assert reduction.stage.name == "cse after canonicalize (2nd)" and reduction.stage.async_ir
    # The hand-cut witness is 14 lines through the whole pipeline; before cse it must not be larger.
    assert reduction.lines <= 2 * 14
    assert reduction.finding.rules and reduction.finding.rules[0].id == "async/clobbered-read"
    # The input does not already break the rule: the pass does.
    assert not [v for v in real.check_output(reduction.program, async_ir=True).violations]
    # Its RUN lines run only IREE's tools and FileCheck, whose lines reject the pass's clobbered output.
    text = reduction.entry_text("the pinned compiler")
    assert "| FileCheck --strict-whitespace %s" in text
    assert not [line for line in text.splitlines() if "RUN: stream-fuzz" in line]
    checks = "\n".join(line for line in text.splitlines() if line.startswith("// CHECK")) + "\n"
    assert not run_filecheck(checks, reduction.output or "", strict_whitespace=True)[0]


def test_an_entry_that_no_longer_fails_is_not_reduced(real: Judge) -> None:
    entry = read_entry(CORPUS / "placement-read-pull-of-import-without-from.mlir")  # not a bug: it passes
    with pytest.raises(NotReproduced, match="passes"):
        reduce_entry(entry, real, budget_s=10)


def test_the_draft_names_the_pass_and_what_each_compiler_did(
    faulty: Judge, real: Judge, tmp_path: Path
) -> None:
    entry = read_entry(_seed_entry(faulty, tmp_path))
    reduction = reduce_entry(entry, faulty, budget_s=60)
    releases = [
        ReleaseResult("a faulty build (in-process)", replay_entry(entry, faulty)),
        ReleaseResult("3.13.0 (in-process)", replay_entry(entry, real)),
    ]
    draft = draft_issue(entry, reduction, releases)
    assert "## Reproducer: `iree-stream-schedule-allocation` alone" in draft
    assert "iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' one-pass.mlir" in draft
    assert "| a faulty build (in-process) | has it |" in draft
    assert "| 3.13.0 (in-process) | passes |" in draft
    assert "placement/read" in draft  # what happens, from the violation

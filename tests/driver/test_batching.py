"""Batched judging (`judge.batching`): several programs per compile, each finding its own program's.

Real generated programs, the real compiler; the faults are worker hooks that break one marked program's
part of the output (`batch_faults.py`)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings
from stream_fuzz.generators import Program, print_program, programs

from stream_fuzz.campaign.loop import Campaign
from stream_fuzz.compiler import Outcome, resolve_pipeline
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.batching import BatchCounts, judge_batch
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.verdict import Judge, Verdict
from tests.driver.batch_faults import mark

FAULTS = "tests.driver.batch_faults"


def drawn(level: str, count: int, draw_seed: int) -> tuple[list[str], str]:
    """`count` programs of `level` as the campaign prints them, and their pipeline."""
    found: list[Program] = []

    @settings(max_examples=count, phases=[Phase.generate], suppress_health_check=list(HealthCheck))
    @given(programs(level))
    def collect(program: Program) -> None:
        found.append(program)

    seed(draw_seed)(collect)()
    pipelines = {program.pipeline for program in found}
    assert len(pipelines) == 1, pipelines
    return [print_program(program) for program in found], resolve_pipeline(pipelines.pop())


def signature(verdict: Verdict) -> str:
    finding = finding_from(verdict, promised_valid=True)
    return finding.signature if finding else "clean"


def guilty_of(judge: Judge, texts: list[str], pipeline: str) -> int:
    """A program the real compiler gets right, with an expectation to break; not the first one."""
    return next(
        index
        for index, text in enumerate(texts)
        if index > 0 and "fuzz.expect" in text and judge.judge(text, pipeline).clean
    )


@pytest.fixture(scope="module")
def alone() -> Iterator[Judge]:
    with Judge(timeout=60) as judge:
        yield judge


@pytest.mark.parametrize(("level", "count"), [("l2", 24), ("l1", 12)])
def test_batched_verdicts_are_the_programs_own(alone: Judge, level: str, count: int) -> None:
    texts, pipeline = drawn(level, count, 3)
    counts = BatchCounts()
    with Judge(timeout=60) as batched:
        verdicts = judge_batch(batched, texts, pipeline, counts)
    solo = [alone.judge(t, pipeline) for t in texts]
    assert [signature(v) for v in verdicts] == [signature(v) for v in solo]
    assert counts.batches >= 1 and counts.vouched > 0  # the batch did the work, not only solo judging
    assert counts.vouched + counts.alone == len(texts)
    for verdict, own in zip(verdicts, solo, strict=True):
        if verdict.clean:
            # The oracle ran on the program's part of the batch's output, and saw what it sees alone.
            assert verdict.measures and verdict.behaviour == own.behaviour


def test_a_fault_in_one_program_is_found_on_that_program_alone(alone: Judge) -> None:
    texts, pipeline = drawn("l2", 8, 5)
    guilty = guilty_of(alone, texts, pipeline)
    texts[guilty] = mark(texts[guilty])
    real = [signature(alone.judge(text, pipeline)) for text in texts]
    assert real[guilty] == "clean"  # the real compiler places it right: the finding is the fault's
    counts = BatchCounts()
    with Judge(timeout=60, post_hook=f"{FAULTS}:misplace_if_marked") as faulty:
        verdicts = judge_batch(faulty, texts, pipeline, counts)
        alone_faulty = signature(faulty.judge(texts[guilty], pipeline))
    assert signature(verdicts[guilty]) == alone_faulty
    assert signature(verdicts[guilty]).startswith("intent-expect-")  # the expectation it broke
    # Every other program's verdict is what the real compiler gives it alone.
    assert [signature(v) for i, v in enumerate(verdicts) if i != guilty] == real[:guilty] + real[guilty + 1 :]


def test_a_crash_in_one_program_splits_the_batch_and_is_that_programs(alone: Judge) -> None:
    # The same draws as the test above (6 of them hold no clean program since `wide` draws concats).
    texts, pipeline = drawn("l2", 8, 5)
    guilty = guilty_of(alone, texts, pipeline)
    texts[guilty] = mark(texts[guilty])
    counts = BatchCounts()
    with Judge(timeout=60, post_hook=f"{FAULTS}:segfault_if_marked") as faulty:
        verdicts = judge_batch(faulty, texts, pipeline, counts)
    assert counts.splits >= 1  # the crashing batch was bisected
    assert verdicts[guilty].result.outcome is Outcome.CRASH
    others = [signature(v) for i, v in enumerate(verdicts) if i != guilty]
    assert others == [signature(alone.judge(t, pipeline)) for i, t in enumerate(texts) if i != guilty]
    assert all(v.result.outcome is not Outcome.CRASH for i, v in enumerate(verdicts) if i != guilty)


def test_a_batched_campaign_finds_what_a_one_by_one_campaign_finds(tmp_path: Path) -> None:
    runs = {}
    for size in (1, 8):
        with Judge(timeout=60) as judge:
            campaign = Campaign(judge, Corpus(tmp_path / f"corpus-{size}"), shrink=False, batch=size)
            stats = campaign.run("l2", examples=50, budget_s=None, seed=4)
            runs[size] = (stats, campaign.prejudged)
    one, (batched, prejudged) = runs[1][0], runs[8]
    assert batched.programs == one.programs
    # Every finding of the batched run is one the one-by-one run has: nothing is blamed on a program that
    # does not have it alone. A batch may hide one (a program clean merged with others, not alone: IREE's
    # choices are not all independent of the module around a function, `compiler/batch.py`).
    hits = {s: r.hits for s, r in one.findings.items()}
    assert all(r.hits <= hits.get(s, 0) for s, r in batched.findings.items()), (batched.findings, hits)
    assert sum(r.hits for r in batched.findings.values()) >= sum(hits.values()) - 2
    # The chunk's Hypothesis run took verdicts drawn and judged ahead (it drew the same programs until its
    # first mutation that the verdicts' targets decide: `prejudge.py`).
    assert prejudged.taken >= 10 and prejudged.counts.vouched > 0


def test_a_finding_only_iree_checkers_see_is_not_lost_in_a_batch(alone: Judge) -> None:
    """A program whose one finding is IREE's own verify-affinities rejection of the allocation output: the
    batch runs the checkers on each program's part, as alone, and does not vouch for it."""
    text = (Path(__file__).parents[1] / "oracles" / "checkers" / "optimal_pull_promise_mix.mlir").read_text()
    pipeline = resolve_pipeline("allocation")
    own = signature(alone.judge(text, pipeline))
    assert own.startswith("checker-verify-affinities-")
    counts = BatchCounts()
    with Judge(timeout=60) as batched:
        verdicts = judge_batch(batched, [text, text], pipeline, counts)
    assert [signature(v) for v in verdicts] == [own, own]
    assert counts.batches >= 1 and counts.vouched == 0

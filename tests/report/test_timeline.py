"""The campaign's time series: counters sampled at most once a second add up to the run's totals, and
the timelines of several workers merge into the same totals, each signature and label at its first sight."""

from __future__ import annotations

import time

from stream_fuzz.campaign.tally import FindingRecord, Stats
from stream_fuzz.timeline import SAMPLE_S, Timeline


def judged(stats: Stats, level: str, n: int, compile_s: float) -> None:
    stats.programs[level] += n
    stats.timing["compile_s"] += compile_s


def summed(timeline: Timeline, counter: str) -> float:
    return sum(counts.get(counter, 0.0) for counts in timeline.buckets.values())


def test_samples_are_a_second_apart_and_add_up_to_the_totals() -> None:
    stats = Stats()
    for _ in range(200):  # far more programs than seconds: most ticks only note what is new
        judged(stats, "l1", 1, 0.01)
        stats.timeline.tick(stats, {"transfer"})
    judged(stats, "l2", 3, 0.5)
    stats.shrink_s["l2"] += 2.0
    stats.timeline.tick(stats, force=True)
    timeline = stats.timeline
    assert summed(timeline, "programs:l1") == 200 and summed(timeline, "programs:l2") == 3
    assert abs(summed(timeline, "compile_s") - 2.5) < 1e-9 and summed(timeline, "shrink_s") == 2.0
    assert len(timeline.buckets) <= 2 + (time.time() - min(timeline.buckets)) / SAMPLE_S
    assert set(timeline.inputs) == {"transfer"}


def test_workers_merge_into_the_totals_and_the_earliest_sightings() -> None:
    early, late = Stats(), Stats()
    record = FindingRecord("placement-write-0", "violation", "placement/write", "l1", "f.mlir", True)
    early.findings[record.signature] = record
    early.behaviour["l1"]["out_copy"] += 1
    judged(early, "l1", 5, 1.0)
    early.timeline.tick(early, {"wave"}, force=True)
    time.sleep(0.05)
    late.findings[record.signature] = record
    late.findings["bad-output-1"] = FindingRecord("bad-output-1", "bad-output", "", "l2", "", False)
    late.behaviour["l1"]["out_copy"] += 1
    judged(late, "l2", 7, 2.0)
    late.timeline.tick(late, {"wave", "loop"}, force=True)
    merged = Stats()
    merged.merge(late)
    merged.merge(early)
    timeline = merged.timeline
    assert (summed(timeline, "programs:l1"), summed(timeline, "programs:l2")) == (5, 7)
    assert summed(timeline, "compile_s") == 3.0
    assert timeline.signatures["placement-write-0"] == early.timeline.signatures["placement-write-0"]
    assert timeline.inputs["wave"] == early.timeline.inputs["wave"] < late.timeline.inputs["wave"]
    assert timeline.outputs["l1:out_copy"] == early.timeline.outputs["l1:out_copy"]
    assert set(timeline.signatures) == {"placement-write-0", "bad-output-1"}
    data = timeline.as_json(origin=min(timeline.buckets) - 10)
    assert data["samples"][0][0] >= 10 and data["signatures"]["placement-write-0"] >= 10
    assert sum(counts.get("programs:l2", 0) for _, counts in data["samples"]) == 7

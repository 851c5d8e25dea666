"""What the campaign's timeline costs per program judged: `Timeline.tick` and the input labels it is given.

    python benchmarks/bench_timeline.py [--programs N]

Draws N L1 programs and times, for each, `generators.features` (the input labels) and one `tick` on stats
shaped like a campaign's (a growing finding table, the output labels of each level), then compiles a
sample of them with the pinned compiler for scale. Target: well under 1% of a program's compile time.
"""

from __future__ import annotations

import argparse
import statistics
import time

from hypothesis import HealthCheck, given, settings
from stream_fuzz.generators import Program, features, print_program, programs

from stream_fuzz.campaign.tally import FindingRecord, Stats
from stream_fuzz.compiler import InProcessCompiler, resolve_pipeline


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--programs", type=int, default=400)
    args = parser.parse_args()
    drawn: list[Program] = []

    @settings(
        max_examples=args.programs, database=None, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(programs("l1"))
    def draw(program: Program) -> None:
        drawn.append(program)

    draw()
    stats = Stats()
    ticks, labels = [], []
    for index, program in enumerate(drawn):
        stats.programs["l1"] += 1
        stats.behaviour["l1"][f"out_{index % 40}"] += 1
        if index % 20 == 0:
            signature = f"placement-read-{index}"
            stats.findings[signature] = FindingRecord(signature, "violation", "", "l1", "", True)
        started = time.perf_counter()
        inputs = features(program)
        between = time.perf_counter()
        stats.timeline.tick(stats, inputs)
        ended = time.perf_counter()
        labels.append(between - started)
        ticks.append(ended - between)
    compiles = []
    with InProcessCompiler(timeout=120) as compiler:
        for program in drawn[:: max(1, len(drawn) // 40)]:
            started = time.perf_counter()
            compiler.compile(print_program(program, (3, 13)), resolve_pipeline(program.pipeline))
            compiles.append(time.perf_counter() - started)
    label_ms, tick_ms = statistics.median(labels) * 1e3, statistics.median(ticks) * 1e3
    compile_ms = statistics.median(compiles) * 1e3
    print(f"{len(drawn)} programs: input labels {label_ms:.3f} ms, tick {tick_ms:.4f} ms (medians)")
    print(f"compile (L1 stream pipeline, {len(compiles)} of them): {compile_ms:.1f} ms median")
    print(f"timeline share of a program's compile time: {(label_ms + tick_ms) / compile_ms:.2%}")


if __name__ == "__main__":
    main()

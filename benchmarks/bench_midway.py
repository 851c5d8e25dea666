"""What the midway check costs: L1 programs judged with the stream pipeline whole, and in stages with the
clobbered-read check at the end of the async stage (`oracles/worker_hooks.MIDWAY`).

    python benchmarks/bench_midway.py [--examples N] [--seed S]

Prints ms/program (median, p90) for both, and how many programs each finds something in.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from stream_fuzz.oracles.worker_hooks import Oracle

from stream_fuzz.campaign.stats import collect_stats
from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline
from stream_fuzz.judge.verdict import verdict_of
from tests.driver.whole_pipeline_hook import WholePipeline


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--examples", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    programs: list[str] = []

    def keep(text: str, pipeline: str) -> tuple[bool, str | None]:
        programs.append(text)
        return True, None

    collect_stats("l1", args.examples, keep, draw_seed=args.seed)
    stream = resolve_pipeline("stream")
    print(f"{len(programs)} L1 programs (seed {args.seed}), stream pipeline")
    print(f"{'':<34} {'median ms':>9} {'p90 ms':>8} {'with a finding':>15}")
    hooks = (("whole (no midway check)", WholePipeline), ("in stages, clobbered-read check", Oracle))
    for label, hook in hooks:
        times, found = [], 0
        with InProcessCompiler(analyzer=hook) as compiler:
            compiler.compile(programs[0], stream)  # worker start, staging
            for text in programs:
                started = time.perf_counter()
                result = compiler.compile(text, stream)
                times.append((time.perf_counter() - started) * 1000)
                verdict = verdict_of(result)
                found += result.outcome is not Outcome.OK or bool(verdict.violations)
        p90 = statistics.quantiles(times, n=10)[-1]
        print(f"{label:<34} {statistics.median(times):>9.1f} {p90:>8.1f} {found:>15}")


if __name__ == "__main__":
    main()

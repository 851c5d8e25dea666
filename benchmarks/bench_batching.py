"""Programs per second judged one per module and in batches, on the same drawn programs, same findings?

    python benchmarks/bench_batching.py --level l1 --programs 400 --seed 0 [--batch 16]
    python benchmarks/bench_batching.py --level l3 --programs 400 --seed 0 [--batch 16]

Draws N programs once (the campaign's strategy and printer, Hypothesis seeded with S), then judges each
slice of `--batch` programs both ways in turn, so that a change of load on a shared machine hits both
alike:

- one per module: `Judge.judge` per program, as the campaign did (a rejected program is parsed once more:
  is it the generator's?);
- batched: `batching.judge_batch` (one merged compile per slice; what is not clean there is judged alone,
  a failing batch is bisected), the same re-parse for rejected programs.

At L3 (`frontend_cases`, NumPy's results) one per module is `l3.judge_case` and batched is
`l3_batching.judge_cases` (each device count's cases `--batch` at a time, compiled once per phase, run
function by function in one loaded module); a slice is three batches' worth, as the cases of a slice split
by device count (`--slice N`: N cases a slice, as a batched campaign judges a chunk of 48 ahead).

Each way has its own compiler worker. Per program, the verdict's fingerprint (its finding's signature, or
"clean", and whether the generator's input was rejected) must be the same both ways: the batched way may
only be faster. RSS is this process plus its compiler workers. The last line is
`speedup=X.XX findings_equal=yes|no`.
"""

from __future__ import annotations

import argparse
import os
import time

import numpy as np
import psutil
from bench_compile_paths import draw  # type: ignore[import-not-found]
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from stream_fuzz.generators.frontend import FrontendProgram, frontend_cases

from stream_fuzz.compiler import Outcome
from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.judge.batching import BATCH_SIZE, BatchCounts, judge_batch
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.l3 import L3Verdict, case_of, judge_case
from stream_fuzz.judge.l3_batching import judge_cases
from stream_fuzz.judge.verdict import Judge, Verdict


def fingerprint(judge: Judge, text: str, verdict: Verdict) -> str:
    """What the campaign records of a program: its finding's signature (or clean), and whether the
    generator's own input was rejected."""
    finding = finding_from(verdict, promised_valid=True)
    rejected = verdict.result.outcome is Outcome.DIAGNOSTIC and judge.rejects_input(text)
    return f"{finding.signature if finding else 'clean'}{' (input rejected)' if rejected else ''}"


def rss_mb() -> float:
    """This process and its children (the compiler workers), in MB."""
    me = psutil.Process(os.getpid())
    return sum(p.memory_info().rss for p in [me, *me.children(recursive=True)]) / 2**20


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=["l1", "l2", "l3"], default="l1")
    parser.add_argument("--programs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=BATCH_SIZE)
    parser.add_argument("--slice", type=int, default=None, help="L3: cases a slice (default 3 batches)")
    args = parser.parse_args()
    if args.level == "l3":
        return bench_l3(args.programs, args.seed, args.batch, args.slice or 3 * args.batch)

    drawn = draw(args.level, args.programs, args.seed)
    print(f"{len(drawn)} {args.level} programs drawn with seed {args.seed}; batches of {args.batch}")
    counts = BatchCounts()
    solo_s = batched_s = 0.0
    solo_prints: list[str] = []
    batch_prints = [""] * len(drawn)
    rss_start = rss_end = 0.0
    with Judge() as alone, Judge() as batched:
        for judge in (alone, batched):  # start both workers before the clock and the RSS
            judge.judge(*drawn[0])
        rss_start = rss_mb()
        for start in range(0, len(drawn), args.batch):
            part = range(start, min(start + args.batch, len(drawn)))
            began = time.perf_counter()
            for i in part:
                solo_prints.append(fingerprint(alone, drawn[i][0], alone.judge(*drawn[i])))
            solo_s += time.perf_counter() - began
            began = time.perf_counter()
            for pipeline in sorted({drawn[i][1] for i in part}):
                same = [i for i in part if drawn[i][1] == pipeline]
                texts = [drawn[i][0] for i in same]
                verdicts = judge_batch(batched, texts, pipeline, counts)
                for i, verdict in zip(same, verdicts, strict=True):
                    batch_prints[i] = fingerprint(batched, drawn[i][0], verdict)
            batched_s += time.perf_counter() - began
            done = part.stop
            if done % 200 < args.batch or done == len(drawn):  # progress and memory every ~200 programs
                progress(done, solo_s, batched_s)
        rss_end = rss_mb()

    report(solo_prints, batch_prints, solo_s, batched_s, counts, rss_start, rss_end)


def progress(done: int, solo_s: float, batched_s: float) -> None:
    print(
        f"  {done} programs: one per module {done / solo_s:.2f}/s, batched {done / batched_s:.2f}/s, "
        f"RSS {rss_mb():.0f} MB, load {os.getloadavg()[0]:.1f}",
        flush=True,
    )


def report(
    solo_prints: list[str],
    batch_prints: list[str],
    solo_s: float,
    batched_s: float,
    counts: BatchCounts,
    rss_start: float,
    rss_end: float,
) -> None:
    n = len(solo_prints)
    differ = [i for i in range(n) if solo_prints[i] != batch_prints[i]]
    print(f"one per module: {n / solo_s:7.2f} programs/s  {solo_s / n * 1e3:6.1f} ms each")
    print(f"batched:        {n / batched_s:7.2f} programs/s  {batched_s / n * 1e3:6.1f} ms each")
    print(
        f"batches: {counts.batches} compiles, {counts.vouched} programs vouched clean by a batch, "
        f"{counts.alone} judged alone, {counts.splits} batches split"
    )
    cached, screened, reused = (getattr(counts, name, 0) for name in ("cached", "screened", "reused"))
    if cached or screened or reused:  # (getattr: the same file runs against an older stream_fuzz)
        print(
            f"L3: {cached} programs run in the module an earlier batch compiled them in, "
            f"{screened} judged alone at once (a finding known of the text, a known crash shape), "
            f"{reused} given the compile's finding of their text alone"
        )
    found = [p for p in solo_prints if not p.startswith("clean")]
    print(f"programs with a finding (alone): {len(found)}; distinct: {len(set(found))}")
    for index in differ[:10]:
        print(f"  differs: program {index}: alone {solo_prints[index]!r}, batched {batch_prints[index]!r}")
    print(f"RSS with the compiler workers: {rss_start:.0f} MB at start, {rss_end:.0f} MB at end")
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"speedup={solo_s / batched_s:.2f} findings_equal={'no' if differ else 'yes'}")


def l3_fingerprint(verdict: L3Verdict) -> str:
    finding = verdict.finding
    rejected = " (input rejected)" if verdict.generator_defect else ""
    return f"{finding.signature if finding else 'clean'}{rejected}"


def bench_l3(programs: int, draw_seed: int, batch: int, slice_: int) -> None:
    cases = [case_of(*drawn) for drawn in draw_l3(programs, draw_seed)]
    n = len(cases)
    print(
        f"{n} l3 programs drawn with seed {draw_seed}; batches of up to {batch} per device count, "
        f"slices of {slice_}"
    )
    counts = BatchCounts()
    solo_s = batched_s = 0.0
    solo_prints: list[str] = []
    batch_prints: list[str] = []
    with FrontendCompiler() as alone, FrontendCompiler() as batched:
        for compiler in (alone, batched):  # start both workers and runtimes before the clock and the RSS
            judge_case(compiler, cases[0])
        rss_start = rss_mb()
        print(f"RSS with the workers at start: {rss_start:.0f} MB", flush=True)
        for start in range(0, n, slice_):
            part = cases[start : start + slice_]
            began = time.perf_counter()
            solo_prints += [l3_fingerprint(judge_case(alone, case)) for case in part]
            solo_s += time.perf_counter() - began
            began = time.perf_counter()
            batch_prints += map(l3_fingerprint, judge_cases(batched, part, size=batch, counts=counts))
            batched_s += time.perf_counter() - began
            progress(start + len(part), solo_s, batched_s)
        rss_end = rss_mb()
    report(solo_prints, batch_prints, solo_s, batched_s, counts, rss_start, rss_end)


def draw_l3(count: int, draw_seed: int) -> list[tuple[FrontendProgram, tuple[np.ndarray, ...]]]:
    drawn: list[tuple[FrontendProgram, tuple[np.ndarray, ...]]] = []

    @settings(
        max_examples=count,
        database=None,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @hypothesis_seed(draw_seed)
    @given(frontend_cases())
    def collect(case: tuple[FrontendProgram, tuple[np.ndarray, ...]]) -> None:
        drawn.append(case)

    collect()
    return drawn


if __name__ == "__main__":
    main()

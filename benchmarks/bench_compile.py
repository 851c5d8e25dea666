"""Per-program compile time of one multi-device program through each way of reaching the compiler.

    python benchmarks/bench_compile.py [--runs N]

Prints ms/program (median and p90) for: the in-process worker (context reused), the native `iree-opt`
shipped in the wheel run as a subprocess, and the venv's `bin/iree-opt` console script (a Python wrapper).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

from stream_fuzz.compiler import (
    InProcessCompiler,
    Outcome,
    SubprocessCompiler,
    native_iree_opt,
    resolve_pipeline,
)

PROGRAMS = Path(__file__).resolve().parent.parent / "tests" / "programs"


def measure(
    compiler: InProcessCompiler | SubprocessCompiler, text: str, pipeline: str, runs: int
) -> list[float]:
    compiler.compile(text, pipeline)  # warm up: worker start, page cache
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        result = compiler.compile(text, pipeline)
        times.append((time.perf_counter() - started) * 1000)
        assert result.outcome is Outcome.OK, result.summary()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()

    native = native_iree_opt()
    console_script = Path(sys.executable).parent / "iree-opt"
    backends: list[tuple[str, InProcessCompiler | SubprocessCompiler]] = [
        ("in-process worker", InProcessCompiler()),
        ("native iree-opt subprocess", SubprocessCompiler(str(native))),
    ]
    if console_script.exists():
        backends.append(("venv console script", SubprocessCompiler(str(console_script))))
    else:
        print(f"(no console script at {console_script.name}; skipped)")

    cases = [("allocation", "fanout_in_wave.mlir"), ("stream", "flat_fanout.mlir")]
    print(f"{'backend':<28} {'pipeline':<11} {'median ms':>9} {'p90 ms':>8}   ({args.runs} runs each)")
    for name, compiler in backends:
        for pipeline_name, program in cases:
            text = (PROGRAMS / program).read_text()
            times = sorted(measure(compiler, text, resolve_pipeline(pipeline_name), args.runs))
            p90 = times[int(len(times) * 0.9) - 1]
            print(f"{name:<28} {pipeline_name:<11} {statistics.median(times):>9.1f} {p90:>8.1f}")
        compiler.close()


if __name__ == "__main__":
    main()

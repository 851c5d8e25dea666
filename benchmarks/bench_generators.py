"""Benchmark: generation + printing time per program, and validity with the in-process compiler.

python benchmarks/bench_generators.py [--examples N] [--level l1|l2|both] [--no-compile]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from stream_fuzz.campaign.stats import collect_stats, format_stats

PIPELINES = {
    "stream": "builtin.module(iree-stream-transformation-pipeline)",
    "allocation": "builtin.module(iree-stream-schedule-allocation)",
}


def in_process_compiler():
    from iree.compiler import ir, passmanager

    ctx = ir.Context()

    def compile_fn(text: str, pipeline: str) -> tuple[bool, str | None]:
        try:
            module = ir.Module.parse(text, ctx)
            passmanager.PassManager.parse(PIPELINES[pipeline], ctx).run(module.operation)
        except ir.MLIRError as e:
            return False, str(e)
        return True, None

    return compile_fn


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--examples", type=int, default=2000)
    ap.add_argument("--level", default="both", choices=["l1", "l2", "both"])
    ap.add_argument("--no-compile", action="store_true", help="only time generation")
    args = ap.parse_args()
    compile_fn = (lambda text, pipeline: (True, None)) if args.no_compile else in_process_compiler()
    for level in ("l1", "l2") if args.level == "both" else (args.level,):
        print(format_stats(collect_stats(level, args.examples, compile_fn)))
        print()


if __name__ == "__main__":
    main()

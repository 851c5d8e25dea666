"""Oracle time per compiled program, against the number of ops in the output.

    python benchmarks/bench_oracle.py [--runs N]

Compiles every hand-written program with the pinned compiler, parses each output once, then times
`oracles.check_module` on it (fact reading + all rules). Target: under 2 ms for a 50-op output.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from iree.compiler import ir
from stream_fuzz.oracles import check_module

from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline

PROGRAMS = Path(__file__).resolve().parent.parent / "tests" / "oracles" / "programs"


def count_ops(module: ir.Module) -> int:
    count = 0

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal count
        count += 1
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return count - 1  # not the module itself


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=50)
    args = parser.parse_args()
    context = ir.Context()
    rows = []
    with InProcessCompiler() as compiler:
        for path in sorted(PROGRAMS.glob("*.mlir")):
            text = path.read_text()
            pipeline = "stream" if "// PIPELINE: stream" in text else "allocation"
            result = compiler.compile(text, resolve_pipeline(pipeline))
            if result.outcome is not Outcome.OK:
                continue
            module = ir.Module.parse(result.output, context)
            check_module(module)  # warm up
            times = []
            for _ in range(args.runs):
                started = time.perf_counter()
                check_module(module)
                times.append((time.perf_counter() - started) * 1000)
            rows.append((path.stem, count_ops(module), statistics.median(times)))
    print(f"{'program':<40} {'ops':>5} {'median ms':>10} {'ms per 50 ops':>14}")
    for name, ops, ms in sorted(rows, key=lambda r: r[1]):
        print(f"{name:<40} {ops:>5} {ms:>10.3f} {ms * 50 / ops:>14.3f}")
    near_50 = [r for r in rows if 40 <= r[1] <= 70]
    if near_50:
        worst = max(near_50, key=lambda r: r[2])
        print(f"\nslowest output with 40-70 ops: {worst[0]} ({worst[1]} ops) {worst[2]:.3f} ms")


if __name__ == "__main__":
    main()

"""What L3's option-equivalence oracle costs: seconds per program of the default compile and of each variant.

    python benchmarks/bench_l3_options.py [--programs 40] [--seed 0]

Draws frontend programs (no shrinking, no corpus), judges each with the pinned compiler and runtime as a
campaign does (`judge_case`), then, for those the default compile gets right, under every variant the
compiler offers (`OptionOracle(every=True)`), timing each apart. Prints the variants skipped and why, the
mean seconds per program of the default and of each variant, the ratio of one variant in turn (`--l3-options`)
and of all variants to the default alone, and every finding by signature.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from stream_fuzz.generators.frontend import frontend_cases

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.judge.l3 import case_of, judge_case
from stream_fuzz.judge.options import OptionOracle, variant_case


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    seconds: Counter[str] = Counter()
    findings: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    with FrontendCompiler(timeout=120) as compiler:
        began = time.perf_counter()
        oracle = OptionOracle.for_compiler(compiler, every=True)
        print(f"set-up (variants on the known-good program): {time.perf_counter() - began:.1f} s")
        for skipped in oracle.skipped:
            print(f"  skipped {skipped}")

        @settings(
            max_examples=args.programs,
            phases=[Phase.generate],
            deadline=None,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        @hypothesis_seed(args.seed)
        @given(frontend_cases())
        def judge_one(drawn) -> None:  # type: ignore[no-untyped-def]
            program, _ = drawn
            case = case_of(*drawn)
            began = time.perf_counter()
            verdict = judge_case(compiler, case)
            seconds["default"] += time.perf_counter() - began
            counts["programs"] += 1
            if verdict.finding is not None or not verdict.executed:
                return
            counts["clean"] += 1
            for variant in oracle.variants:
                began = time.perf_counter()
                changed = judge_case(compiler, variant_case(case, program, variant))
                seconds[variant.name] += time.perf_counter() - began
                if changed.finding is not None:
                    finding = changed.finding
                    findings[f"{variant.name}: {finding.signature} {finding.details[:2]}"] += 1

        judge_one()
    programs, clean = counts["programs"], max(counts["clean"], 1)
    default = seconds["default"] / programs
    print(f"{programs} programs, {counts['clean']} right under the default options")
    print(f"default compile+run: {default * 1000:.0f} ms/program")
    each = {v.name: seconds[v.name] / clean for v in oracle.variants}
    for name, spent in each.items():
        print(f"  {name:24s} {spent * 1000:.0f} ms/program ({spent / default:.2f}x the default)")
    mean = sum(each.values()) / max(len(each), 1)
    print(f"one variant in turn: {(default + mean) / default:.2f}x the default alone")
    print(f"every variant:       {(default + sum(each.values())) / default:.2f}x the default alone")
    for line, count in findings.most_common():
        print(f"  finding x{count}: {line}")


if __name__ == "__main__":
    main()

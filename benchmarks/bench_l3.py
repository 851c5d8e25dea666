"""L3's generator validity, agreement with NumPy, and where its time goes, over N random programs.

    python benchmarks/bench_l3.py [--programs 500] [--seed 0] [--keep DIR]

Draws frontend programs and inputs (no shrinking, no corpus), runs each through the pinned compiler and
the runtime (`judge_case`) and prints: how many the compiler accepted (the generator's validity), compiled,
executed and agreed with NumPy; every finding by signature, with the corpus entry that knows it (or NEW);
programs/s; ms per program per stage.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from stream_fuzz.generators.frontend import frontend_cases

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.corpus.entry import Entry, read_corpus
from stream_fuzz.judge.l3 import case_of, judge_case, render_l3_entry

CORPUS = Path(__file__).resolve().parents[1] / "corpus"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--keep", type=Path, metavar="DIR", help="write the first program of each finding here"
    )
    args = parser.parse_args()
    counts: Counter[str] = Counter()
    findings: Counter[str] = Counter()
    timing: Counter[str] = Counter()
    started = time.perf_counter()
    with FrontendCompiler(timeout=120) as compiler:

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
            began = time.perf_counter()
            case = case_of(*drawn)
            timing["numpy_s"] += time.perf_counter() - began
            verdict = judge_case(compiler, case)
            for key, value in verdict.run.timing.items():
                timing[key] += value
            counts["programs"] += 1
            counts["valid"] += not verdict.generator_defect
            counts["compiled"] += verdict.run.stage == "run" or verdict.run.outcome == "ok"
            counts["executed"] += verdict.executed
            counts["agrees"] += (
                verdict.executed
                and verdict.run.outcome == "ok"
                and (verdict.finding is None or verdict.finding.kind == "violation")
            )
            if verdict.finding is not None:
                signature = verdict.finding.signature
                findings[signature] += 1
                if args.keep and findings[signature] == 1:
                    args.keep.mkdir(parents=True, exist_ok=True)
                    name = f"{signature}.mlir"
                    entry = render_l3_entry(verdict.finding, case, compiler.info, "bench_l3", name)
                    (args.keep / name).write_text(entry)
            if counts["programs"] % 50 == 0:
                print(f"  {counts['programs']} programs, {time.perf_counter() - started:.0f} s", flush=True)

        judge_one()
    elapsed = time.perf_counter() - started
    n = counts["programs"]
    # What no stage measured: Hypothesis drawing programs, the worker's pipe, starting the worker.
    timing["generate_and_other_s"] = elapsed - sum(timing.values())
    print(f"{n} programs in {elapsed:.0f} s: {n / elapsed:.2f} programs/s")
    for key in ("valid", "compiled", "executed", "agrees"):
        print(f"  {key:<9} {counts[key]:>5}  {counts[key] / n:.1%}")
    print("  ms per program: " + ", ".join(f"{k[:-2]} {v / n * 1000:.0f}" for k, v in sorted(timing.items())))
    known = {s: e.path.name for e in read_corpus(CORPUS) if isinstance(e, Entry) for s in e.signatures}
    for signature, hits in findings.most_common():
        where = f"known: {known[signature]}" if signature in known else "NEW"
        print(f"  finding {signature}: {hits} program(s) ({where})")


if __name__ == "__main__":
    main()

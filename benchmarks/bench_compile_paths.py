"""Programs per second through each way of compiling them, on the same drawn programs.

    python benchmarks/bench_compile_paths.py --level l1 --programs 400 --seed 0

Draws N programs once (the campaign's strategy and printer; Hypothesis seeded with S), then takes each
program through every path in turn, so that a change of load on a shared machine hits every path alike:

- campaign: the `Judge` that `stream-fuzz run` uses: the pinned compiler in its worker process (crash and
  hang isolation), the stream pipeline in stages with the clobber check and IREE's own checkers at the async
  boundary (and on schedule-allocation's output), the printed output read back, the placement oracle; a
  rejected program is parsed once more (is it the generator's?);
- native: the wheel's `iree-opt` run once per program on the same pipeline, no oracle (the loop other MLIR
  fuzzers use);
- bindings: one `ir.Context` in this process: parse, the pipeline, print; no oracle. Once with dialects
  loaded as programs use them (the worker's context), once with the bindings' default of loading them all.

Each path sees the first program once before the clock starts (worker start, pipeline parsing). The
campaign's time is split into the worker's compile, IREE's checkers, the round-trip checks (the printed
output and the async IR midway read back as the same IR, `compiler/roundtrip.py`), its placement oracle and
the pipe to the worker. The last lines are `checkers/worker=X.XXX` (the checkers' share of the worker's time),
`reread/worker=X.XXX` (the round-trip checks') and `campaign/native=X.XX`.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st
from iree.compiler import ir, passmanager
from stream_fuzz.generators import print_program, programs

from stream_fuzz.compiler import Outcome, native_iree_opt, resolve_pipeline
from stream_fuzz.compiler.subprocess_backend import run_bounded
from stream_fuzz.compiler.worker import new_context
from stream_fuzz.judge.verdict import DEFAULT_TIMEOUT_S, Judge

Program = tuple[str, str]  # (MLIR text, full pipeline)


@dataclass
class CompilePath:
    name: str
    run: Callable[[str, str], bool]  # compile one program; True when the pipeline got through
    seconds: float = 0.0
    compiled: int = 0


def draw(level: str, count: int, draw_seed: int) -> list[Program]:
    """`count` programs as the campaign draws and prints them (generate phase only, no database)."""
    strategy = programs(level)
    drawn: list[Program] = []

    @settings(
        max_examples=count,
        database=None,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def collect(data: st.DataObject) -> None:
        program = data.draw(strategy)
        drawn.append((print_program(program), resolve_pipeline(program.pipeline)))

    seed(draw_seed)(collect)()
    return drawn


def campaign_path(judge: Judge, split: dict[str, float]) -> Callable[[str, str], bool]:
    def run(text: str, pipeline: str) -> bool:
        verdict = judge.judge(text, pipeline)
        outcome = verdict.result.outcome
        if outcome is Outcome.DIAGNOSTIC:
            judge.rejects_input(text)  # as `Campaign.evaluate` asks
        split["worker"] += verdict.result.elapsed_s
        split["oracle"] += float(verdict.result.extras.get("analyze_s", 0.0))
        split["checkers"] += float(verdict.result.extras.get("checkers_s", 0.0))
        split["reread"] += float(verdict.result.extras.get("reread_s", 0.0))
        return outcome in (Outcome.OK, Outcome.BAD_OUTPUT)

    return run


def native_path() -> Callable[[str, str], bool]:
    binary = str(native_iree_opt())

    def run(text: str, pipeline: str) -> bool:
        code, _, _ = run_bounded([binary, f"--pass-pipeline={pipeline}", "-"], text, DEFAULT_TIMEOUT_S)
        return code == 0

    return run


def bindings_path(context: Any) -> Callable[[str, str], bool]:
    managers: dict[str, Any] = {}

    def run(text: str, pipeline: str) -> bool:
        try:
            module = ir.Module.parse(text, context)
            if pipeline not in managers:
                managers[pipeline] = passmanager.PassManager.parse(pipeline, context)
            managers[pipeline].run(module.operation)
        except ir.MLIRError:
            return False
        str(module)
        return True

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=["l1", "l2"], default="l1")
    parser.add_argument("--programs", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    drawn = draw(args.level, args.programs, args.seed)
    print(f"{len(drawn)} {args.level} programs drawn with seed {args.seed}")
    split = {"worker": 0.0, "oracle": 0.0, "checkers": 0.0, "reread": 0.0}
    with Judge() as judge:
        paths = [
            CompilePath("campaign (worker, every oracle)", campaign_path(judge, split)),
            CompilePath("native iree-opt, a process each", native_path()),
            CompilePath("one bindings context (worker's kind)", bindings_path(new_context(ir))),
            CompilePath("one bindings context (all dialects)", bindings_path(ir.Context())),
        ]
        for path in paths:
            path.run(*drawn[0])
        split.update(worker=0.0, oracle=0.0, checkers=0.0, reread=0.0)
        for text, pipeline in drawn:
            for path in paths:
                started = time.perf_counter()
                path.compiled += path.run(text, pipeline)
                path.seconds += time.perf_counter() - started

    for path in paths:
        rate = len(drawn) / path.seconds
        per = path.seconds / len(drawn) * 1e3
        print(f"{path.name:<36} {rate:7.1f} programs/s  {per:6.1f} ms each  ({path.compiled} compiled)")
    campaign, native = paths[0], paths[1]
    worker_ms = split["worker"] / len(drawn) * 1e3
    oracle_ms = split["oracle"] / len(drawn) * 1e3
    checkers_ms = split["checkers"] / len(drawn) * 1e3
    reread_ms = split["reread"] / len(drawn) * 1e3
    pipe_ms = campaign.seconds / len(drawn) * 1e3 - worker_ms
    print(
        f"campaign per program: {worker_ms - oracle_ms - checkers_ms - reread_ms:.1f} ms compile and clobber "
        f"check in the worker, {checkers_ms:.2f} ms IREE's checkers, {reread_ms:.2f} ms round-trip checks, "
        f"{oracle_ms:.1f} ms placement oracle, {pipe_ms:.1f} ms pipe and parent"
    )
    print(f"checkers/worker={checkers_ms / worker_ms:.3f}")
    print(f"reread/worker={reread_ms / worker_ms:.3f}")
    print(f"campaign/native={native.seconds / campaign.seconds:.2f}")


if __name__ == "__main__":
    main()

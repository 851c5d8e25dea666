"""Generator statistics: validity against a compiler, feature coverage, generation speed.

`collect_stats(level, examples, compile_fn)` draws `examples` programs through a normal Hypothesis
run (generate phase only, no database), times drawing + printing each one, judges each with
`compile_fn(text, pipeline) -> Judged` and summarizes. `pipeline` is the program's `Program.pipeline` name
("stream" or "allocation"; "frontend" for L3's programs, whose features are `frontend_features`).
`draw_seed` makes the draw repeatable; `on_invalid(text, diagnostic)` sees every
program the verifier rejects (the summary keeps only the first five).

Validity is the generator's: the share of programs the verifier accepts. A pass that fails on a valid
program, a crash or a hang is the compiler's failure, counted apart (`compiled` is the share the whole
pipeline got through).
"""

from __future__ import annotations

import hashlib
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

from stream_fuzz.generators import features, print_program, programs
from stream_fuzz.generators.frontend import (
    DEFAULT_TARGET,
    frontend_features,
    frontend_programs,
    print_frontend,
)


@dataclass(frozen=True)
class Judged:
    """One program's fate: did the verifier accept it, did the pipeline get through, what did it do."""

    accepted: bool  # False: the generator's own defect
    compiled: bool  # the pipeline ran to the end (its output may still break a rule)
    diagnostic: str | None = None  # why the verifier or a pass rejected it
    behaviour: frozenset[str] = frozenset()  # `oracles.behaviour` labels of the output


CompileFn = Callable[[str, str], Judged]


def collect_stats(
    level: str,
    examples: int,
    compile_fn: CompileFn,
    draw_seed: int | None = None,
    on_invalid: Callable[[str, str], object] | None = None,
    progress: Callable[[str, int, int], None] | None = None,
    size: int | None = None,
    target: tuple[int, int] | None = None,
) -> dict:
    """`target`: the release of the compiler judging the programs (L3 draws only what it takes); None: the
    pinned one's."""
    l3 = level == "l3"
    strategy: st.SearchStrategy[Any] = (
        frontend_programs(size=size, target=target or DEFAULT_TARGET) if l3 else programs(level, size=size)
    )
    times: list[float] = []
    ops: list[int] = []
    judge_times: list[float] = []  # compile + oracle
    counts: Counter[str] = Counter()
    out: Counter[str] = Counter()
    diagnostics: Counter[str] = Counter()
    failures: Counter[str] = Counter()
    failing: list[str] = []
    valid = compiled = 0

    @settings(
        max_examples=examples,
        database=None,
        phases=[Phase.generate],
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(st.data())
    def run(data: st.DataObject) -> None:
        nonlocal valid, compiled
        start = time.perf_counter()
        program = data.draw(strategy)
        text = print_frontend(program) if l3 else print_program(program)
        times.append(time.perf_counter() - start)
        ops.append(len(program.ops) if l3 else len(program.ops()))
        counts.update(frontend_features(program) if l3 else features(program))
        judge_start = time.perf_counter()
        judged = compile_fn(text, program.pipeline)
        judge_times.append(time.perf_counter() - judge_start)
        if progress is not None:
            progress(level, len(times), examples)
        out.update(judged.behaviour)
        compiled += judged.compiled
        if judged.accepted:
            valid += 1
            if not judged.compiled:
                failures[_first_error(judged.diagnostic)] += 1
        else:
            diagnostics[_first_error(judged.diagnostic)] += 1
            if len(failing) < 5:
                failing.append(text)
            if on_invalid is not None:
                on_invalid(text, judged.diagnostic or "")

    if draw_seed is not None:
        run = seed(draw_seed)(run)
    run()
    n = len(times)
    return {
        "level": level,
        "programs": n,
        "valid": valid,
        "validity": valid / n if n else 0.0,
        "compiled": compiled,
        "median_ops": statistics.median(ops) if n else None,
        "median_judge_ms": statistics.median(judge_times) * 1e3 if n else None,
        "max_ops": max(ops) if n else None,
        "features": {k: counts[k] / n for k in sorted(counts)} if n else {},
        "behaviour": {k: out[k] / n for k in sorted(out)} if n else {},
        "median_gen_ms": statistics.median(times) * 1e3 if n else None,
        # A 90th percentile of fewer than ten samples would be one of them, named a percentile.
        "p90_gen_ms": statistics.quantiles(times, n=10)[-1] * 1e3 if n >= 10 else None,
        "diagnostics": dict(diagnostics.most_common()),
        "compiler_failures": dict(failures.most_common()),
        "failing_examples": failing,
    }


def format_stats(d: dict) -> str:
    lines = [
        f"level {d['level']}: {d['programs']} programs, valid {d['valid']} ({d['validity']:.2%}: "
        f"the verifier accepts them), compiled {d['compiled']} ({d['compiled'] / max(d['programs'], 1):.2%})",
        f"ops per program: median {d['median_ops']}, most {d['max_ops']}; compile + oracle: median "
        f"{d['median_judge_ms']:.1f} ms",
        "generation + printing: "
        + ", ".join(
            f"{name} {d[key]:.3f} ms" if d[key] is not None else f"{name} n/a ({d['programs']} programs)"
            for name, key in (("median", "median_gen_ms"), ("p90", "p90_gen_ms"))
        ),
        "features (share of programs):",
    ]
    lines += [
        f"  {name:32s} {share:7.1%}" for name, share in sorted(d["features"].items(), key=lambda kv: -kv[1])
    ]
    lines.append("what the compiler did (share of programs):")
    lines += [
        f"  {name:36s} {share:7.1%}" for name, share in sorted(d["behaviour"].items(), key=lambda kv: -kv[1])
    ]
    if d["diagnostics"]:
        lines.append("generator defects (the verifier rejects the program):")
        lines += [f"  {count:5d}  {msg}" for msg, count in d["diagnostics"].items()]
    if d["compiler_failures"]:
        lines.append("compiler failures on valid programs (findings: run a campaign to record them):")
        lines += [f"  {count:5d}  {msg}" for msg, count in d["compiler_failures"].items()]
    return "\n".join(lines)


def _first_error(diagnostic: str | None) -> str:
    lines = (diagnostic or "").strip().splitlines()
    errors = [line for line in lines if "error" in line] or lines
    return errors[0].strip()[:200] if errors else "<no diagnostic>"


def keep_invalid(folder: Path, text: str, diagnostic: str) -> Path:
    """Write a rejected program, headed by its diagnostic, to classify as a generator or a compiler bug."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"invalid-{hashlib.sha256(text.encode()).hexdigest()[:12]}.mlir"
    header = "".join(f"// {line}\n" for line in diagnostic.strip().splitlines()[:4])
    path.write_text(header + text)
    return path

"""Pre-draw a chunk's programs and judge them in batches; the chunk's Hypothesis run then reuses the verdicts.

Why pre-draw rather than draw a batch as one Hypothesis example: shrinking and replay must stay per
program. An example of K programs would be shrunk as a whole (Hypothesis minimises every program of it,
each step a batch compile, and cannot delete down to the guilty one unless the list's length shrinks too,
which would also make drawn batches short), and its database entries would replay batches. Here the
chunk's Hypothesis run is exactly the one-program-per-example run it always was; only its verdicts come
faster:

1. `draw_chunk` runs the chunk's Hypothesis test with the same strategy, seed and settings, generation
   only, collecting the programs it draws (cheap: a few ms a program);
2. `prejudge` compiles them in batches (`batching.judge_batch`) and keeps the verdicts of the programs
   that came out clean;
3. the real run draws the same programs in the same order (Hypothesis is deterministic for a seed), and
   `Campaign.evaluate` takes a kept verdict when the program's text matches one; any other program (one
   with a finding, or one the real run draws differently: a mutation after a failure, a shrink step, a
   fleet's replayed example) is judged alone as before.

A finding therefore always comes from judging its program alone, in the run Hypothesis shrinks.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from hypothesis import Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis.strategies import SearchStrategy

from stream_fuzz.campaign.steering import steer_by_behaviour
from stream_fuzz.compiler import resolve_pipeline
from stream_fuzz.generators import Program, print_program
from stream_fuzz.judge.batching import BatchCounts, judge_batch
from stream_fuzz.judge.verdict import Judge, Verdict

# Draws ahead of a chunk: each round judges what the verdicts so far made Hypothesis draw differently.
ROUNDS = 4


@dataclass
class Prejudged:
    """Verdicts by (program text, pipeline), each taken at most once."""

    verdicts: dict[tuple[str, str], Verdict] = field(default_factory=dict)
    counts: BatchCounts = field(default_factory=BatchCounts)
    taken: int = 0
    draw_s: float = 0.0  # seconds spent drawing ahead (every round)

    def take(self, text: str, pipeline: str) -> Verdict | None:
        verdict = self.verdicts.pop((text, pipeline), None)
        self.taken += verdict is not None
        return verdict


def draw_chunk(
    strategy: SearchStrategy[Program],
    chunk_settings: settings,
    chunk_seed: int,
    seen: Callable[[Program], Verdict | None] = lambda program: None,
) -> list[Program]:
    """The programs a chunk's Hypothesis run with these settings and seed draws, generation only (no
    shared database: its replayed examples are the run's own business). Hypothesis keeps a mutation of
    an example only if it scores at least as well on every `target()`, so the draws depend on the
    verdicts' measures: a program `seen` knows tells Hypothesis what the real run will tell it."""
    drawn: list[Program] = []

    @settings(chunk_settings, phases=[Phase.generate], database=None)
    @hypothesis_seed(chunk_seed)
    @given(strategy)
    def collect(program: Program) -> None:
        drawn.append(program)
        verdict = seen(program)
        if verdict is not None:
            steer_by_behaviour(verdict.behaviour, verdict.measures)

    collect()
    return drawn


def prejudge(
    judge: Judge,
    strategy: SearchStrategy[Program],
    chunk_settings: settings,
    chunk_seed: int,
    target: tuple[int, int],
    size: int,
) -> Prejudged:
    """Draw the chunk ahead and judge its programs in batches of `size`. Drawn again with what was
    judged, the chunk may draw other programs past the first mutation the verdicts decide: those are
    judged in turn, up to `ROUNDS` times; what the real run draws beyond that is judged alone."""
    prejudged = Prejudged()

    def key(program: Program) -> tuple[str, str]:
        return print_program(program, target), resolve_pipeline(program.pipeline)

    def seen(program: Program) -> Verdict | None:
        return prejudged.verdicts.get(key(program))

    for _ in range(ROUNDS):
        started = time.perf_counter()
        drawn = draw_chunk(strategy, chunk_settings, chunk_seed, seen)
        fresh = [k for k in dict.fromkeys(map(key, drawn)) if k not in prejudged.verdicts]
        prejudged.draw_s += time.perf_counter() - started
        if not fresh:
            break
        for pipeline in dict.fromkeys(p for _, p in fresh):
            texts = [text for text, p in fresh if p == pipeline]
            for start in range(0, len(texts), size):
                part = texts[start : start + size]
                verdicts = judge_batch(judge, part, pipeline, prejudged.counts)
                for text, verdict in zip(part, verdicts, strict=True):
                    prejudged.verdicts[(text, pipeline)] = verdict
    return prejudged

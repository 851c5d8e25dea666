"""L3's pre-judging: draw a chunk's frontend cases ahead, judge them in batches, and let the chunk's own
Hypothesis run take the verdicts (`prejudge.py` says why this way round, not a batch per example).

Each verdict kept is either a batch's clean one or the case's own `judge_case` (`l3_batching`), so the
real run's findings are always their program's alone. A case the real run draws that was not judged
ahead (a shrink step, a mutation the verdicts steered elsewhere, a fleet's example) is judged alone. A
case judged ahead that the run does not draw again is judged all the same: the campaign counts and
records it after the run (`leftovers`), unshrunk, so no compile is wasted.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from hypothesis import Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis.strategies import SearchStrategy

from stream_fuzz.campaign.prejudge import ROUNDS
from stream_fuzz.campaign.steering import steer_by_behaviour
from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.judge.batching import BatchCounts
from stream_fuzz.judge.l3 import Case, L3Verdict, case_of
from stream_fuzz.judge.l3_batching import judge_cases

Key = tuple[str, tuple[bytes, ...], tuple[str, ...]]


def key_of(case: Case) -> Key:
    """A case as the real run will draw it again: its text and its inputs' bytes and types."""
    return case.text, tuple(x.tobytes() for x in case.inputs), tuple(str(x.dtype) for x in case.inputs)


@dataclass
class PrejudgedL3:
    verdicts: dict[Key, L3Verdict] = field(default_factory=dict)
    cases: dict[Key, Case] = field(default_factory=dict)  # the case of each verdict
    counts: BatchCounts = field(default_factory=BatchCounts)
    taken: int = 0
    left: int = 0  # verdicts judged ahead that the run did not draw again (counted after it)
    draw_s: float = 0.0

    def take(self, case: Case) -> L3Verdict | None:
        verdict = self.verdicts.pop(key_of(case), None)
        self.taken += verdict is not None
        return verdict

    def leftovers(self) -> list[tuple[Case, L3Verdict]]:
        """The verdicts the run did not take (their programs judged all the same), each handed out once."""
        left = [(self.cases[key], verdict) for key, verdict in self.verdicts.items()]
        self.verdicts.clear()
        self.left += len(left)
        return left


def _steer(verdict: L3Verdict | None) -> None:
    """What `Campaign.evaluate_l3` tells Hypothesis of a verdict, so a draw ahead draws as the run will."""
    report = verdict.run.report if verdict is not None else None
    if report is not None:
        steer_by_behaviour(report.behaviour, report.measures)


def draw_cases(
    strategy: SearchStrategy[Any], chunk_settings: settings, chunk_seed: int, prejudged: PrejudgedL3
) -> list[Case]:
    drawn: list[Case] = []

    @settings(chunk_settings, phases=[Phase.generate], database=None)
    @hypothesis_seed(chunk_seed)
    @given(strategy)
    def collect(program_and_inputs: Any) -> None:
        case = case_of(*program_and_inputs)
        drawn.append(case)
        _steer(prejudged.verdicts.get(key_of(case)))

    collect()
    return drawn


def prejudge_l3(
    compiler: FrontendCompiler,
    strategy: SearchStrategy[Any],
    chunk_settings: settings,
    chunk_seed: int,
    size: int,
    execute: bool = True,
    deadline: float | None = None,
) -> PrejudgedL3:
    """Draw the chunk ahead and judge its cases in batches of up to `size` per device count; drawn again
    with those verdicts, up to `ROUNDS` times, for what they make Hypothesis draw differently, but no
    round begins past the campaign's `deadline` (`time.monotonic()`)."""
    prejudged = PrejudgedL3()
    for round_ in range(ROUNDS):
        if round_ and deadline is not None and time.monotonic() >= deadline:
            break
        started = time.perf_counter()
        cases = draw_cases(strategy, chunk_settings, chunk_seed, prejudged)
        fresh = list({key_of(c): c for c in cases if key_of(c) not in prejudged.verdicts}.values())
        prejudged.draw_s += time.perf_counter() - started
        if not fresh:
            break
        verdicts = judge_cases(compiler, fresh, execute, size, prejudged.counts)
        for case, verdict in zip(fresh, verdicts, strict=True):
            prejudged.verdicts[key_of(case)] = verdict
            prejudged.cases[key_of(case)] = case
    return prejudged

"""Drawn L3 programs of one shape compile, run and agree with NumPy: the check each shape's slow test makes
on the pinned compiler and runtime."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from hypothesis import HealthCheck, Phase, given, seed, settings
from stream_fuzz.generators.frontend import FrontendProgram, frontend_cases, print_frontend

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.corpus.entry import Entry, read_corpus
from stream_fuzz.judge.l3 import L3Verdict, case_of, compare_outputs, judge_case
from tests.conftest import CORPUS

EXAMPLES = 6


def agreeing_verdicts(
    frontend: FrontendCompiler, wanted: Callable[[FrontendProgram], bool]
) -> list[L3Verdict]:
    """The verdicts of the drawn programs `wanted` picks (seed 26, six of them) that ran and agreed with
    NumPy. A drawn program may instead hit a compile or run bug the corpus knows (constant work on a
    device, loops): it is passed over. Any other failure to compile or run, or a wrong value, fails. A
    placement violation comes with results that agree (a wrong result outranks it): the values are these
    tests' business, the placement the campaign's."""
    known = frozenset(s for e in read_corpus(CORPUS) if isinstance(e, Entry) for s in e.signatures)
    agreed: list[L3Verdict] = []

    @seed(26)
    @settings(
        max_examples=EXAMPLES,
        phases=[Phase.generate],
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(frontend_cases().filter(lambda drawn: wanted(drawn[0])))
    def check(drawn: tuple[FrontendProgram, tuple[np.ndarray, ...]]) -> None:
        case = case_of(*drawn)
        verdict = judge_case(frontend, case)
        finding = verdict.finding
        if finding is not None and finding.kind != "violation":
            assert finding.signature in known, (finding, print_frontend(drawn[0]))
            return
        assert verdict.executed and verdict.run.outputs is not None, verdict.run.message
        assert compare_outputs(verdict.run.outputs, case) == ()
        agreed.append(verdict)

    check()
    return agreed

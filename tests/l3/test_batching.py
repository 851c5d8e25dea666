"""L3 batching (`judge.l3_batching`): several frontend programs per compile, run function by function, each
finding its own program's. Real drawn programs, the real compiler and runtime; the faults are stream hooks
(`tests/l3_faults.py`) that act on a copy between devices, which only the guilty program of a batch has."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, seed, settings
from iree.compiler import ir
from stream_fuzz.generators.frontend import (
    FrontendOp,
    FrontendProgram,
    FrontendResult,
    TensorType,
    frontend_cases,
)

from stream_fuzz.campaign.loop import Campaign
from stream_fuzz.compiler.frontend import FrontendCompiler, runtime_available
from stream_fuzz.compiler.frontend_batch import BatchFailed, FrontendBatchRequest
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.batching import BatchCounts
from stream_fuzz.judge.l3 import Case, L3Verdict, case_of, judge_case
from stream_fuzz.judge.l3_batching import judge_cases, moves_a_constant
from stream_fuzz.judge.verdict import Judge

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not runtime_available(), reason="iree-base-runtime is not installed (the runtime extra)"
    ),
]
DROP = "tests.l3_faults:drop_first_cross_device_copy"
CRASH = "tests.l3_faults:crash_on_cross_device_copy"


def drawn(count: int, draw_seed: int) -> list[Case]:
    found: list[Case] = []

    @settings(
        max_examples=count,
        phases=[Phase.generate],
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(frontend_cases())
    def collect(case: tuple[FrontendProgram, tuple[object, ...]]) -> None:
        # Without transient storage: such a program is judged alone by design, never batched (the same
        # programs were drawn before the argument existed: it takes no draw of its own).
        program, inputs = case
        found.append(case_of(replace(program, transients=None), inputs))  # type: ignore[arg-type]

    seed(draw_seed)(collect)()
    return found


def signature(verdict: L3Verdict) -> str:
    return verdict.finding.signature if verdict.finding else "clean"


@pytest.fixture(scope="module")
def real() -> Iterator[FrontendCompiler]:
    with FrontendCompiler(timeout=120) as compiler:
        yield compiler


# The neighbours: one elementwise op each on a tensor of odd length. No drawn program has one (the
# generator's sizes are even), and IREE deduplicates equal dispatches across the functions of a batch (a
# program sharing one is judged alone by design): distinct lengths keep every neighbour's own. Not
# `subi x, x`: it folds to zero, the program then names no device and gets the module's default device
# (generators/frontend_model.py, FrontendProgram.folded), which a batch cannot share.
NEIGHBOURS = (("muli", 3), ("addi", 5), ("maxsi", 7), ("addi", 9))


def neighbour(devices: int, name: str, length: int) -> Case:
    t = TensorType((length,), "i32")
    program = FrontendProgram(
        devices, ((t, 0),), (FrontendOp("binary", t, (0, 0), 0, name),), (FrontendResult(1, None),)
    )
    return case_of(program, (np.arange(1, length + 1, dtype=np.int32),))


def batch_with_one_guilty(faulty: FrontendCompiler) -> tuple[list[Case], int]:
    """Five cases of one device count: one the faulty compiler gets wrong alone (a drawn program with a
    copy between devices), four it gets right alone, the guilty one in the middle."""
    cases = drawn(60, 2)
    moving = [c for c in cases if "flow.tensor.transfer" in c.text]
    guilty = next(c for c in moving if (f := judge_case(faulty, c).finding) and f.kind == "wrong-result")
    innocent = [neighbour(guilty.devices, name, length) for name, length in NEIGHBOURS]
    assert all(judge_case(faulty, c).finding is None for c in innocent)
    return [*innocent[:2], guilty, *innocent[2:]], 2


def test_a_wrong_result_in_one_program_of_a_batch_is_that_programs_alone() -> None:
    with FrontendCompiler(timeout=120, stream_hook=DROP) as faulty:
        batch, guilty = batch_with_one_guilty(faulty)
        alone = judge_case(faulty, batch[guilty])
        counts = BatchCounts()
        verdicts = judge_cases(faulty, batch, counts=counts)
    assert alone.finding is not None and alone.finding.kind == "wrong-result"
    # The signature, not the details: the values read from memory nothing wrote differ from run to run.
    assert [signature(v) for v in verdicts] == [
        alone.finding.signature if i == guilty else "clean" for i in range(len(batch))
    ]
    # One merged compile vouched for the four neighbours; the guilty program was judged again alone.
    assert (counts.batches, counts.vouched, counts.alone, counts.splits) == (1, 4, 1, 0)


def test_a_crash_of_a_batch_is_bisected_down_to_the_program_that_causes_it() -> None:
    with FrontendCompiler(timeout=120, stream_hook=DROP) as faulty:
        batch, guilty = batch_with_one_guilty(faulty)
    with FrontendCompiler(timeout=120, stream_hook=CRASH) as crashing:
        counts = BatchCounts()
        verdicts = judge_cases(crashing, batch, counts=counts)
        alone = [judge_case(crashing, case) for case in batch]
    assert [v.finding.kind if v.finding else "clean" for v in alone] == [
        "crash" if i == guilty else "clean" for i in range(len(batch))
    ]
    assert [signature(v) for v in verdicts] == [signature(v) for v in alone]
    assert counts.splits >= 1 and counts.vouched >= 2  # the neighbours came out of smaller batches


def dispatches_renamed(text: str) -> str:
    """A stream-phase function with its dispatch names taken out (IREE deduplicates equal dispatches
    across a batch's functions, so program 7 may call `@b5_main_dispatch_1`), and its ABI declaration's
    name (`iree.reflection` says `sync func @b3_main(...)`) said as alone."""
    text = re.sub(r"@(b\d+_)?main_dispatch_\d+(::@\w+)?", "@dispatch", text)
    return re.sub(r"func @b\d+_main\(", "func @main(", text)


def public_main(text: str) -> str:
    with ir.Context() as context:
        module = ir.Module.parse(text, context)
        for op in module.body.operations:
            if op.operation.name == "util.func" and ir.StringAttr(op.attributes["sym_name"]).value == "main":
                return dispatches_renamed(str(op))
    raise AssertionError("no util.func @main in the stream-phase IR")


def test_batched_programs_compile_and_run_as_they_do_alone(real: FrontendCompiler) -> None:
    cases = drawn(16, 3)
    counts = BatchCounts()
    with FrontendCompiler(timeout=120) as batched:
        verdicts = judge_cases(batched, cases, counts=counts)
    solo = [judge_case(real, c) for c in cases]
    assert [signature(v) for v in verdicts] == [signature(v) for v in solo]
    # Seed 3 draws one program with a default device (`frontend_print.default_device`) three times: it is
    # merged only with itself, and the other 4-device program, left alone in its group, is judged alone.
    assert counts.batches >= 1 and counts.vouched >= len(cases) // 2 - 1
    assert counts.vouched + counts.alone == len(cases)
    for verdict, own in zip(verdicts, solo, strict=True):
        if verdict.finding is None and own.run.stream_ir:
            # The program's part of the batch's stream-phase IR is what it compiles to alone, and it ran.
            assert verdict.run.stream_ir is not None
            assert public_main(verdict.run.stream_ir) == public_main(own.run.stream_ir)
            assert verdict.executed and verdict.run.outputs is not None


# -- isolating the program that breaks a batch's compile in one step ----------------------------------

F32_8 = TensorType((8,), "f32")


def devices(count: int) -> str:
    target = '#hal.executable.target<"vmvx", "vmvx-bytecode-fb">'
    return "".join(
        f'util.global private @d{i} = #hal.device.target<"local", {{ordinal = {i} : index}}, [{target}]>'
        " : !hal.device\n"
        for i in range(count)
    )


def elementwise(count: int, device: int, op: str, numpy: Callable[[np.ndarray], np.ndarray]) -> Case:
    """A clean program of `count` devices: one elementwise op on device `device` (each its own
    dispatch, so that IREE shares none between the programs of a batch)."""
    text = devices(count) + (
        f"func.func @main(%a: tensor<8xf32> {{iree.abi.affinity = #hal.device.affinity<@d{device}>}})"
        f" -> tensor<8xf32> {{\n  %r = {op} : tensor<8xf32>\n  return %r : tensor<8xf32>\n}}\n"
    )
    x = np.arange(-4, 4, dtype=np.float32)
    return Case(text, count, (x,), (F32_8,), (numpy(x),), (F32_8,))


def neighbours(count: int) -> list[Case]:
    return [
        elementwise(count, 0, "arith.negf %a", np.negative),
        elementwise(count, count - 1, "math.absf %a", np.abs),
        elementwise(count, count // 2, "arith.addf %a, %a", lambda x: x + x),
    ]


# Seed 0's 14th L3 program: the stream phase rejects the loop (its carried value's resource lifetime,
# invalid-program-1774dd0f8dd3), at a line of this program's function.
LOOP_REJECTED = (
    devices(4)
    + """\
func.func @main(%v0: tensor<2x4xf32> {iree.abi.affinity = #hal.device.affinity<@d3>})
    -> (tensor<2x4xf32> {iree.abi.affinity = #hal.device.affinity<@d3>}) {
  %v1 = math.absf %v0 : tensor<2x4xf32>
  %v2 = flow.tensor.transfer %v0 : tensor<2x4xf32> to #hal.device.affinity<@d1>
  %v3_lb = arith.constant 0 : index
  %v3_ub = arith.constant 3 : index
  %v3_step = arith.constant 1 : index
  %v3 = scf.for %v3_i = %v3_lb to %v3_ub step %v3_step iter_args(%v3_acc = %v1) -> (tensor<2x4xf32>) {
    %v3_there = flow.tensor.transfer %v3_acc : tensor<2x4xf32> to #hal.device.affinity<@d1>
    %v3_r = arith.addf %v3_there, %v2 : tensor<2x4xf32>
    %v3_back = flow.tensor.transfer %v3_r : tensor<2x4xf32> to #hal.device.affinity<@d3>
    scf.yield %v3_back : tensor<2x4xf32>
  }
  return %v3 : tensor<2x4xf32>
}
"""
)


def test_a_compile_error_located_in_one_program_isolates_it_and_batches_the_rest_again(
    real: FrontendCompiler,
) -> None:
    x = np.arange(8, dtype=np.float32).reshape(2, 4)
    f32_2x4 = TensorType((2, 4), "f32")
    bad = Case(LOOP_REJECTED, 4, (x,), (f32_2x4,), (np.abs(x) + 3 * x,), (f32_2x4,))
    batch = [*neighbours(4)[:1], bad, *neighbours(4)[1:]]
    alone = judge_case(real, bad)
    assert alone.finding is not None and alone.finding.kind == "invalid-program"
    texts = tuple(case.text for case in batch)
    failed = real.run_batch(FrontendBatchRequest(texts, 4, tuple((i, c.inputs) for i, c in enumerate(batch))))
    # The error's line is in the second program's function: that, not a guess, makes it the suspect.
    assert isinstance(failed, BatchFailed) and failed.located == frozenset({1})
    counts = BatchCounts()
    verdicts = judge_cases(real, batch, counts=counts)
    assert [signature(v) for v in verdicts] == ["clean", alone.finding.signature, "clean", "clean"]
    # The failed batch, then the three others merged again at once (halving would take two more).
    assert (counts.batches, counts.vouched, counts.alone, counts.splits) == (2, 3, 1, 1)


CONSTANT_TRANSFERRED = (
    devices(1)
    + """\
func.func @main() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %t = flow.tensor.transfer %c : tensor<4xf32> to #hal.device.affinity<@d0>
  %r = arith.addf %t, %t : tensor<4xf32>
  return %r : tensor<4xf32>
}
"""
)  # corpus/crash-consteval-jit-of-a-constant-transferred-to-a-device.mlir: the compile segfaults


def test_a_known_crash_shape_is_judged_alone_without_breaking_a_batch_first(
    real: FrontendCompiler,
) -> None:
    f32_4 = TensorType((4,), "f32")
    crashing = Case(CONSTANT_TRANSFERRED, 1, (), (), (np.full(4, 2, np.float32),), (f32_4,))
    batch = [*neighbours(1)[:2], crashing, *neighbours(1)[2:]]
    assert [moves_a_constant(case.text) for case in batch] == [False, False, True, False]
    alone = judge_case(real, crashing)
    assert alone.finding is not None and alone.finding.kind == "crash"
    counts = BatchCounts()
    verdicts = judge_cases(real, batch, counts=counts)
    assert [signature(v) for v in verdicts] == ["clean", "clean", alone.finding.signature, "clean"]
    # The crash shape was judged alone at once; the three others in one merged compile that held.
    assert (counts.batches, counts.vouched, counts.alone, counts.splits) == (1, 3, 1, 0)
    assert counts.screened == 1


def test_a_program_drawn_again_runs_in_the_module_it_was_compiled_in(real: FrontendCompiler) -> None:
    """Hypothesis draws the same program with other inputs: the second time it is run, not compiled,
    and its results are still its own (each input's NumPy result)."""
    first = neighbours(2)
    # What `neighbours` computes.
    functions: tuple[Callable[[np.ndarray], np.ndarray], ...] = (np.negative, np.abs, lambda x: x + x)
    again = []
    for case, function in zip(first, functions, strict=True):
        other = case.inputs[0] * 3 + 1
        again.append(replace(case, inputs=(other,), expected=(function(other),)))
    with FrontendCompiler(timeout=120) as compiler:
        counts = BatchCounts()
        assert [signature(v) for v in judge_cases(compiler, first, counts=counts)] == ["clean"] * 3
        assert (counts.batches, counts.vouched, counts.cached) == (1, 3, 0)
        verdicts = judge_cases(compiler, again, counts=counts)
        assert [signature(v) for v in verdicts] == ["clean"] * 3
        assert (counts.batches, counts.vouched, counts.cached) == (1, 6, 3)  # no second compile
        for verdict, case in zip(verdicts, again, strict=True):
            assert verdict.run.outputs is not None
            np.testing.assert_array_equal(verdict.run.outputs[0], case.expected[0])
        # A wrong expectation is still found, and judged again alone before it is reported.
        wrong = replace(again[0], expected=(again[0].expected[0] + 1,))
        verdict = judge_cases(compiler, [wrong, again[1]], counts=counts)[0]
        assert verdict.finding is not None and verdict.finding.kind == "wrong-result"
        assert counts.batches == 1 and counts.alone == 1


def test_a_batched_campaign_counts_every_program_it_judged_ahead(tmp_path: Path) -> None:
    """The chunk's own run draws only part of what was drawn and judged ahead (its draws follow the
    verdicts); the rest is judged all the same, and is counted and recorded after the run."""
    campaign = Campaign(Judge(timeout=120), Corpus(tmp_path / "corpus"), shrink=False, batch=8)
    try:
        stats = campaign.run("l3", examples=24, budget_s=None, seed=0)
    finally:
        campaign.close()
    ahead = campaign.prejudged_l3
    # Each program judged ahead is vouched for by a batch, judged alone, or given the compile finding its
    # text already got alone (a repeat: `reused`).
    judged_ahead = ahead.counts.vouched + ahead.counts.alone + ahead.counts.reused
    assert ahead.taken > 0 and not ahead.verdicts
    assert ahead.taken + ahead.left == judged_ahead
    assert stats.programs["l3"] >= judged_ahead

"""A frontend program whose live code names no device gets a module default device
(`frontend_print.default_device`).

Such a program is made of constants: its arguments are unused, nothing is transferred and no result has an
affinity. The builder puts each op on a device, but nothing in the text says which, and IREE has none to give
its work: the module has no default device, the device globals go with the imports of the unused arguments,
and a loop on constants (a dispatch const-eval does not fold) fails with "no HAL devices defined in the
module", IREE's design. An L3 campaign (stop 37, 3.13) spent 43 hits on it (invalid-program-63647a8d447b).
The fast tests check the text; the slow ones compile and run it on the pinned compiler and runtime, alone
and in a batch with other programs."""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pytest
from hypothesis import given, settings
from iree.compiler import ir
from stream_fuzz.generators.frontend import (
    FrontendOp,
    FrontendProgram,
    FrontendResult,
    TensorType,
    frontend_programs,
    on_one_device,
    print_frontend,
)
from stream_fuzz.generators.frontend_print import default_device

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.judge.batching import BatchCounts
from stream_fuzz.judge.l3 import case_of, compare_outputs, judge_case
from stream_fuzz.judge.l3_batching import judge_cases, module_attributes_line
from tests.l3 import needs_runtime

F4, I4, I42 = TensorType((4,), "f32"), TensorType((4,), "i32"), TensorType((4, 2), "i32")

# The campaign's program: three unused arguments, and a 2-trip loop adding -2 to -2 (-6), built for @d1.
CONSTANT_LOOP = FrontendProgram(
    2,
    ((I4, 0), (I42, 1), (F4, 0)),
    (
        FrontendOp("constant", F4, (), None, splat=-2),
        FrontendOp("constant", F4, (), None, splat=-2),
        FrontendOp("loop", F4, (3, 4), 1, "addf", trips=2),
    ),
    (FrontendResult(5, None),),
)
INPUTS = (np.ones(4, np.int32), np.ones((4, 2), np.int32), np.ones(4, np.float32))
DEFAULT_D1 = "module attributes {stream.affinity.default = #hal.device.affinity<@d1>} {"


def verifies(text: str) -> bool:
    with ir.Context():
        return ir.Module.parse(text).operation.verify()


def test_a_program_of_constants_gets_the_device_its_newest_value_was_built_for() -> None:
    assert not CONSTANT_LOOP.names_a_device()
    text = print_frontend(CONSTANT_LOOP)
    assert text.startswith(DEFAULT_D1 + "\n") and verifies(text)
    # Collapsed onto one device (the option-equivalence oracle), the default is that device.
    assert print_frontend(on_one_device(CONSTANT_LOOP)).startswith(
        "module attributes {stream.affinity.default = #hal.device.affinity<@d0>} {"
    )


def test_a_program_naming_a_device_or_returning_only_constants_gets_no_default() -> None:
    using_argument = replace(
        CONSTANT_LOOP, ops=(*CONSTANT_LOOP.ops[:2], replace(CONSTANT_LOOP.ops[2], operands=(2, 4)))
    )
    placed_result = replace(CONSTANT_LOOP, results=(FrontendResult(5, 0),))
    moved = replace(
        CONSTANT_LOOP,
        ops=(*CONSTANT_LOOP.ops, FrontendOp("transfer", F4, (5,), 0)),
        results=(FrontendResult(6, None),),
    )
    only_constants = replace(
        CONSTANT_LOOP, ops=CONSTANT_LOOP.ops[:2], results=(FrontendResult(3, None), FrontendResult(4, None))
    )
    for program in (using_argument, placed_result, moved, only_constants):
        assert default_device(program) is None, program
        assert "module attributes" not in print_frontend(program)
    assert all(p.names_a_device() for p in (using_argument, placed_result, moved))
    # The constants-only one names none either, but needs no executable (it keeps the shape of
    # corpus/crash-memoize-outlining-of-fills-on-an-elided-device.mlir).
    assert not only_constants.names_a_device()


@settings(max_examples=200)
@given(frontend_programs())
def test_drawn_programs_have_a_default_exactly_when_their_work_names_no_device(program) -> None:
    text = print_frontend(program)
    computes = any(op.kind not in ("constant", "resource") for op in program.ops)
    assert text.startswith("module attributes") == (not program.names_a_device() and computes)
    if not program.names_a_device():
        # No argument is used and nothing moves: the text names a device only in its globals, the
        # argument list, the default, and the round trip of an unused dynamic argument (dead code).
        body = text.split("func.func @main(", 1)[1].split(") -> (", 1)[1].split("{-#")[0]
        live = [line for line in body.splitlines() if not line.strip().startswith("%a")]
        assert re.findall(r"#hal\.device\.affinity<@d\d+>", "\n".join(live)) == []


def test_batches_hold_programs_of_one_module_attribute_line() -> None:
    assert module_attributes_line(print_frontend(CONSTANT_LOOP)) == DEFAULT_D1
    assert (
        module_attributes_line(print_frontend(replace(CONSTANT_LOOP, results=(FrontendResult(5, 0),)))) == ""
    )


@pytest.mark.slow
@needs_runtime
def test_with_its_default_the_campaign_program_runs_and_without_it_iree_finds_no_device(
    frontend: FrontendCompiler,
) -> None:
    case = case_of(CONSTANT_LOOP, INPUTS)
    verdict = judge_case(frontend, case)
    assert verdict.finding is None and verdict.executed and verdict.run.outputs is not None, (
        verdict.run.message
    )
    assert verdict.run.outputs[0].tolist() == [-6.0] * 4 and compare_outputs(verdict.run.outputs, case) == ()
    # What the default works around (if IREE starts compiling this, the default is no longer needed).
    bare = case.text.replace(DEFAULT_D1 + "\n", "").replace("\n}\n", "\n", 1)
    assert "module attributes" not in bare and verifies(bare)
    rejected = judge_case(frontend, replace(case, text=bare))
    assert rejected.finding is not None and not rejected.generator_defect
    assert "no HAL devices defined in the module" in rejected.run.message, rejected.run.message


@pytest.mark.slow
@needs_runtime
def test_a_batch_keeps_a_program_with_a_default_apart_and_judges_every_program_right(
    frontend: FrontendCompiler,
) -> None:
    t = TensorType((3,), "i32")
    neighbour = FrontendProgram(
        2, ((t, 0),), (FrontendOp("binary", t, (0, 0), 0, "muli"),), (FrontendResult(1, None),)
    )
    other = replace(CONSTANT_LOOP, ops=(*CONSTANT_LOOP.ops[:2], replace(CONSTANT_LOOP.ops[2], name="subf")))
    cases = [
        case_of(neighbour, (np.arange(1, 4, dtype=np.int32),)),
        case_of(CONSTANT_LOOP, INPUTS),
        case_of(other, INPUTS),
    ]
    counts = BatchCounts()
    with FrontendCompiler(timeout=120) as batched:
        verdicts = judge_cases(batched, cases, counts=counts)
    for verdict, case in zip(verdicts, cases, strict=True):
        assert verdict.finding is None and verdict.run.outputs is not None, verdict.run.message
        assert compare_outputs(verdict.run.outputs, case) == ()
    # The two programs with the same default share a module; the neighbour, without one, is not merged
    # with them (alone in its group, it is judged alone).
    assert (counts.batches, counts.vouched, counts.alone) == (1, 2, 1), counts

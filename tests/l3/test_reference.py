"""NumPy's evaluation of frontend programs, the comparison with tolerances, and the literals an L3 entry's
RUN lines carry (fast: no compiler)."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from stream_fuzz.generators.frontend import (
    FrontendOp,
    FrontendProgram,
    FrontendResult,
    TensorType,
    frontend_cases,
)
from stream_fuzz.oracles.reference import compare, evaluate, runtime_literal

from stream_fuzz.judge.l3 import case_from_entry, case_of, run_lines

F4 = TensorType((4,), "f32")
I22 = TensorType((2, 2), "i32")


def test_evaluate_follows_the_ops_across_devices() -> None:
    # (x + x) moved to device 1, a slice of it inserted into a constant 1 there.
    program = FrontendProgram(
        2,
        ((F4, 0),),
        (
            FrontendOp("binary", F4, (0, 0), 0, "addf"),
            FrontendOp("transfer", F4, (1,), 1),
            FrontendOp("slice", TensorType((2,), "f32"), (2,), 1, offsets=(1,)),
            FrontendOp("constant", F4, (), None, splat=1),
            FrontendOp("insert", F4, (3, 4), 1, offsets=(2,)),
        ),
        (FrontendResult(5, 1), FrontendResult(1, None)),
    )
    got = evaluate(program, (np.array([1, 2, 3, 4], np.float32),))
    assert got[0].tolist() == [1, 1, 4, 6]
    assert got[1].tolist() == [2, 4, 6, 8]


def test_a_loop_applies_its_op_once_per_trip_and_a_branch_follows_the_first_element() -> None:
    # x carried three times through `acc * w` on device 1 and back; then `if x[0] > 0: x + w else: -x`.
    program = FrontendProgram(
        2,
        ((F4, 0), (F4, 1)),
        (
            FrontendOp("loop", F4, (0, 1), 0, "mulf", trips=3, via=1),
            FrontendOp("transfer", F4, (1,), 0),
            FrontendOp("branch", F4, (0, 3), 0, "addf", via=1),
        ),
        (FrontendResult(2, 0), FrontendResult(4, None)),
    )
    x, w = np.array([1, -2, 3, 4], np.float32), np.array([2, 2, -1, 1], np.float32)
    looped, branched = evaluate(program, (x, w))
    assert looped.tolist() == [8, -16, -3, 4]
    assert branched.tolist() == [3, 0, 2, 5]
    (_, negated) = evaluate(program, (-x, w))
    assert negated.tolist() == [1, -2, 3, 4]  # -(-x): the else branch


def test_integer_matmul_wraps_as_i32() -> None:
    program = FrontendProgram(
        2, ((I22, 0), (I22, 0)), (FrontendOp("matmul", I22, (0, 1), 0),), (FrontendResult(2, 0),)
    )
    big = np.full((2, 2), 2**16, np.int32)
    (product,) = evaluate(program, (big, big))
    assert product.dtype == np.int32 and product.tolist() == [[0, 0], [0, 0]]  # 2 * 2**32 wraps to 0


def test_compare_tolerates_rounding_and_names_the_first_wrong_element() -> None:
    expected = (np.array([1.0, 2.0, 3.0, 4.0], np.float32),)
    assert compare((F4,), (expected[0] + 1e-7,), expected) == ()
    (mismatch,) = compare((F4,), (np.array([1, 2, 0, 0], np.float32),), expected)
    assert mismatch.result == 0 and "2 of 4 elements differ; at [2] got 0.0, expected 3.0" in mismatch.message
    (exact,) = compare(
        (I22,), (np.array([[1, 2], [3, 5]], np.int32),), (np.array([[1, 2], [3, 4]], np.int32),)
    )
    assert "at [1, 1]" in exact.message


def test_runtime_literals() -> None:
    assert runtime_literal(np.array([[1, -2], [3, 4]], np.int32), I22) == "2x2xi32=1,-2,3,4"
    assert runtime_literal(np.array([0.5, -1, 2, 3], np.float32), F4) == "4xf32=0.5,-1,2,3"


@settings(max_examples=60)
@given(frontend_cases())
def test_an_entry_states_its_case_and_reads_it_back(drawn) -> None:
    program, inputs = drawn
    case = case_of(program, inputs)
    text = "\n".join(["// header", *run_lines(case), "", case.text])
    back = case_from_entry(text)
    assert back.text.strip() == case.text.strip() and back.devices == program.devices
    assert back.input_types == case.input_types and back.result_types == case.result_types
    for mine, theirs in zip((*case.inputs, *case.expected), (*back.inputs, *back.expected), strict=True):
        assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs)


def test_a_forall_combines_every_slice_and_a_region_applies_both_its_ops() -> None:
    # A forall of 2 iterations writing `x * w` into x's halves; an execute_region computing (x - w) + w
    # with the second op on device 1; a forall of one iteration is the same op.
    x22 = TensorType((2, 2), "i32")
    program = FrontendProgram(
        2,
        ((x22, 0), (x22, 0)),
        (
            FrontendOp("forall", x22, (0, 1), 0, "muli", trips=2),
            FrontendOp("region", x22, (0, 1), 0, "subi", via=1, second="addi"),
            FrontendOp("forall", x22, (2, 1), 0, "maxsi", trips=1),
        ),
        (FrontendResult(2, 0), FrontendResult(3, None), FrontendResult(4, 0)),
    )
    x, w = np.array([[1, -2], [3, 4]], np.int32), np.array([[2, 2], [-1, 5]], np.int32)
    forall, region, single = evaluate(program, (x, w))
    assert forall.tolist() == [[2, -4], [-3, 20]]
    assert region.tolist() == [[1, -2], [3, 4]]
    assert single.tolist() == [[2, 2], [-1, 20]]

"""Dynamic shapes at L3 (issue 26): an argument declared with a dynamic first dimension (`tensor<?x4xf32>`;
the run passes its size in the buffer view), its size read with `tensor.dim`, moved to another device and
back with that size (an f32 one negated on each device: a dynamically shaped dispatch on both), then
`tensor.cast` to the static type the rest of the program uses (`FrontendProgram.dynamic`).

The fast tests check the text (it verifies), that a shrink makes an argument static, the collapsed program
of the option-equivalence oracle, and the share of programs drawn with it; the slow ones compile and run a
hand-built program and drawn ones on the pinned compiler and runtime against NumPy."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from iree.compiler import ir
from stream_fuzz.generators.frontend import (
    FrontendOp,
    FrontendProgram,
    FrontendResult,
    FrontendSpec,
    TensorType,
    build_frontend,
    frontend_features,
    frontend_programs,
    on_one_device,
    print_frontend,
)
from stream_fuzz.generators.frontend_model import SHAPES
from stream_fuzz.oracles.reference import evaluate

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.judge.l3 import case_of, compare_outputs, judge_case
from tests.l3 import needs_runtime
from tests.l3.agree import EXAMPLES, agreeing_verdicts
from tests.shares import MIN_SHARE, feature_shares

F24, I4 = TensorType((2, 4), "f32"), TensorType((4,), "i32")
LABELS = ("dynamic_shape_argument", "dynamic_shape_moved", "dynamic_shape_dispatch")

# x: f32 2x4 on d0, round trip to d2; y: i32 4 on d1, round trip to d0; z: static f32 2x4 on d1.
DYNAMIC = FrontendProgram(
    3,
    ((F24, 0), (I4, 1), (F24, 1)),
    (
        FrontendOp("transfer", F24, (2,), 0),  # v3 = z on d0
        FrontendOp("binary", F24, (0, 3), 0, "mulf"),  # v4 = x * z on d0
        FrontendOp("binary", I4, (1, 1), 1, "addi"),  # v5 = 2y on d1
    ),
    (FrontendResult(4, None), FrontendResult(5, 2)),
    dynamic=(2, 0, None),
)
X = np.arange(8, dtype=np.float32).reshape(2, 4) - 3
Y = np.array([-4, 1, 0, 3], np.int32)
Z = np.full((2, 4), 2, np.float32)


def test_dynamic_arguments_print_a_round_trip_of_their_dynamic_size() -> None:
    text = print_frontend(DYNAMIC)
    head = next(line for line in text.splitlines() if line.startswith("func.func @main("))
    assert "%a0: tensor<?x4xf32>" in head and "%a1: tensor<?xi32>" in head and "%v2: tensor<2x4xf32>" in head
    assert "%a0_dim = tensor.dim %a0, %a0_c0 : tensor<?x4xf32>" in text
    assert (
        "%a0_away = flow.tensor.transfer %a0 : tensor<?x4xf32>{%a0_dim} to #hal.device.affinity<@d2>" in text
    )
    assert "%a0_neg = arith.negf %a0_away : tensor<?x4xf32>" in text
    assert (
        "%a0_back = flow.tensor.transfer %a0_neg : tensor<?x4xf32>{%a0_dim} to #hal.device.affinity<@d0>"
        in text
    )
    assert "%v0 = tensor.cast %a0_pos : tensor<?x4xf32> to tensor<2x4xf32>" in text
    # An i32 argument only moves (no negation): its value comes back as it went.
    assert "%a1_neg" not in text and "%v1 = tensor.cast %a1_back : tensor<?xi32> to tensor<4xi32>" in text
    with ir.Context():
        assert ir.Module.parse(text).operation.verify()
    assert set(LABELS) <= frontend_features(DYNAMIC)
    # The values are the inputs': NumPy's reference needs nothing of the round trip.
    assert [r.tolist() for r in evaluate(DYNAMIC, (X, Y, Z))] == [(X * Z).tolist(), (2 * Y).tolist()]


def test_collapsed_onto_one_device_the_round_trip_stays_on_it() -> None:
    collapsed = on_one_device(DYNAMIC)
    assert collapsed.dynamic == (0, 0, None)
    assert "@d1" not in print_frontend(collapsed) and "@d2" not in print_frontend(collapsed)
    assert "dynamic_shape_moved" not in frontend_features(collapsed)  # moved to the device it is on


def test_a_shape_number_below_the_shape_count_is_static() -> None:
    """The shrinker lowers numbers toward 0: a dynamic argument's number (its shape's digit in three is 1)
    becomes static once below `len(SHAPES)`, with the same shape."""
    spec = FrontendSpec(2, ((len(SHAPES) + 3, 0, 0),), ((1, 0, 0, 0),), ((1, 0),))
    dynamic = build_frontend(spec)
    assert dynamic.dynamic == (1,) and "dynamic_shape_moved" in frontend_features(dynamic)
    static = build_frontend(replace(spec, arguments=((3, 0, 0),)))
    assert static.dynamic == () and static.arguments == dynamic.arguments
    assert "tensor<?" not in print_frontend(static)


def test_dynamic_shapes_are_drawn_in_5_percent_of_programs() -> None:
    # As `stream-fuzz stats --level l3 --examples 300 --seed 1` draws them.
    shares = feature_shares(frontend_programs(), frontend_features, LABELS, examples=300, seed=1)
    assert all(share >= MIN_SHARE for share in shares.values()), shares


# -- compiled and run on the pinned compiler ------------------------------------------------------------


@pytest.mark.slow
@needs_runtime
def test_the_hand_built_program_runs_to_numpys_values(frontend: FrontendCompiler) -> None:
    case = case_of(DYNAMIC, (X, Y, Z))
    verdict = judge_case(frontend, case)
    assert verdict.executed and verdict.run.outputs is not None, verdict.run.message
    assert [r.tolist() for r in verdict.run.outputs] == [(X * Z).tolist(), (2 * Y).tolist()]
    assert compare_outputs(verdict.run.outputs, case) == ()


@pytest.mark.slow
@needs_runtime
def test_drawn_programs_with_a_dynamic_dispatch_agree_with_numpy(frontend: FrontendCompiler) -> None:
    agreed = agreeing_verdicts(
        frontend, lambda program: "dynamic_shape_dispatch" in frontend_features(program)
    )
    assert len(agreed) >= 3, f"only {len(agreed)} of {EXAMPLES} programs compiled, ran and agreed"

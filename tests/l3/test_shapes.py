"""Issue 26's L3 shapes: values joined into disjoint slices of one tensor (pieces computed on several
devices; `tensor.insert_slice`s or `tensor.concat`), a two-result `linalg.generic` feeding such slices, and
`dense_resource` constants (all equal or not) used on a device other than the first.

The fast tests check the printed text (MLIR reads the blobs back as written), NumPy's reference on a
hand-computed program, and that `frontend_programs` draws each shape often. The slow ones compile and run
programs with each shape on the pinned compiler and runtime: a hand-built one against literal values,
drawn ones against NumPy, and two programs whose blobs share a key in one batch."""

from __future__ import annotations

import numpy as np
import pytest
from iree.compiler import ir
from stream_fuzz.generators.frontend import (
    FrontendOp,
    FrontendProgram,
    FrontendResult,
    TensorType,
    frontend_features,
    frontend_programs,
    print_frontend,
)
from stream_fuzz.generators.frontend_print import blob
from stream_fuzz.oracles.reference import evaluate

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.judge.batching import BatchCounts
from stream_fuzz.judge.l3 import Case, case_of, judge_case
from stream_fuzz.judge.l3_batching import judge_cases
from tests.l3 import needs_runtime
from tests.l3.agree import EXAMPLES, agreeing_verdicts
from tests.shares import MIN_SHARE, feature_shares

F4, F8, F12 = TensorType((4,), "f32"), TensorType((8,), "f32"), TensorType((12,), "f32")
I24, I28 = TensorType((2, 4), "i32"), TensorType((2, 8), "i32")
# The labels `frontend_features` gives each new shape, and the share of programs each must reach.
NEW_SHAPES = (
    "concat_insert_slices",
    "concat_tensor_concat",
    "concat_pieces_from_2plus_devices",
    "multi_result_producer_into_slices",
    "dense_resource_all_equal",
    "dense_resource_varied",
    "dense_resource_used_off_first_device",
)

# x (d0), y (d1), z (d2); every new shape once, each result a new shape's.
SHOWCASE = FrontendProgram(
    3,
    ((F4, 0), (F4, 1), (I24, 2)),
    (
        FrontendOp("binary", F4, (0, 0), 0, "mulf"),  # v3 = x*x on d0
        FrontendOp("binary", F4, (1, 1), 1, "addf"),  # v4 = 2y on d1
        FrontendOp("transfer", F4, (4,), 0),  # v5
        # v6 = [x*x, 2y, x]: pieces from d0 and d1 into slices of one tensor on d0
        FrontendOp("concat", F12, (3, 5, 0), 0, axis=0, style="insert_slice"),
        FrontendOp("transfer", F4, (3,), 1),  # v7
        FrontendOp("concat", F8, (1, 7), 1, axis=0, style="tensor.concat"),  # v8 = [y, x*x] on d1
        # v9 = [x + x*x, x * x*x]: one generic, two results, two slices
        FrontendOp("pair", F8, (0, 3), 0, "addf", axis=0, second="mulf", style="insert_slice"),
        FrontendOp("resource", I24, (), None, values=(1, 2, 3, -1, 0, -2, 2, 3)),  # v10
        FrontendOp("binary", I24, (2, 10), 2, "subi"),  # v11 = z - r on d2
        # v12 = [z + r | z * r] along axis 1, with tensor.concat
        FrontendOp("pair", I28, (2, 10), 2, "addi", axis=1, second="muli", style="tensor.concat"),
        FrontendOp("resource", F4, (), None, values=(2, 2, 2, 2)),  # v13
        FrontendOp("binary", F4, (13, 4), 1, "mulf"),  # v14 = 2 * 2y on d1
    ),
    tuple(
        FrontendResult(value, affinity)
        for value, affinity in ((6, 0), (8, None), (9, 1), (11, None), (12, 2), (14, 0))
    ),
)
X = np.array([1, 2, 3, 4], np.float32)
Y = np.array([-1, 2, -3, 4], np.float32)
Z = np.array([[1, -2, 3, -4], [2, 2, -1, 1]], np.int32)
EXPECTED = (
    [1, 4, 9, 16, -2, 4, -6, 8, 1, 2, 3, 4],
    [-1, 2, -3, 4, 1, 4, 9, 16],
    [2, 6, 12, 20, 1, 8, 27, 64],
    [[0, -4, 0, -3], [2, 4, -3, -2]],
    [[2, 0, 6, -5, 1, -4, 9, 4], [2, 0, 1, 4, 0, -4, -2, 3]],
    [-4, 8, -12, 16],
)


def test_the_reference_joins_slices_and_reads_resources() -> None:
    assert [r.tolist() for r in evaluate(SHOWCASE, (X, Y, Z))] == list(EXPECTED)


def test_the_text_has_each_shape_and_mlir_reads_the_blobs_back() -> None:
    text = print_frontend(SHOWCASE)
    assert text.count("tensor.insert_slice") == 5 and text.count("tensor.concat") == 2
    assert "%v9_pair:2 = linalg.generic" in text and "%v9_pair#1 into" in text
    # The blob: alignment 4 (a little-endian u32), then the elements' little-endian bytes.
    assert blob(SHOWCASE.ops[10]) == "0x04000000" + "00000040" * 4
    with ir.Context():
        module = ir.Module.parse(text)
        assert module.operation.verify()
        printed = str(module)
    for index in (10, 13):
        key, op = f"blob_v{index}", SHOWCASE.ops[index - 3]
        assert f"dense_resource<{key}>" in printed and f'{key}: "{blob(op)}"' in printed


def test_for_releases_that_lose_blobs_resources_print_as_literals_of_the_same_values() -> None:
    """Before 3.12 (`RESOURCES_SURVIVE_PHASES`) the two-phase compile drops `dialect_resources`: the same
    constants are printed as `dense<...>` literals, which MLIR reads as the same values."""
    text = print_frontend(SHOWCASE, resources=False)
    assert "dense_resource" not in text and "dialect_resources" not in text
    assert "dense<[[1, 2, 3, -1], [0, -2, 2, 3]]> : tensor<2x4xi32>" in text
    assert "dense<[2.0, 2.0, 2.0, 2.0]> : tensor<4xf32>" in text
    with ir.Context():
        assert ir.Module.parse(text).operation.verify()
    assert print_frontend(SHOWCASE, resources=True) == print_frontend(SHOWCASE)


def test_each_new_shape_is_drawn_in_5_percent_of_programs() -> None:
    # As `stream-fuzz stats --level l3 --examples 300 --seed 1` draws them.
    shares = feature_shares(frontend_programs(), frontend_features, NEW_SHAPES, examples=300, seed=1)
    assert all(share >= MIN_SHARE for share in shares.values()), shares


# -- compiled and run on the pinned compiler ------------------------------------------------------------


@pytest.mark.slow
@needs_runtime
def test_the_showcase_runs_to_the_literal_values(frontend: FrontendCompiler) -> None:
    for resources in (True, False):  # blobs, and the literals releases before 3.12 get
        verdict = judge_case(frontend, case_of(SHOWCASE, (X, Y, Z), resources))
        assert verdict.executed and verdict.run.outputs is not None, verdict.run.message
        assert [r.tolist() for r in verdict.run.outputs] == list(EXPECTED)
        assert verdict.finding is None, verdict.finding


@pytest.mark.slow
@needs_runtime
@pytest.mark.parametrize("shape", NEW_SHAPES)
def test_drawn_programs_with_the_shape_agree_with_numpy(frontend: FrontendCompiler, shape: str) -> None:
    agreed = agreeing_verdicts(frontend, lambda program: shape in frontend_features(program))
    assert len(agreed) >= 3, (
        f"only {len(agreed)} of {EXAMPLES} programs with {shape} compiled, ran and agreed"
    )


def _with_resource(values: tuple[int, ...]) -> Case:
    """x + r on d1, r a resource: both programs of a batch name their blob `blob_v1`."""
    program = FrontendProgram(
        2,
        ((F4, 0),),
        (
            FrontendOp("resource", F4, (), None, values=values),
            FrontendOp("transfer", F4, (0,), 1),
            FrontendOp("binary", F4, (1, 2), 1, "addf"),
        ),
        (FrontendResult(3, None),),
    )
    assert "dense_resource<blob_v1>" in print_frontend(program)
    return case_of(program, (X,))


@pytest.mark.slow
@needs_runtime
def test_a_batch_keeps_each_programs_blob(frontend: FrontendCompiler) -> None:
    # One context reads both: MLIR renames the second blob's key apart, so each function keeps its own.
    cases = [_with_resource((1, 2, 3, 4)), _with_resource((-1, -1, -1, -1))]
    counts = BatchCounts()
    verdicts = judge_cases(frontend, cases, size=2, counts=counts)
    assert counts.batches == 1 and counts.vouched == 2, counts  # one merged module, both clean
    outputs = [v.run.outputs[0].tolist() for v in verdicts if v.run.outputs is not None]
    assert outputs == [[2, 4, 6, 8], [0, 1, 2, 3]]
    assert all(v.finding is None for v in verdicts)

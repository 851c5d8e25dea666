"""`abi/input-written` on real runs: each argument's buffer is read back after the call.

The known-good program leaves its input alone; IREE 3.13.0's own output for a matmul accumulating into
an argument writes the caller's buffer (the argument is not consumed: IREE #16168, whose fix #22844
keeps a clone that copy-on-write never made for a single use), which `import/borrowed-written` also sees
in the stream-phase IR; with `iree.abi.consume` the same write is the program's right.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from stream_fuzz.oracles import Rule
from stream_fuzz.oracles.abi import inputs_unchanged

from stream_fuzz.compiler.frontend import FrontendCompiler, FrontendRequest, runtime_available
from stream_fuzz.judge.preflight import KNOWN_GOOD

pytestmark = pytest.mark.skipif(
    not runtime_available(), reason="iree-base-runtime is not installed (the runtime extra)"
)
MATMUL = (Path(__file__).resolve().parent / "inputs" / "matmul_into_argument.mlir").read_text()
MATMUL_INPUTS = (
    np.array([[1, 2], [3, 4]], np.float32),
    np.eye(2, dtype=np.float32),
    np.full((2, 2), 100, np.float32),
)


def _rules(violations: tuple) -> set[Rule]:
    return {v.rule for v in violations}


@pytest.mark.slow  # a worker process and three compiles: ~12 s on 2 cores
def test_an_input_the_program_only_reads_is_unchanged(frontend: FrontendCompiler) -> None:
    given = np.arange(4, dtype=np.float32)
    run = frontend.run(FrontendRequest((KNOWN_GOOD / "l3.mlir").read_text(), 2, (given,)))
    assert run.executed and run.abi_violations == ()
    assert given.tolist() == [0, 1, 2, 3]  # the reference the check compares with is the caller's


@pytest.mark.slow
def test_the_pinned_compiler_writes_a_borrowed_argument(frontend: FrontendCompiler) -> None:
    run = frontend.run(FrontendRequest(MATMUL, 1, MATMUL_INPUTS))
    assert run.outputs is not None and run.outputs[0].tolist() == [[101, 102], [103, 104]]
    (written,) = [v for v in run.abi_violations if v.rule is Rule.INPUT]
    assert written.resource == "input 2" and "[100,100,100,100] became [101,102,103,104]" in written.message
    assert run.report is not None and Rule.BORROWED in _rules(run.report.violations)


@pytest.mark.slow
def test_a_consumed_argument_may_be_written(frontend: FrontendCompiler) -> None:
    consumed = MATMUL.replace("%acc: tensor<2x2xf32>)", "%acc: tensor<2x2xf32> {iree.abi.consume})")
    run = frontend.run(FrontendRequest(consumed, 1, MATMUL_INPUTS))
    assert run.outputs is not None and run.outputs[0].tolist() == [[101, 102], [103, 104]]
    assert Rule.INPUT not in _rules(run.abi_violations)
    assert run.report is not None and Rule.BORROWED not in _rules(run.report.violations)


def test_the_comparison_is_bytewise_and_skips_consumed_arguments() -> None:
    given = (np.array([1, 2], np.int32), np.array([0.5], np.float32))
    assert inputs_unchanged(given, tuple(x.copy() for x in given)) == ()
    changed = (np.array([1, 3], np.int32), np.array([-0.5], np.float32))
    assert [v.resource for v in inputs_unchanged(given, changed)] == ["input 0", "input 1"]
    assert [v.resource for v in inputs_unchanged(given, changed, (True, False))] == ["input 1"]

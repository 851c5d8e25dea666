"""L3's `iree.abi.transients` argument (issue 26): @main takes the storage for the call's transient
allocations as a `!hal.buffer` or `!hal.buffer_view` (IREE 3.9+, WrapEntryPoints.cpp), and the run passes
it sized as the module's own query says (`iree.abi.transients.size[.constant]`).

The fast tests check the printed signature, that releases before 3.9 never get one, that one in twenty
programs or more has one where it is drawn, and that an entry's RUN lines pass the storage and read back.
The slow ones compile and run such programs on the pinned 3.13 (a hand-built one, one with a dynamically
sized argument whose storage size only the module's size function knows, and drawn ones) and count the
shape in `stream-fuzz stats --level l3`."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from iree.compiler import ir
from stream_fuzz.generators.frontend import (
    TRANSIENTS_SINCE,
    FrontendOp,
    FrontendProgram,
    FrontendResult,
    FrontendSpec,
    TensorType,
    build_frontend,
    frontend_features,
    frontend_programs,
    print_frontend,
)

from stream_fuzz.cli.main import main
from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.compiler.frontend_tools import STORAGE_FILL
from stream_fuzz.judge.l3 import (
    case_from_entry,
    case_of,
    compare_outputs,
    judge_case,
    run_lines,
    transients_of,
)
from tests.l3 import needs_runtime
from tests.l3.agree import EXAMPLES, agreeing_verdicts
from tests.shares import MIN_SHARE, feature_shares

F44 = TensorType((4, 4), "f32")
X = np.array([[1, -2, 3, -4], [2, 1, -1, 3], [-3, 4, 2, 1], [1, 1, -2, 2]], np.float32)
Y = np.array([[2, 2, -1, 3], [1, -1, 2, 2], [3, 1, 1, -2], [-1, 2, 4, 1]], np.float32)

# x and y on d1, the storage between them: (x * y) @ (x * y) + x on d1, returned there. The product feeds
# the matmul from a dispatch of its own: a transient value, which IREE places in the storage.
ONE_DEVICE = FrontendProgram(
    2,
    ((F44, 1), (F44, 1)),
    (
        FrontendOp("binary", F44, (0, 1), 1, "mulf"),
        FrontendOp("matmul", F44, (2, 2), 1),
        FrontendOp("binary", F44, (3, 0), 1, "addf"),
    ),
    (FrontendResult(4, 1),),
    transients=1,
)


def test_the_storage_argument_is_printed_where_the_program_says() -> None:
    text = print_frontend(ONE_DEVICE)
    head = next(line for line in text.splitlines() if line.startswith("func.func @main("))
    assert "%v0: tensor<4x4xf32> {iree.abi.affinity = #hal.device.affinity<@d1>}, " in head
    assert ", %transients: !hal.buffer {iree.abi.transients}, %v1: tensor<4x4xf32>" in head
    with ir.Context():
        assert ir.Module.parse(text).operation.verify()
    assert transients_of(text) == (1, "buffer")
    view = print_frontend(replace(ONE_DEVICE, transients=0, transients_type="buffer_view"))
    assert "func.func @main(%transients: !hal.buffer_view {iree.abi.transients}, %v0:" in view
    assert (
        transients_of(view) == (0, "buffer_view")
        and transients_of(print_frontend(replace(ONE_DEVICE, transients=None))) is None
    )
    assert frontend_features(ONE_DEVICE) >= {"transients_argument"}
    assert "transients_buffer_view" in frontend_features(replace(ONE_DEVICE, transients_type="buffer_view"))


def test_the_spec_number_places_and_types_the_argument_and_shrinks_to_none() -> None:
    spec = FrontendSpec(2, ((0, 0, 0), (0, 0, 1)), ((0, 0, 0, 0),), ((0, 0),), transients=7 + 8 + 16)
    program = build_frontend(spec)
    assert (program.transients, program.transients_type) == (1, "buffer_view")
    assert build_frontend(replace(spec, transients=7)).transients == 0
    assert build_frontend(replace(spec, transients=0)).transients is None
    assert build_frontend(replace(spec, transients=6)).transients is None


LABELS = ("transients_argument", "transients_buffer_view")


def test_the_argument_is_drawn_in_5_percent_of_programs_where_supported() -> None:
    # Seed 1: as `stream-fuzz stats --level l3 --examples 300 --seed 1` draws them.
    shares = feature_shares(
        frontend_programs(target=TRANSIENTS_SINCE), frontend_features, LABELS, 300, seed=1
    )
    assert shares["transients_argument"] >= MIN_SHARE and shares["transients_buffer_view"] > 0, shares


@pytest.mark.parametrize("release", [(3, 1), (3, 5), (3, 8)])
def test_releases_before_3_9_never_get_one(release: tuple[int, int]) -> None:
    drawn: list[FrontendProgram] = []

    @settings(
        max_examples=100,
        derandomize=True,
        phases=[Phase.generate],
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(frontend_programs(target=release))
    def collect(program: FrontendProgram) -> None:
        drawn.append(program)

    collect()
    assert len(drawn) == 100
    assert not any(p.transients is not None or "iree.abi.transients" in print_frontend(p) for p in drawn)


def test_an_entry_passes_the_storage_the_run_sized_and_reads_back_without_it() -> None:
    case = replace(case_of(ONE_DEVICE, (X, Y)), transient_bytes=128)
    lines = run_lines(case)
    inputs = [line for line in lines if "--input=" in line]
    assert len(inputs) == 3 and f"'--input=&128xi8={STORAGE_FILL}'" in inputs[1]  # quoted for the shell
    text = "\n".join(lines) + "\n\n" + case.text
    again = case_from_entry(text)
    assert again.transient_bytes == 128 and len(again.inputs) == 2
    assert [a.tolist() for a in again.inputs] == [X.tolist(), Y.tolist()]


# -- compiled and run on the pinned compiler ------------------------------------------------------------


@pytest.mark.slow
@needs_runtime
def test_a_program_with_transient_storage_runs_clean_on_the_pinned_compiler(
    frontend: FrontendCompiler,
) -> None:
    case = case_of(ONE_DEVICE, (X, Y))
    verdict = judge_case(frontend, case)
    assert verdict.finding is None, verdict.finding
    assert verdict.executed and verdict.run.outputs is not None
    assert verdict.run.outputs[0].tolist() == ((X * Y) @ (X * Y) + X).tolist()
    # Sized by the module: its reflection states a constant (the 64-byte product) that the stream-phase IR
    # shows too.
    assert verdict.run.transient_bytes == 64
    assert f"iree.abi.transients.size.constant = {verdict.run.transient_bytes} : index" in (
        verdict.run.stream_ir or ""
    )


@pytest.mark.slow
@needs_runtime
def test_a_dynamically_sized_program_is_sized_by_the_modules_query(frontend: FrontendCompiler) -> None:
    """With a dynamically shaped argument the module states no constant size: the run calls its size
    function (`iree.abi.transients.size`) with the inputs first."""
    program = replace(ONE_DEVICE, dynamic=(1, None), transients_type="buffer_view")
    text = print_frontend(program)
    assert "tensor<?x4xf32>" in text
    case = case_of(program, (X, Y))
    verdict = judge_case(frontend, case)
    assert verdict.executed and verdict.run.outputs is not None, verdict.run.message
    assert compare_outputs(verdict.run.outputs, case) == ()
    stream_ir = verdict.run.stream_ir or ""
    assert "iree.abi.transients.size = @main_transients_size" in stream_ir
    assert "iree.abi.transients.size.constant" not in stream_ir
    assert verdict.run.transient_bytes is not None and verdict.run.transient_bytes > 0


@pytest.mark.slow
@needs_runtime
def test_drawn_programs_with_transient_storage_compute_numpys_results(frontend: FrontendCompiler) -> None:
    """Drawn programs whose results are handed over on one device (on several, IREE 3.13's
    EmplaceTransients rejects or miscompiles the program: the storage is imported once per device, and it
    supports one) compile, run with their storage and agree with NumPy."""
    agreed = agreeing_verdicts(
        frontend,
        lambda program: (
            "transients_argument" in (labels := frontend_features(program))
            and "transients_results_on_2plus_devices" not in labels
        ),
    )
    assert all(verdict.run.transient_bytes is not None for verdict in agreed)
    assert len(agreed) >= 3, f"only {len(agreed)} of {EXAMPLES} drawn programs with transient storage agreed"


@pytest.mark.slow
def test_stats_counts_the_transients_argument(tmp_path: Path) -> None:
    report = tmp_path / "stats.json"
    # Under the tests' Hypothesis profile (no local constants) seed 7 draws four such programs among its
    # first 12; seed 1 draws none so early.
    assert main(["stats", "--level", "l3", "--examples", "12", "--seed", "7", "--json", str(report)]) == 0
    data = json.loads(report.read_text())
    assert data["programs"] == 12 and data["valid"] == 12
    assert data["features"].get("transients_argument", 0) > 0, data["features"]

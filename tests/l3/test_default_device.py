"""A frontend program whose live code names no device gets a module default device
(`frontend_print.default_device`).

Such a program is made of constants: its arguments are unused, nothing is transferred and no result has an
affinity. The builder puts each op on a device, but nothing in the text says which, and IREE has none to give
its work: the module has no default device, the device globals go with the imports of the unused arguments,
and a loop on constants (a dispatch const-eval does not fold) fails with "no HAL devices defined in the
module", IREE's design. An L3 campaign (stop 37, 3.13) spent 43 hits on it (invalid-program-63647a8d447b).
A program can name a device in its text and still lose every reference to folding: an `scf.if` on a
constant condition drops the branch that moved a value (the campaign's 3.5 and 3.13 hits after the first fix),
`muli` by a zero constant drops the argument it read. `FrontendProgram.names_a_device` asks what the compiler
keeps (`FrontendProgram.folded`). The fast tests check the text; the slow ones compile and run it on the
pinned compiler and runtime, alone and in a batch with other programs, and read what the compiler keeps."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest
from hypothesis import example, given, settings
from iree.compiler import ir, tools
from stream_fuzz.generators.frontend import (
    MAX_DEVICES,
    FrontendOp,
    FrontendProgram,
    FrontendResult,
    FrontendSpec,
    TensorType,
    build_frontend,
    frontend_programs,
    on_one_device,
    print_frontend,
)
from stream_fuzz.generators.frontend_print import default_device

from stream_fuzz.compiler.frontend import FrontendCompiler, FrontendRequest
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

# The shape that slipped past the first fix (invalid-program-63647a8d447b, 3.5 and 3.13), cut down: an
# `scf.if` on a constant's first element whose else branch runs on @d0 (its only transfers), then a loop (a
# dispatch const-eval leaves). The compiler folds the `if` to its then branch: no transfer is left.
BRANCH_ON_CONSTANT = FrontendProgram(
    2,
    ((F4, 0),),
    (
        FrontendOp("constant", F4, (), None, splat=1),
        FrontendOp("constant", F4, (), None, splat=2),
        FrontendOp("branch", F4, (1, 2), 1, "addf", via=0),
        FrontendOp("loop", F4, (3, 2), 1, "mulf", trips=2),
    ),
    (FrontendResult(4, None),),
)
# An argument times a zero constant: arith folds the product to zeros and the argument's import goes.
ARGUMENT_TIMES_ZERO = FrontendProgram(
    2,
    ((I4, 0),),
    (
        FrontendOp("constant", I4, (), None, splat=0),
        FrontendOp("binary", I4, (0, 1), 0, "muli"),
        FrontendOp("constant", I4, (), None, splat=2),
        FrontendOp("loop", I4, (2, 3), 0, "addi", trips=2),
    ),
    (FrontendResult(4, None),),
)
FOLDED = {"branch_on_constant": BRANCH_ON_CONSTANT, "argument_times_zero": ARGUMENT_TIMES_ZERO}


def verifies(text: str) -> bool:
    with ir.Context():
        return ir.Module.parse(text).operation.verify()


def declared_devices(text: str) -> tuple[set[str], str | None]:
    """Read with the MLIR bindings: the `!hal.device` globals a module declares, and the device its
    `stream.affinity.default` names (None: no default)."""
    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        module = ir.Module.parse(text)
        devices = {
            ir.StringAttr(op.attributes["sym_name"]).value
            for op in module.body.operations
            if op.operation.name == "util.global" and str(op.attributes["type"]) == "!hal.device"
        }
        attributes = module.operation.attributes
        default = (
            str(attributes["stream.affinity.default"]) if "stream.affinity.default" in attributes else None
        )
    return devices, default


def without_default(program: FrontendProgram) -> str:
    """The program as the generator printed it before `names_a_device` asked what folding keeps: its text
    with the module's `stream.affinity.default` removed (with the MLIR bindings)."""
    with ir.Context():
        module = ir.Module.parse(print_frontend(program))
        if "stream.affinity.default" in module.operation.attributes:
            del module.operation.attributes["stream.affinity.default"]
        return str(module)


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


@pytest.mark.parametrize("name", FOLDED)
def test_a_program_whose_device_references_fold_away_gets_a_default(name: str) -> None:
    program = FOLDED[name]
    assert not program.names_a_device()
    text = print_frontend(program)
    devices, default = declared_devices(text)
    assert devices == {"d0", "d1"} and default is not None
    assert default.removeprefix("#hal.device.affinity<@").removesuffix(">") in devices
    # Its text names a device outside the default: a transfer (the branch) or a used argument.
    assert declared_devices(without_default(program)) == (devices, None)
    assert ("flow.tensor.transfer" in text) == (name == "branch_on_constant")


@settings(max_examples=300)
@given(frontend_programs())
def test_drawn_programs_have_a_default_exactly_when_their_work_names_no_device(program) -> None:
    text = print_frontend(program)
    computes = any(op.kind not in ("constant", "resource") for op in program.ops)
    devices, default = declared_devices(text)
    assert devices == {f"d{i}" for i in range(program.devices)}
    assert (default is not None) == (not program.names_a_device() and computes)
    if default is not None:  # the default names a declared device
        assert default.removeprefix("#hal.device.affinity<@").removesuffix(">") in devices
    if program.names_a_device() and not any(r.affinity is not None for r in program.results):
        # What folding keeps names a device: some result's computation reads an argument or transfers.
        assert any(program.folded()[r.value].names for r in program.results)


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


def devices_kept(text: str) -> set[str]:
    """The `!hal.device` globals left after the pinned compiler's flow phase (read with the MLIR bindings):
    by then the ABI pipeline's symbol-dce has dropped every device nothing references, and a module with
    none fails later with "no HAL devices defined in the module"."""
    return declared_devices(tools.compile_str(text, extra_args=["--compile-to=flow"]).decode())[0]


@pytest.mark.slow
@pytest.mark.parametrize("name", FOLDED)
def test_what_folds_away_leaves_the_default_device_and_nothing_else(name: str) -> None:
    program = FOLDED[name]
    assert devices_kept(without_default(program)) == set()  # the old generator's text: no device left
    kept = devices_kept(print_frontend(program))
    assert kept and kept <= {"d0", "d1"}, kept


# Drawn (`frontend_specs(target=(3, 8))`, Hypothesis seed 2): an `scf.if` on a `dense_resource` of ones, its
# else branch on @d1, returned from @d3 with no affinity; the three arguments unused. Before
# `FrontendProgram.folded` it had no default and 3.13 rejected it ("no HAL devices defined in the module").
DRAWN_BRANCH_ON_CONSTANT = FrontendSpec(
    devices=4,
    arguments=((162, 175, 118), (43, 101, 145), (192, 72, 109)),
    ops=(
        (23, 254, 183, 134), (230, 64, 145, 5), (65, 97, 100, 238), (49, 73, 0, 202), (221, 217, 139, 3),
        (136, 180, 57, 185), (7, 134, 173, 45), (241, 255, 80, 4), (207, 26, 99, 53), (87, 180, 254, 246),
        (81, 193, 71, 222), (81, 193, 71, 222),
    ),
    results=((255, 80),),
)  # fmt: skip


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@example(build_frontend(DRAWN_BRANCH_ON_CONSTANT))
@given(frontend_programs(size=6, target=(3, 8)))
def test_no_drawn_program_loses_every_device(frontend: FrontendCompiler, program: FrontendProgram) -> None:
    """The pinned compiler never finds a drawn program without a device (programs for 3.8, without a
    transients argument: 3.13 rejects some of those for a known bug,
    corpus/invalid-program-emplace-transients-moves-a-shared-size-into-a-branch.mlir)."""
    text = print_frontend(program)
    run = frontend.run(FrontendRequest(text, MAX_DEVICES, execute=False))
    assert "no HAL devices defined" not in run.message, text

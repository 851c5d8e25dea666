"""Version targeting: syntax an older release cannot parse is left out of the printed text."""

from __future__ import annotations

import pytest
from hypothesis import find, given, settings
from stream_fuzz.generators import features, print_program, programs
from stream_fuzz.generators import model as m

NEW_SYNTAX = {
    (3, 2): "stream.async.barrier",
    (3, 5): "#hal.device.optimal",
    (3, 11): "stream.topology",
    (3, 12): "stream.async.transfer on(",
}
SEARCH = settings(max_examples=3000)


@pytest.fixture(scope="module")
def rich_program():
    """A 3.13 program using every version-gated construct at once."""
    wanted = {"async_barrier", "transfer_optimal", "topology", "transfer_on"}
    return find(programs("l2"), lambda p: wanted <= features(p), settings=SEARCH)


def test_new_syntax_printed_for_current_release(rich_program):
    text = print_program(rich_program, (3, 13))
    for construct in NEW_SYNTAX.values():
        assert construct in text


@pytest.mark.parametrize("target", [(3, 1), (3, 4), (3, 11), (3, 12)])
def test_older_release_gets_no_syntax_it_cannot_parse(mlir, rich_program, target):
    text = print_program(rich_program, target)
    for since, construct in NEW_SYNTAX.items():
        assert (construct in text) == (target >= since), (target, construct)
    # What remains is still a valid program for the current compiler.
    mlir.run(text, rich_program.pipeline)


@settings(max_examples=60)
@given(programs("l2", target=(3, 1)))
def test_strategy_for_old_release_never_draws_new_syntax(program):
    text = print_program(program, (3, 1))
    for construct in NEW_SYNTAX.values():
        assert construct not in text
    assert not {"async_barrier", "transfer_optimal", "topology", "transfer_on"} & features(program)


@pytest.fixture(scope="module")
def program_with_parameters():
    return find(programs("l1"), lambda p: "parameter_load" in features(p), settings=SEARCH)


@pytest.mark.parametrize("target", [(3, 4), (3, 11)])
def test_a_parameter_load_is_a_splat_before_3_11(mlir, program_with_parameters, target):
    text = print_program(program_with_parameters, target)
    assert ("stream.async.parameter.load" in text) == (target >= (3, 11))
    mlir.run(text, program_with_parameters.pipeline)


@settings(max_examples=60)
@given(programs("l1", target=(3, 4)))
def test_strategy_for_3_4_never_draws_parameters(program):
    assert "parameter_load" not in features(program)


@pytest.fixture(scope="module")
def dispatch_shapes_program():
    """A program with issue 26's dispatch shapes: a gathered concat, a workload and scalar operands."""
    wanted = {"dispatch_results_gathered", "dispatch_workload", "dispatch_scalar_operands"}
    return find(programs("l2"), lambda p: wanted <= features(p), settings=SEARCH)


@pytest.mark.parametrize("target", [(3, 1), (3, 4), (3, 11), (3, 12)])
def test_dispatch_shapes_are_printed_for_every_release(mlir, dispatch_shapes_program, target):
    """Their syntax is as old as 3.1 (each release's own iree-opt parsed such programs when they were added):
    no release loses a workload or a scalar operand, and the text is still a valid program."""
    text = print_program(dispatch_shapes_program, target)
    current = print_program(dispatch_shapes_program, (3, 13))
    for construct in ("stream.async.dispatch", "stream.async.update", "@ex::@"):
        assert text.count(construct) == current.count(construct), construct
    for op in dispatch_shapes_program.ops():
        if isinstance(op, m.Dispatch) and op.workload:
            assert f"@ex::@{op.entry}[" in text
    assert ": (i32" in text or ": (index" in text  # scalars are typed before the resources
    mlir.parse(text)

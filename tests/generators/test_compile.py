"""Printed programs parse and compile with the pinned compiler, and carry their expectations."""

from __future__ import annotations

import functools
import re

from hypothesis import event, find, given, reject, settings
from iree.compiler import ir
from stream_fuzz.generators import features, label_and_target, print_program, programs
from stream_fuzz.generators import model as m
from stream_fuzz.oracles.checkers import InProcess

from tests.generators.conftest import KnownCompilerBug

# Deterministic draws: a test of the generator against the real compiler must not fail the day a random draw
# meets a compiler bug nobody has filed yet (finding those is the campaign's job, not CI's).
FAST = settings(max_examples=40, derandomize=True)


def check_compiles(mlir, program: m.Program) -> str:
    label_and_target(program)
    text = print_program(program)
    try:
        out = mlir.run(text, program.pipeline)
    except KnownCompilerBug as known:
        # Not the generator's fault, and the campaign knows it; such a draw tests nothing here.
        event(f"known compiler bug {str(known).split(':')[0]}")
        reject()
    # Every expectation is written into the IR and survives the pipeline.
    expected = program.expectations
    assert len(re.findall(r"fuzz\.expect", text)) == sum(isinstance(o, m.Expect) for o in program.ops())
    assert out.count("fuzz.expect") >= 1 or not any(isinstance(o, m.Expect) for o in program.ops())
    for name in expected:
        assert re.search(re.escape(name) + r"\b", text), name
    return out


@FAST
@given(programs("l2"))
def test_l2_programs_compile_with_schedule_allocation(mlir, program):
    assert program.level == "l2" and program.pipeline == "allocation"
    out = check_compiles(mlir, program)
    if "transfer" in features(program):
        assert "stream.cmd.copy" in out or "stream.cmd" in out


@settings(FAST, max_examples=12)
@given(programs("l1", max_devices=4))
def test_l1_programs_compile_with_stream_pipeline(mlir, program):
    assert program.level == "l1" and program.pipeline == "stream"
    check_compiles(mlir, program)


@FAST
@given(programs("l2"))
def test_every_live_value_has_a_witness(program):
    """Values still live at the end of main are exported, reach a fuzz.expect barrier, or are returned (their
    consumer is outside the program)."""
    witnessed = set(program.expectations) | {v.name for v in program.main.returns}
    made: set[str] = set()
    consumed: set[str] = set()
    # An L2 execute_region wraps executes at function level: its executes are main's own.
    top = [o for op in program.main.body for o in (op.body if isinstance(op, m.ExecuteRegion) else [op])]
    for op in top:
        if isinstance(op, m.Execute | m.Import):
            made.update(v.name for v in (op.results if isinstance(op, m.Execute) else [op.result]))
        if isinstance(op, m.Execute):
            consumed.update(op.captures[t].name for t in op.tied if t is not None)
    assert made - consumed <= witnessed
    for name, devices in program.expectations.items():
        assert devices and set(devices) <= set(program.devices), (name, devices)


@functools.cache
def _checkers() -> InProcess:
    return InProcess(ir.Context())


@settings(FAST, max_examples=60)
@given(programs("l2"))
def test_l2_programs_pass_irees_range_checker(program):
    """IREE's iree-stream-verify-async-access-ranges accepts every drawn program: L2's async IR goes
    straight to schedule-allocation, which no pipeline range check guards (at L1 the pipeline runs it)."""
    module = ir.Module.parse(print_program(program), _checkers().context)
    assert _checkers().run("builtin.module(iree-stream-verify-async-access-ranges)", module) is None


def test_l1_draws_selects_that_compile(mlir):
    """`arith.select` of two resources (the op CONTRIBUTING's checklist added): drawn, printed with main's i1
    argument, and compiled by the stream pipeline."""
    program = find(
        programs("l1", max_devices=2),
        lambda p: any(isinstance(op, m.Select) for op in p.ops()),
        settings=settings(derandomize=True, max_examples=500, database=None),
    )
    text = print_program(program)
    assert "arith.select %cond," in text and "%cond: i1" in text
    out = mlir.run(text, program.pipeline)
    assert "stream.cmd.execute" in out

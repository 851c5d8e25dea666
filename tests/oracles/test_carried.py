"""`timeline/carried-before-ready` on real outputs: IREE 3.10-3.13 carry a loop's resource with its timepoint
and give an execute reading `arith.select` of it an immediate await (PropagateTimepoints, corpus entry
timeline-carried-before-ready-propagate-timepoints-select-of-a-loop-carried-resource); 3.9 awaits on the
host inside the loop; read directly, the carried timepoint is awaited (through the alloca's await)."""

from __future__ import annotations

import re
from pathlib import Path

from stream_fuzz.oracles import Rule, check_text

from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline

ROOT = Path(__file__).resolve().parents[2]
NAME = "timeline-carried-before-ready-propagate-timepoints-select-of-a-loop-carried-resource"
OUTPUTS = Path(__file__).resolve().parent / "release_outputs"


def _program(select: bool = True) -> str:
    text = (ROOT / "corpus" / f"{NAME}.mlir").read_text()
    program = text[text.index("util.global private @d0") :]
    if not select:  # the body reads the carried value itself
        program = re.sub(r"\n *%v6 = arith\.select[^\n]*", "", program).replace("(%v6[", "(%v4[")
        assert "arith.select" not in program
    return program


def _compiled(compiler: InProcessCompiler, program: str) -> str:
    result = compiler.compile(program, resolve_pipeline("stream"))
    assert result.outcome is Outcome.OK, result.summary()
    return result.output or ""


def test_the_pinned_compiler_reads_a_carried_resource_without_its_timepoint(
    compiler: InProcessCompiler,
) -> None:
    violations = check_text(_compiled(compiler, _program())).violations
    assert [(v.rule, v.op_name, v.via) for v in violations] == [
        (Rule.CARRIED, "stream.cmd.execute", "block-argument")
    ]
    assert "through arith.select" in violations[0].message


def test_3_9_awaits_on_the_host_inside_the_loop() -> None:
    assert check_text((OUTPUTS / "loop_carried_select.iree-3.9.0.mlir").read_text()).clean


def test_the_carried_value_read_directly_is_awaited(compiler: InProcessCompiler) -> None:
    output = _compiled(compiler, _program(select=False))
    assert "!stream.timepoint)" in output  # the loop carries a timepoint: the rule has something to judge
    assert check_text(output).clean


def test_a_mutant_dropping_the_alloca_s_await_of_the_carried_timepoint(compiler: InProcessCompiler) -> None:
    """Read directly, the body's alloca awaits the carried timepoint and the execute awaits the alloca:
    without that await, nothing in the body waits for the previous iteration."""
    output = _compiled(compiler, _program(select=False))
    mutant, count = re.subn(
        r"(stream\.resource\.alloca uninitialized on\([^)]*\)) await\(%\d+\) =>", r"\1 :", output
    )
    assert count == 1
    assert Rule.CARRIED in {v.rule for v in check_text(mutant).violations}


def test_a_carried_timepoint_among_timepoints_of_unknown_coverage_is_not_judged(
    compiler: InProcessCompiler,
) -> None:
    """A drawn L1 program (`stream-fuzz stats --level all --examples 1000 --seed 1`) whose loop body's
    execute awaits timepoints whose coverage is not known here: the carried timepoint, a block argument,
    may be one of them, so the rule cannot tell (it crashed the oracle, asking where a block argument's
    defining op sits)."""
    program = Path(__file__).resolve().parent / "carried" / "carried_timepoint_joined_with_unknown_ones.mlir"
    violations = check_text(_compiled(compiler, program.read_text())).violations
    assert Rule.CARRIED not in {v.rule for v in violations}

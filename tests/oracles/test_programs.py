"""Zero violations on the pinned compiler's output for every hand-written program (no crying wolf)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from iree.compiler import ir
from stream_fuzz.oracles import check_module
from stream_fuzz.oracles.intent import Intent

from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline
from tests.oracles.conftest import PROGRAMS, pipeline_of

PROGRAM_NAMES = sorted(p.stem for p in PROGRAMS.glob("*.mlir") if not p.stem.startswith("bug_"))


@pytest.mark.parametrize("name", PROGRAM_NAMES)
def test_real_output_is_clean(
    name: str,
    compiled: Callable[[str], str],
    parse: Callable[[str], ir.Module],
    intent: Callable[[str], Intent],
) -> None:
    report = check_module(parse(compiled(name)), intent(name))
    assert report.clean, "\n".join(str(v) for v in report.violations)
    if name != "stream_dead_transfer":  # its output is empty: the compiler deleted the dead execute
        assert report.accesses > 0  # the oracle saw the program's executes


def test_the_set_covers_every_op_kind(compiled: Callable[[str], str]) -> None:
    outputs = "\n".join(compiled(name) for name in PROGRAM_NAMES)
    for needed in (
        "stream.cmd.concurrent",
        "stream.cmd.flush",
        "stream.cmd.invalidate",
        "stream.cmd.copy",
        "stream.cmd.fill",
        "stream.tensor.import",
        "stream.tensor.export",
        "stream.resource.dealloca",
        "stream.resource.constants",
        "#hal.device.optimal",
        "#hal.device.promise",
        "rw %",
        "stream.topology",
        "cf.cond_br",
        "fuzz.expect",
        "@__builtin_fill_i64",  # a dispatch whose bindings FuseDispatchBindings widened
    ):
        assert needed in outputs, f"no hand-written program exercises {needed}"


# Real compiler bugs met while writing the set (see each file's WHAT comment): nested #hal.device.optimal
# attributes that do not re-parse, and RefineUsage producing IR the verifier rejects around scf.for.
# Strict: the day IREE fixes them, these tests fail and the programs join the clean set above.
@pytest.mark.compiler_bug
@pytest.mark.xfail(strict=True, reason="IREE prints #hal.device.optimal nested in #hal.device.optimal")
@pytest.mark.parametrize("name", ["bug_optimal_nested_optimal_exec", "bug_optimal_nested_promise_mix"])
def test_known_bug_nested_optimal_output_reparses(name: str, compiler: InProcessCompiler) -> None:
    text = (PROGRAMS / f"{name}.mlir").read_text()
    result = compiler.compile(text, resolve_pipeline(pipeline_of(text)))
    assert result.outcome is Outcome.OK, result.summary()


@pytest.mark.compiler_bug
@pytest.mark.xfail(strict=True, reason="iree-stream-refine-usage mismatches scf.for carried lifetimes")
def test_known_bug_scf_for_round_trip_compiles(compiler: InProcessCompiler) -> None:
    text = (PROGRAMS / "bug_scf_for_refine_usage_type_mismatch.mlir").read_text()
    result = compiler.compile(text, resolve_pipeline(pipeline_of(text)))
    assert result.outcome is Outcome.OK, result.summary()

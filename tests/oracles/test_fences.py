"""`timeline/return-fence` on the L3 ABI forms, as the pinned `iree-compile` prints their stream phase.

The L1/L2 forms (a public function that awaits on the host before returning, a function returning a
timepoint beside its resources) are held to it on the hand-written programs (`test_programs`) and caught
broken in `test_mutants`. Here: a frontend program with two results on two devices, through the
synchronous ABI (the host awaits before returning) and the coarse-fences one
(`--iree-execution-model=async-external`: `stream.timepoint.chain_external` signals the caller's fence),
and the same broken ways.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from iree.compiler import ir
from stream_fuzz.oracles import Rule, check_module

from stream_fuzz.compiler.frontend_tools import compile_with_binary
from stream_fuzz.compiler.subprocess_backend import native_iree_compile
from tests import mutants

PROGRAM = Path(__file__).resolve().parent / "fences" / "l3_two_results_two_devices.mlir"
ASYNC_EXTERNAL = ("--iree-execution-model=async-external",)


@pytest.fixture(scope="module")
def stream_phase() -> Callable[[tuple[str, ...]], str]:
    cache: dict[tuple[str, ...], str] = {}

    def get(flags: tuple[str, ...]) -> str:
        if flags not in cache:
            binary = str(native_iree_compile())
            ok, output, said = compile_with_binary(
                binary, 120.0, PROGRAM.read_bytes(), "stream", "start", "ir", flags
            )
            assert ok, said
            cache[flags] = output.decode()
        return cache[flags]

    return get


@pytest.mark.parametrize("flags", [(), ASYNC_EXTERNAL], ids=["sync", "async-external"])
def test_both_abis_fence_their_results(
    flags: tuple[str, ...], stream_phase: Callable[[tuple[str, ...]], str], parse: Callable[[str], ir.Module]
) -> None:
    text = stream_phase(flags)
    assert ("stream.timepoint.chain_external" in text) == bool(flags)  # the form this test is about
    assert text.count("stream.tensor.export") == 2
    assert check_module(parse(text)).clean


@pytest.mark.parametrize(
    "mutate",
    [mutants.fence_of_the_first_execute, mutants.fence_join_drops_its_last_member],
    ids=["first-execute", "join-member-dropped"],
)
def test_a_signal_fence_that_misses_a_write_is_caught(
    mutate: Callable[[ir.Module], None],
    stream_phase: Callable[[tuple[str, ...]], str],
    parse: Callable[[str], ir.Module],
) -> None:
    module = parse(stream_phase(ASYNC_EXTERNAL))
    mutate(module)
    violations = check_module(module).violations
    assert {v.rule for v in violations} == {Rule.RETURN_FENCE}, "\n".join(map(str, violations))
    assert {v.uses for v in violations} == {("signal-fence",)}
    assert all(v.op_name == "stream.cmd.execute" for v in violations)


def test_a_host_await_that_misses_a_write_is_caught(
    stream_phase: Callable[[tuple[str, ...]], str], parse: Callable[[str], ir.Module]
) -> None:
    module = parse(stream_phase(()))
    mutants.fence_of_the_first_execute(module)
    violations = check_module(module).violations
    assert {(v.rule, v.uses) for v in violations} == {(Rule.RETURN_FENCE, ("host-await",))}


def test_a_prescheduled_input_returning_unfenced_is_not_the_compiler_s_fault(compiler, parse) -> None:
    """A pre-scheduled input states its own fences: returning a resource with the timepoint of an execute
    before the one that makes it (as a reducer's deletions can leave it), the output can only do the same.
    The intent read from the input names that result, and the rule leaves it to the input."""
    from stream_fuzz.oracles.intent import read_intent

    from stream_fuzz.compiler import Outcome, resolve_pipeline
    from tests.oracles.conftest import PROGRAMS

    text = (PROGRAMS / "alloc_chain_abc.mlir").read_text()
    assert read_intent(parse(text)).unfenced == frozenset()  # the hand-written input fences its result
    unfenced = text.replace("util.return %c, %tc :", "util.return %c, %ta :")
    assert unfenced != text
    intent = read_intent(parse(unfenced))
    assert intent.unfenced == {("chain", 0)}
    result = compiler.compile(unfenced, resolve_pipeline("allocation"))
    assert result.outcome is Outcome.OK
    output = parse(result.output or "")
    assert {v.rule for v in check_module(output).violations} == {Rule.RETURN_FENCE}  # the output shows it
    assert check_module(output, intent).clean  # and it is the input's

"""Loops: a value reaches a use only along edges that can run, and constant bounds decide some of them.

A loop of constant trips (0 to 3) never hands its init straight to its result: the real output, which
leaves the init on the body's device only, is clean. Moving the body's memory off the reader's device is
still caught, and so is the same output with the loop made to run zero times (then the init, and only the
init, reaches the reader). With a bound that is a function argument both ways count, and IREE's output is
wrong (the corpus's scf-for-init entry): the oracle still says so.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from iree.compiler import ir
from stream_fuzz.oracles import check_module
from stream_fuzz.oracles.intent import Intent, read_intent
from stream_fuzz.oracles.paths import trip_count

from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline
from tests import mutants
from tests.oracles.conftest import PROGRAMS, pipeline_of

# Both shapes: the allocation pipeline keeps the scf.for, the whole stream pipeline lowers it to blocks.
# The index of the loop body's alloca among the output's allocas (the init's is 0, the reader's last).
LOOPS = [("alloc_loop_constant_trips", 1), ("stream_loop_constant_trips", 1)]


def _reads(module: ir.Module, intent: Intent) -> list[tuple[str, str]]:
    """(rule, placement of the misplaced storage) of every violation."""
    return sorted((v.rule.id, v.placed_on) for v in check_module(module, intent).violations)


@pytest.mark.parametrize(("program", "body_alloca"), LOOPS)
def test_constant_trips_real_output_is_clean_and_a_misplaced_body_is_caught(
    program: str,
    body_alloca: int,
    compiled: Callable[[str], str],
    parse: Callable[[str], ir.Module],
    intent: Callable[[str], Intent],
) -> None:
    module = parse(compiled(program))
    assert "optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>" in str(
        mutants.walk(module, "stream.resource.alloca")[body_alloca]
    ), "the body's memory is no longer placed for both its writer and the reader after the loop"
    assert check_module(module, intent(program)).clean  # the init (@d2 only) never reaches @d1
    mutants.move_op("stream.resource.alloca", body_alloca, "d2")(module)
    assert _reads(module, intent(program)) == [("placement/read", "#hal.device.affinity<@d2>")]


@pytest.mark.parametrize(("program", "body_alloca"), LOOPS)
def test_a_loop_made_to_run_zero_times_hands_the_init_to_the_reader(
    program: str,
    body_alloca: int,
    compiled: Callable[[str], str],
    parse: Callable[[str], ir.Module],
    intent: Callable[[str], Intent],
) -> None:
    module = parse(compiled(program))
    init = mutants.walk(module, "stream.resource.alloca")[0]
    assert str(init.attributes["affinity"]) == "#hal.device.affinity<@d2>"
    mutants.loop_runs_zero_times(module)
    report = check_module(module, intent(program))
    # Only the init reaches @d1; the body (and its @d1/@d2 memory) is dead and touches nothing.
    assert [(v.rule.id, v.storage) for v in report.violations] == [
        ("placement/read", init.results[0].get_name())
    ]


@pytest.mark.parametrize("program", [name for name, _ in LOOPS])
def test_a_bound_that_may_be_zero_keeps_the_real_bug(
    program: str, compiler: InProcessCompiler, parse: Callable[[str], ir.Module]
) -> None:
    """The same program with the bound an argument: IREE links the init to the body only
    (ValueConsumerAffinityPVS's scf::ForOp case), so on the zero-trip path @d1 reads @d2's memory."""
    text = (PROGRAMS / f"{program}.mlir").read_text()
    text = text.replace(" to %c3 ", " to %n ").replace("@loop3(", "@loop3(%n: index, ")
    text = text.replace("@loop_result_pulled()", "@loop_result_pulled(%n: index)")
    assert " to %n " in text and "%n: index" in text
    result = compiler.compile(text, resolve_pipeline(pipeline_of(text)))
    assert result.outcome is Outcome.OK, result.summary()
    module = parse(result.output or "")
    intent = read_intent(ir.Module.parse(text, module.context))
    assert ("placement/read", "#hal.device.affinity<@d2>") in _reads(module, intent)


@pytest.mark.parametrize(
    ("bounds", "trips"),
    [
        ("%c0 to %c3 step %c1", 3),
        ("%c0 to %c3 step %c2", 2),
        ("%c3 to %c0 step %c1", 0),
        ("%c0 to %n step %c1", None),
    ],
)
def test_trip_count(bounds: str, trips: int | None, parse: Callable[[str], ir.Module]) -> None:
    module = parse(
        "func.func @f(%n: index) {\n"
        + "".join(f"  %c{k} = arith.constant {k} : index\n" for k in range(4))
        + f"  scf.for %i = {bounds} {{\n  }}\n  return\n}}"
    )
    assert trip_count(mutants.walk(module, "scf.for")[0]) == trips

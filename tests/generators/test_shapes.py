"""The shapes of issue 26 are drawn (each one found by Hypothesis through its feature label) and the program
that shows it compiles with the pinned compiler: verified, and through the level's whole pipeline."""

from __future__ import annotations

import contextlib

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from stream_fuzz.generators import features, print_program, programs
from stream_fuzz.generators import model as m

from tests.generators.conftest import KnownCompilerBug

SHAPES = [
    ("l1", "devices_8plus"),
    ("l2", "devices_8plus"),
    ("l1", "topology_3plus_devices"),
    ("l1", "transfer_fanout_3plus"),
    ("l2", "pulled_by_3plus_executes"),
    ("l1", "barrier_chain_3plus_devices"),
    ("l2", "barrier_chain_3plus_devices"),
    ("l1", "loop_carries_twice"),
    ("l1", "loop_yields_twice"),
    ("l1", "loop_forwards_reordered"),
    ("l1", "loop_zero_trips_equal"),
    ("l1", "loop_zero_trips_reversed"),
    ("l1", "global_initialized"),
    ("l1", "global_hoisted"),
    ("l1", "import_written_in_place"),
    ("l2", "import_written_in_place"),
    ("l1", "dispatch_results_concatenated"),
    ("l2", "dispatch_results_concatenated"),
    ("l1", "dispatch_results_gathered"),
    ("l2", "dispatch_results_gathered"),
    ("l1", "dispatch_workload"),
    ("l2", "dispatch_scalar_operands"),
]
FIND = settings(database=None, max_examples=2000, suppress_health_check=list(HealthCheck), deadline=None)


def _find(level: str, label: str, extra=lambda p: True) -> m.Program:
    return find(programs(level), lambda p: label in features(p) and extra(p), settings=FIND)


@pytest.mark.slow  # 20 searches of up to 2000 programs, each compiled once found: about 140 s
@pytest.mark.parametrize(("level", "label"), SHAPES)
def test_shape_is_drawn_and_compiles(mlir, level, label):
    program = _find(level, label)
    text = print_program(program)
    mlir.parse(text)  # the verifier accepts it
    # A known compiler fault (recorded in corpus/) leaves the program valid; any other failure fails the test.
    with contextlib.suppress(KnownCompilerBug):
        mlir.run(text, program.pipeline)


def test_a_while_loop_forwards_its_slots_reordered(mlir):
    """The before region of an scf.while hands two slots of one type to the body exchanged."""
    program = _find("l1", "loop_forwards_reordered", lambda p: any(_reordered_while(o) for o in p.ops()))
    text = print_program(program)
    loop = next(o for o in program.ops() if _reordered_while(o))
    assert isinstance(loop, m.ForLoop) and loop.inits[0] is loop.inits[-1]
    assert "scf.condition" in text
    mlir.parse(text)


def _reordered_while(op: m.Op) -> bool:
    return isinstance(op, m.ForLoop) and op.while_loop and op.forward != tuple(range(len(op.forward)))


@pytest.mark.parametrize(("label", "bounds"), [("equal", (2, 2)), ("reversed", (3, 1))])
def test_a_zero_trip_loop_hands_its_inits_on(mlir, label, bounds):
    """A loop whose bounds are equal or reversed runs zero times: printed with those bounds (an scf.for's,
    or the constants an scf.while starts from and tests against), and its results, which later ops use,
    are its inits. The pipeline compiles it."""

    # The loop with these bounds: a program may hold zero-trip loops of both kinds, in either order.
    def with_bounds(o: m.Op, p: m.Program) -> bool:
        return isinstance(o, m.ForLoop) and _zero_trip_used(o, p) and (o.lower, o.bound) == bounds

    program = _find("l1", f"loop_zero_trips_{label}", lambda p: any(with_bounds(o, p) for o in p.ops()))
    loop = next(o for o in program.ops() if with_bounds(o, program))
    assert isinstance(loop, m.ForLoop) and (loop.trips, loop.lower, loop.bound) == (0, *bounds)
    assert [r.home for r in loop.results] == [i.home for i in loop.inits]
    text = print_program(program)
    lower, upper = (f"%c{b}" for b in bounds)
    if loop.while_loop:
        assert f"_i = {lower}" in text and "arith.cmpi slt, %w" in text and f", {upper} : index" in text
    else:
        assert f"scf.for %i{loop.results[0].id} = {lower} to {upper} step %c1" in text
    mlir.parse(text)
    with contextlib.suppress(KnownCompilerBug):
        mlir.run(text, program.pipeline)


def _zero_trip_used(op: m.Op, program: m.Program) -> bool:
    """A loop of zero trips with a result some later op (an export, an expectation, a return) uses."""
    if not (isinstance(op, m.ForLoop) and op.trips == 0 and op.results):
        return False
    used = {v.id for other in program.ops() for v in m.operands(other)}
    used |= {v.id for fn in program.functions for v in fn.returns}
    return any(r.id in used for r in op.results)


def test_an_initialized_global_is_loaded_never_stored(mlir):
    program = _find("l1", "global_initialized", lambda p: any(_moved_load(o) for o in p.ops()))
    text = print_program(program)
    g = next(o.source for o in program.ops() if isinstance(o, m.GlobalLoad) and _moved_load(o))
    assert f"util.global private @{g.name} : !stream.resource<constant>" in text
    assert f"util.global.store %{g.name}_init, @{g.name}" in text  # only in its initializer
    assert not any(isinstance(o, m.GlobalStore) and o.target == g for o in program.ops())
    out = mlir.run(text, program.pipeline)
    assert "util.initializer" in out


def _moved_load(op: m.Op) -> bool:
    """A load of an initialized global on one device, used on another."""
    return (
        isinstance(op, m.GlobalLoad)
        and op.source.initial is not None
        and op.source.pinned
        and op.result.home != op.source.home
    )


@settings(max_examples=150, derandomize=True, deadline=None, phases=[Phase.generate])
@given(st.sampled_from(["l1", "l2"]).flatmap(lambda level: programs(level, max_devices=4)))
def test_wide_respects_max_devices(program):
    """`wide` gives a program as many devices as allowed, never more."""
    assert 2 <= len(program.devices) <= 4
    if "wide" in program.switches:
        assert len(program.devices) == 4

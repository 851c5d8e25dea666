"""Semantic rules the verifier does not check hold for every drawn program."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from generators import model as m
from generators import programs
from generators.features import operands

FAST = settings(max_examples=150, deadline=None, database=None, suppress_health_check=list(HealthCheck))


def wave_items_are_independent(wave: m.Concurrent) -> None:
    args = {a.id for a in wave.args}
    written: list[int] = []
    for op in wave.body:
        # Items read only the wave's captures, never each other's results.
        used = [v.id for v in operands(op)]
        assert set(used) <= args, "wave item reads a value made inside the wave"
        if isinstance(op, m.Concurrent):
            wave_items_are_independent(op)
        written += [v.id for v in _written(op)]
    assert len(written) == len(set(written)), "two items of one wave write the same capture"


def _written(op: m.Op) -> list[m.Value]:
    if isinstance(op, m.Fill | m.Update | m.Copy):
        return [op.target]
    if isinstance(op, m.AsyncBarrier):
        return [op.source]
    if isinstance(op, m.Dispatch):
        return [op.operands[t] for t in op.tied if t is not None]
    if isinstance(op, m.Region):
        return [op.captures[t] for t in op.tied if t is not None]
    return []


@FAST
@given(programs("l2"))
def test_waves_are_independent_and_regions_capture_what_they_use(program):
    for op in program.ops():
        if isinstance(op, m.Concurrent):
            wave_items_are_independent(op)
        if isinstance(op, m.Region):
            visible = {a.id for a in op.args}
            for inner in op.body:
                assert {v.id for v in operands(inner)} <= visible, "region uses an uncaptured value"
                visible.update(r.id for r in getattr(inner, "results", [getattr(inner, "result", None)]) if r)
            # Yielded sizes/types match results (the printer reuses one constant per size).
            for y, r in zip(op.yields, op.results, strict=True):
                assert (y.size, y.lifetime, y.home) == (r.size, r.lifetime, r.home)


@FAST
@given(programs("l2"))
def test_executes_await_the_producers_of_their_captures(program):
    producer: dict[int, m.Execute] = {}
    for op in program.main.body:
        if isinstance(op, m.Execute):
            for c in op.captures:
                if c.id in producer:
                    assert producer[c.id] in op.awaits
            producer.update((r.id, op) for r in op.results)


@FAST
@given(programs("l2", max_devices=3, max_depth=2))
def test_parameters_bound_devices_and_depth(program):
    assert 2 <= len(program.devices) <= 3

    def depth(body: list[m.Op]) -> int:
        return max([1 + depth(o.body) for o in body if isinstance(o, m.Concurrent)], default=0)

    for op in program.main.body:
        if isinstance(op, m.Execute):
            assert depth(op.body) <= 2

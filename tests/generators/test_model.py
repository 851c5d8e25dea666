"""Semantic rules the verifier does not check hold for every drawn program."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from stream_fuzz.generators import model as m
from stream_fuzz.generators import programs

FAST = settings(max_examples=150)


def wave_items_are_independent(wave: m.Concurrent) -> None:
    args = {a.id for a in wave.args}
    written: list[int] = []
    for op in wave.body:
        # Items read only the wave's captures, never each other's results.
        used = [v.id for v in m.operands(op)]
        assert set(used) <= args, "wave item reads a value made inside the wave"
        if isinstance(op, m.Concurrent):
            wave_items_are_independent(op)
        written += [v.id for v in written_by(op)]
    assert len(written) == len(set(written)), "two items of one wave write the same capture"


def written_by(op: m.Op) -> list[m.Value]:
    if isinstance(op, m.Fill | m.Update | m.Copy):
        return [op.target]
    if isinstance(op, m.AsyncBarrier):
        return [op.source]
    if isinstance(op, m.Dispatch):
        return [op.operands[t] for t in op.tied if t is not None]
    if isinstance(op, m.Collective):
        return [op.recv] if op.recv is not None else []
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
                assert {v.id for v in m.operands(inner)} <= visible, "region uses an uncaptured value"
                visible.update(r.id for r in getattr(inner, "results", [getattr(inner, "result", None)]) if r)
            # Yielded sizes/types match results (the printer reuses one constant per size).
            for y, r in zip(op.yields, op.results, strict=True):
                assert (y.size, y.lifetime, y.home) == (r.size, r.lifetime, r.home)


@FAST
@given(programs("l2"))
def test_executes_await_the_producers_of_their_captures(program):
    producer: dict[int, m.Execute] = {}
    for op in _top(program.main.body):
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

    for op in _top(program.main.body):
        if isinstance(op, m.Execute):
            assert depth(op.body) <= 2


def _top(body: list[m.Op]) -> list[m.Op]:
    """A function's ops, those an `scf.execute_region` wraps in its place (L2 wraps whole executes)."""
    return [o for op in body for o in (op.body if isinstance(op, m.ExecuteRegion) else [op])]


def _check_homes(body: list[m.Op], device: str | None) -> None:
    """An op on device E reads and writes only values whose home includes E; only transfers move."""
    for op in body:
        if isinstance(op, m.Execute):
            assert op.affinity is not None and op.affinity.kind != "optimal"
            _check_homes(op.body, op.affinity.home)
            for y, r in zip(op.yields, op.results, strict=True):
                assert y.homes == r.homes
        elif isinstance(op, m.Concurrent):
            _check_homes(op.body, device)
        elif isinstance(op, m.ForLoop):
            _check_homes(op.body, device)
            for a, y, r in zip(op.args, op.yields, op.results, strict=True):
                assert a.homes == y.homes == r.homes
        elif isinstance(op, m.ExecuteRegion):
            _check_homes(op.body, device)
        elif isinstance(op, m.IfElse):
            _check_homes(op.then_body, device)
            _check_homes(op.else_body, device)
            for t, e, r in zip(op.then_yields, op.else_yields, op.results, strict=True):
                assert set(r.homes) <= set(t.homes) & set(e.homes) and r.homes
        elif isinstance(op, m.Expect):
            assert op.devices == op.value.homes, (op.value.name, op.value.homes, op.devices)
        elif isinstance(op, m.Export):
            assert op.source.lives_on(op.affinity.home)
        elif isinstance(op, m.Transfer):
            assert op.target is not None and op.result.homes == op.target.devices
            if op.source_affinity is not None:
                assert op.source.lives_on(op.source_affinity.home)
            runs_on = device or (op.execution.home if op.execution else None)
            if runs_on is not None and not op.source.lives_on(runs_on):
                # A pull: it names where the value comes from, and at L2 moves it to its own device.
                assert op.source_affinity is not None
                assert device is None or device in op.target.devices
        elif isinstance(op, m.GlobalStore):
            # Moved into the global on a device it lives on; loads bring it back there.
            assert op.source.lives_on(op.target.home)
        elif isinstance(op, m.GlobalLoad):
            # An initialized global's value is moved straight to where it is used.
            assert op.result.homes == ((op.target or op.source.affinity).home,)
            assert op.target is None or op.source.initial is not None
        elif isinstance(op, m.ParameterLoad):
            assert op.result.homes == (op.affinity.home,)
        elif isinstance(op, m.Staged):
            # Staged on the source's device, then moved like a transfer.
            assert op.source.lives_on(op.source_affinity.home)
            assert op.result.homes == op.target.devices
        elif isinstance(op, m.Select):
            # Runs on no device: either value may be the result, so all three share one home.
            assert op.result.homes == op.when_true.homes == op.when_false.homes
            assert op.result.size == op.when_true.size == op.when_false.size
        elif not isinstance(op, m.Call | m.Import | m.Splat):
            aff = getattr(op, "affinity", None)
            if device is not None:
                dev = device
            else:
                assert aff is not None, type(op).__name__
                dev = aff.home
            for v in m.operands(op):
                assert v.lives_on(dev), (type(op).__name__, v.name, v.homes, dev)
            for v in written_by(op):
                assert v.lives_on(dev)
            if isinstance(op, m.AsyncBarrier):
                assert op.result.homes == op.source.homes
            elif isinstance(op, m.Fill | m.Update | m.Copy):
                # An in-place write keeps the target's homes, except that a whole write leaves the result
                # only where it was written.
                whole = m.write_length(op) == op.target.size
                assert op.result.homes == ((dev,) if whole else op.target.homes)
            elif isinstance(op, m.Collective):
                assert op.result.homes == (dev,) == (op.channel.home,)
        if isinstance(op, m.Region):
            for a, c in zip(op.args, op.captures, strict=True):
                assert a.homes == c.homes


@FAST
@given(st.sampled_from(["l1", "l2"]).flatmap(programs))
def test_values_are_used_only_where_they_live(program):
    for fn in program.functions:
        _check_homes(fn.body, None)


def _never_read_after_written(body: list[m.Op]) -> None:
    consumed: set[int] = set()
    for op in body:
        used = {v.id for v in m.operands(op)}
        if isinstance(op, m.Export | m.Expect):
            used.add((op.source if isinstance(op, m.Export) else op.value).id)
        assert not used & consumed, f"{type(op).__name__} reads a value already written in place"
        consumed.update(v.id for v in written_by(op))
        if isinstance(op, m.Region | m.ForLoop):
            _never_read_after_written(op.body)
        elif isinstance(op, m.IfElse):
            _never_read_after_written(op.then_body)
            _never_read_after_written(op.else_body)


@FAST
@given(st.sampled_from(["l1", "l2"]).flatmap(programs))
def test_a_value_written_in_place_is_never_read_again(program):
    for fn in program.functions:
        _never_read_after_written(fn.body)

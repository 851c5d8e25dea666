"""`scf.execute_region` at L1 and L2 (issue 26): an `execute_region` token wraps the async ops (L1) or
executes (L2) that follow it (`builder.wrap_execute_regions`). The region yields every value its ops make
under the names they have inside, so the rest of the program reads as without it; deleting the token
unwraps the ops (shrinking), and the pinned compiler takes the programs through the level's pipeline."""

from __future__ import annotations

import contextlib
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from stream_fuzz.generators import features, print_program, programs
from stream_fuzz.generators import model as m
from stream_fuzz.generators.builder import build, token_table, wrap_execute_regions
from stream_fuzz.generators.dispatches import decode
from stream_fuzz.generators.specs import Shape

from tests.generators.conftest import KnownCompilerBug
from tests.shares import MIN_SHARE, feature_shares

FIND = settings(
    database=None,
    max_examples=2000,
    suppress_health_check=list(HealthCheck),
    deadline=None,
    derandomize=True,
    phases=[Phase.generate],
)


def _value(i: int, lifetime: m.Lifetime = "*") -> m.Value:
    return m.Value(i, 16, lifetime, ("d0",))


def test_a_region_takes_the_wrappable_ops_that_follow_it_up_to_its_count() -> None:
    a, b, c, d = (_value(i) for i in range(4))
    splat = m.Splat(a, 0)
    clone = m.Clone(a, b)
    expect = m.Expect(b, ("d0",))
    slice_ = m.Slice(b, c, 0)
    body: list[m.Op] = [
        m.ExecuteRegion(3),
        splat,
        clone,
        expect,
        m.ExecuteRegion(1),
        m.ExecuteRegion(2),
        slice_,
    ]
    wrap_execute_regions(body, "l1")
    # The first stops at the barrier it cannot wrap; the empty one before another region is dropped.
    first, kept_expect, second = body
    assert isinstance(first, m.ExecuteRegion) and first.body == [splat, clone]
    assert kept_expect is expect
    assert isinstance(second, m.ExecuteRegion) and second.body == [slice_]
    lone: list[m.Op] = [m.Splat(d, 0), m.ExecuteRegion(2)]
    wrap_execute_regions(lone, "l1")
    assert [type(op) for op in lone] == [m.Splat]  # nothing after it: dropped


def test_an_l2_region_wraps_whole_executes_never_what_is_inside_them() -> None:
    inner = m.Splat(_value(1, "external"), 0)
    execute = m.Execute(body=[inner], yields=[inner.result], results=[_value(2, "external")], id=1)
    body: list[m.Op] = [m.ExecuteRegion(2), execute, m.Expect(execute.results[0], ("d0",))]
    wrap_execute_regions(body, "l2")
    assert isinstance(body[0], m.ExecuteRegion) and body[0].body == [execute]
    assert execute.body == [inner]
    skipped: list[m.Op] = [m.ExecuteRegion(1), m.Splat(_value(3), 0)]
    wrap_execute_regions(skipped, "l2")  # L2 wraps executes only
    assert [type(op) for op in skipped] == [m.Splat]


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_the_region_yields_its_values_under_their_own_names_and_compiles(mlir, level: str) -> None:
    program = find(
        programs(level),
        lambda p: any(isinstance(op, m.ExecuteRegion) and len(op.body) > 1 for op in p.ops()),
        settings=FIND,
    )
    text = print_program(program)
    region = next(op for op in program.ops() if isinstance(op, m.ExecuteRegion))
    names = [  # each op's values, then an execute's timepoint
        name
        for op in region.body
        for name in [v.name for v in m.made(op)] + ([f"%t{op.id}"] if isinstance(op, m.Execute) else [])
    ]
    assert f"{', '.join(names)} = scf.execute_region -> (" in text
    assert f"scf.yield {', '.join(names)} : " in text
    mlir.parse(text)  # shadowing names is valid: a region scopes the names defined in it
    with contextlib.suppress(KnownCompilerBug):  # a fault recorded in corpus/ leaves the program valid
        mlir.run(text, program.pipeline)


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_deleting_the_token_unwraps_the_ops(level: str) -> None:
    """Shrinking by deleting the `execute_region` token gives the same program without the region."""
    from stream_fuzz.generators.strategies import program_specs

    spec = find(
        program_specs(level),
        lambda s: any(isinstance(op, m.ExecuteRegion) for op in build(s).ops()),
        settings=FIND,
    )
    table = token_table(level, spec.switches)
    tokens = tuple(
        t for t in spec.tokens if decode(t, level, table, spec.switches)[0] is not Shape.EXECUTE_REGION
    )
    wrapped, plain = build(spec), build(replace(spec, tokens=tokens))
    assert not any(isinstance(op, m.ExecuteRegion) for op in plain.ops())
    unwrapped = [type(op).__name__ for op in wrapped.ops() if not isinstance(op, m.ExecuteRegion)]
    assert unwrapped == [type(op).__name__ for op in plain.ops()]


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_an_execute_region_is_drawn_in_one_program_in_twenty(level: str) -> None:
    """1000 derandomized draws: Hypothesis draws small programs first (300 held L2's share at 3.7%, 2000
    draws at 8%)."""
    shares = feature_shares(programs(level), features, ["execute_region"], examples=1000)
    assert shares["execute_region"] >= MIN_SHARE, shares


@settings(max_examples=150, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(programs("l2"))
def test_an_l2_region_never_wraps_an_execute_whose_result_another_device_reads(program: m.Program) -> None:
    """The steer around corpus/placement-read-execute-region-hides-the-consumers-of-a-result.mlir: no
    wrapped execute has a result captured by an execute on another device or exported there, and none
    reads a value that lives on another device."""
    wrapped = {
        r.id: op.affinity.home
        for region in program.ops()
        if isinstance(region, m.ExecuteRegion)
        for op in region.body
        if isinstance(op, m.Execute) and op.affinity is not None
        for r in op.results
    }
    for region in program.ops():
        if isinstance(region, m.ExecuteRegion):
            for op in region.body:
                if isinstance(op, m.Execute) and op.affinity is not None:
                    assert all(c.lives_on(op.affinity.home) for c in op.captures), op.id
    for op in program.ops():
        if isinstance(op, m.Execute) and op.affinity is not None:
            for c in op.captures:
                assert wrapped.get(c.id, op.affinity.home) == op.affinity.home, c.name
        if isinstance(op, m.Export):
            assert wrapped.get(op.source.id, op.affinity.home) == op.affinity.home, op.source.name


def _storage_root(program: m.Program) -> dict[int, int]:
    """Value id -> the id of the value whose storage it is, through execute results tied to a capture."""
    tied = {
        r.id: op.captures[t].id
        for op in program.ops()
        if isinstance(op, m.Execute)
        for r, t in zip(op.results, op.tied, strict=True)
        if t is not None
    }
    roots = {}
    for value in tied:
        root = value
        while root in tied:
            root = tied[root]
        roots[value] = root
    return roots


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(programs("l2"))
def test_an_l2_region_never_wraps_an_in_place_writer_of_a_storage_another_device_reads(
    program: m.Program,
) -> None:
    """The same steer, for the third execute on such a storage (placement-read-bb281ef42ca6 in seed 37's
    campaigns): one of the producer's own device that ties a result to a storage an execute or export of
    another device reads. Wrapped, the affinity analysis follows the tied result to the region's scf.yield
    and gives up the storage's consumers (the same program unwrapped places it for every reader)."""
    roots = _storage_root(program)
    home = {
        r.id: op.affinity.home
        for op in program.ops()
        if isinstance(op, m.Execute) and op.affinity is not None
        for r in op.results
        if r.id not in roots
    }
    crossing: set[int] = set()
    for op in program.ops():
        if isinstance(op, m.Execute) and op.affinity is not None:
            readers = [(c, op.affinity.home) for c in op.captures]
        elif isinstance(op, m.Export):
            readers = [(op.source, op.affinity.home)]
        else:
            continue
        for value, device in readers:
            root = roots.get(value.id, value.id)
            if home.get(root, device) != device:
                crossing.add(root)
    for region in program.ops():
        if isinstance(region, m.ExecuteRegion):
            for op in region.body:
                if isinstance(op, m.Execute):
                    tied = [op.captures[t].id for t in op.tied if t is not None]
                    written = {roots.get(value, value) for value in tied}
                    assert not written & crossing, (op.id, written & crossing)

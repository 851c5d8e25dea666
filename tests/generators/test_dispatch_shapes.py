"""The dispatch shapes of issue 26 (`generators.dispatches`): a multi-result dispatch concatenated into one
buffer (at L1 and L2, on the dispatch's device or gathered on another), and dispatches with a workload and
scalar operands. Each is found by its feature label, checked in the model, printed for old and new releases
and compiled by the pinned compiler; each is drawn often enough, and shrinks to the op it varies."""

from __future__ import annotations

import contextlib
import itertools
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from stream_fuzz.generators import features, print_program, programs
from stream_fuzz.generators import model as m
from stream_fuzz.generators.builder import build, token_table
from stream_fuzz.generators.dispatches import LOW_BITS, VariantBits, decode
from stream_fuzz.generators.specs import OpKind, ProgramSpec, Shape
from stream_fuzz.generators.strategies import program_specs

from tests.generators.conftest import KnownCompilerBug
from tests.shares import MIN_SHARE, feature_shares

# The first program found, not shrunk (shrinking is what made a search take seconds), the same every run.
FIND = settings(
    database=None,
    max_examples=2000,
    suppress_health_check=list(HealthCheck),
    deadline=None,
    derandomize=True,
    phases=[Phase.generate],
)
# The syntax parses on every release from 3.1 (checked with each release's own iree-opt when it was added).
TARGETS = [(3, 1), (3, 5), (3, 11), (3, 13)]
LABELS = frozenset(
    {
        "dispatch_results_concatenated",
        "dispatch_results_gathered",
        "dispatch_workload",
        "dispatch_scalar_operands",
    }
)
# The op each variant shrinks to when its high bits are masked off.
PLAIN = {
    Shape.CONCAT: OpKind.DISPATCH,
    OpKind.DISPATCH: OpKind.DISPATCH,
    Shape.GATHER: OpKind.TRANSFER,
    # Dynamically sized ones (tests/generators/test_dynamic_sizes.py).
    Shape.DYNAMIC_SPLAT: OpKind.SPLAT,
    Shape.DYNAMIC_ALLOCA: OpKind.ALLOCA,
}


def _find(level: str, *labels: str) -> m.Program:
    return find(programs(level), lambda p: set(labels) <= features(p), settings=FIND)


def _concats(program: m.Program) -> list[tuple[m.Dispatch, list[m.Update]]]:
    """Each dispatch with the updates its results (or their moves) feed, when there are two or more."""
    ops = program.ops()
    carried: dict[int, m.Value] = {}  # value id -> the dispatch result it is (moved or captured)
    for op in ops:
        if isinstance(op, m.Transfer):
            carried[op.result.id] = carried.get(op.source.id, op.source)
        if isinstance(op, m.Execute):
            for region_result, y in zip(op.results, op.yields, strict=True):
                carried[region_result.id] = carried.get(y.id, y)
            for arg, capture in zip(op.args, op.captures, strict=True):
                carried[arg.id] = carried.get(capture.id, capture)
    out = []
    for d in (op for op in ops if isinstance(op, m.Dispatch)):
        ids = {r.id for r in d.results}
        fed = [u for u in ops if isinstance(u, m.Update) and carried.get(u.update.id, u.update).id in ids]
        if len(fed) >= 2:
            out.append((d, fed))
    return out


def _live_concats(program: m.Program) -> list[tuple[m.Dispatch, list[m.Update]]]:
    """The concats in `main`'s own body (at L2 in its executes): one in a branch may be dead code, which the
    compiler drops (a branch yields only what it was asked for)."""
    main = program.functions[-1].body
    top = [*main, *(op for e in main if isinstance(e, m.Execute) for op in e.body)]
    return [(d, u) for d, u in _concats(program) if any(d is op for op in top)]


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_concat_tiles_one_buffer_and_compiles(mlir, level):
    """The parts' updates fill their buffer exactly, slice by slice, each update writing the previous one's
    result; the program compiles through the level's pipeline."""
    program = find(programs(level), lambda p: bool(_live_concats(p)), settings=FIND)
    assert "dispatch_results_concatenated" in features(program)
    dispatch, updates = _live_concats(program)[0]
    assert len(updates) == len(dispatch.results) >= 2
    for before, after in itertools.pairwise(updates):
        assert after.target is before.result or after.target.origin is before.result
    size = updates[0].target.size
    spans = sorted((u.offset, u.offset + u.update.size) for u in updates)
    assert spans[0][0] == 0 and spans[-1][1] == size
    assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))  # no gap, no overlap
    text = print_program(program)
    mlir.parse(text)
    with contextlib.suppress(KnownCompilerBug):
        assert f"@ex::@{dispatch.entry}" in mlir.run(text, program.pipeline)


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_a_gathered_concat_moves_each_part_to_the_buffer(level):
    program = _find(level, "dispatch_results_gathered")
    dispatch, updates = next((d, u) for d, u in _concats(program) if u[0].result.home != d.results[0].home)
    home = updates[0].result.home
    assert all(u.result.homes == (home,) and u.update.lives_on(home) for u in updates)
    assert not any(r.lives_on(home) for r in dispatch.results)
    if level == "l2":  # each part pulled by the buffer's execute, naming where it comes from
        pulls = [
            op
            for op in program.ops()
            if isinstance(op, m.Transfer) and op.result in [u.update for u in updates]
        ]
        assert len(pulls) == len(updates)
        assert all(p.source_affinity and p.source_affinity.home == dispatch.results[0].home for p in pulls)


@pytest.mark.parametrize("target", TARGETS)
def test_workload_and_scalars_are_printed_for_every_release(mlir, target):
    """`@ex::@f[workload](scalars, resources)`, scalars typed before the resources, for every release."""

    def dressed(p: m.Program) -> list[m.Dispatch]:
        return [op for op in p.ops() if isinstance(op, m.Dispatch) and op.workload and op.scalars]

    program = find(programs("l2", target=target), lambda p: bool(dressed(p)), settings=FIND)
    assert {"dispatch_workload", "dispatch_scalar_operands"} <= features(program)
    d = dressed(program)[0]
    text = print_program(program, target)
    line = next(line for line in text.splitlines() if f"@ex::@{d.entry}[" in line)
    workload = ", ".join(_scalar("index", w) for w in d.workload)
    assert f"@ex::@{d.entry}[{workload}](" in line
    scalars = ", ".join(_scalar(t, v) for t, v in d.scalars)
    assert f"]({scalars}, {d.operands[0].name}[" in line
    assert f" : ({', '.join(t for t, _ in d.scalars)}, !stream.resource<" in line
    mlir.parse(text)


def _scalar(type_: str, v: int) -> str:
    """How a workload value or scalar prints: a constant, or main's `%n` (a dynamically sized dispatch's)."""
    if m.dynamic(v):
        return "%n" if type_ == "index" else "%n_i32"
    return f"%c{v}" if type_ == "index" else f"%c{v}_i32"


@settings(max_examples=120, derandomize=True, phases=[Phase.generate])
@given(programs("l1"))
def test_dispatches_keep_their_form_without_wide(program):
    """Only `wide` gives a dispatch a workload or scalars, or draws a concat: programs without it are drawn
    as before the shapes existed."""
    if "wide" not in program.switches:
        assert not any(isinstance(op, m.Dispatch) and (op.workload or op.scalars) for op in program.ops())
        assert not {"dispatch_results_concatenated", "dispatch_workload"} & features(program)


@settings(
    max_examples=150, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
@given(st.sampled_from(["l1", "l2"]).flatmap(program_specs))
def test_masking_a_variants_high_bits_gives_back_the_plain_op(spec: ProgramSpec) -> None:
    """What the integer shrinker tries first after 0 and 1 (masking off high bits) turns each variant into
    the dispatch, transfer, splat or alloca it varies, and a token below `2**LOW_BITS` is the table's kind,
    as in a program drawn before the variants: no kind of the table was added or moved for them."""
    table = token_table(spec.level, spec.switches)
    mask = (1 << LOW_BITS) - 1
    for t in spec.tokens:
        kind, bits = decode(t, spec.level, table, spec.switches)
        plain, plain_bits = decode(t & mask, spec.level, table, spec.switches)
        assert plain == table[(t & mask) % len(table)] and not isinstance(plain_bits, VariantBits)
        if isinstance(bits, VariantBits):
            assert "wide" in spec.switches and PLAIN[kind] is plain
        else:
            assert kind == table[t % len(table)]
    masked = build(replace(spec, tokens=tuple(t & mask for t in spec.tokens)))
    assert not LABELS & features(masked)


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_each_shape_is_drawn_in_one_program_in_twenty(level: str) -> None:
    """Issue 26's bar for a new shape: drawn in 5% of a level's programs (1000 derandomized draws: 300 held
    one sample's share of L2 gathers at 4% where 1000 draws of two seeds hold 6.7-8.2%)."""
    shares = feature_shares(programs(level), features, LABELS, examples=1000)
    assert min(shares.values()) >= MIN_SHARE, shares

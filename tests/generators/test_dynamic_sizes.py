"""Dynamic sizes (issue 26): under `wide`, a splat token with high bits is a splat sized `k * %n` (`%n` is
main's `index` argument, or its `i32` argument cast), which a dispatch may read at once (its fresh result
sized `k' * %n`, its workload or scalars `%n`) and update into the second half of a buffer twice its size (at
the offset `k' * %n`). Whatever is made of such a value is sized from it. Checked here: the size arithmetic
(`model.DynSize`) keeps dynamic and static sizes apart, every drawn program's sizes agree wherever a value
flows and every write stays inside its target for every `%n`, the text is what it should be and compiles,
each label is drawn often enough, and the variant shrinks back to the plain splat."""

from __future__ import annotations

import contextlib
import operator
import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from hypothesis import strategies as st
from stream_fuzz.generators import features, print_program, programs
from stream_fuzz.generators import model as m
from stream_fuzz.generators.builder import build
from stream_fuzz.generators.dispatches import LOW_BITS
from stream_fuzz.generators.specs import ProgramSpec
from stream_fuzz.generators.strategies import program_specs

from tests.generators.conftest import KnownCompilerBug
from tests.shares import MIN_SHARE, feature_shares

FIND = settings(
    database=None,
    max_examples=3000,
    suppress_health_check=list(HealthCheck),
    deadline=None,
    derandomize=True,
    phases=[Phase.generate],
)
LABELS = frozenset({"dynamic_size", "dispatch_dynamic_sizes"})
DYNAMIC = frozenset(
    {
        *LABELS,
        "dynamic_offset",
        "dynamic_size_transferred",
        "dynamic_size_exported",
        "dispatch_dynamic_workload_or_scalar",
        "dynamic_extent_from_i32",
    }
)
D = m.DynSize


def test_dynamic_sizes_compute_as_multiples_of_the_extent():
    assert D(64) >> 1 == D(32) and D(64) - D(16) == D(48) and 0 + D(16) == D(16) and D(16) * 8 == D(128)
    assert isinstance(D(64) >> 2, D) and isinstance(D(16) + D(16), D) and isinstance(3 * D(16), D)
    static = 64
    assert D(64) != static and static != D(64) and D(16) <= D(32) and not D(32) <= D(16)
    assert (D(64), "*") != (64, "*") and len({D(64), 64}) == 2
    # A quotient is the coefficient's, at most the size's: (2 // 4) * n = 0 <= (2 * n) // 4.
    assert D(16) // 3 == D(5) and D(2) >> 2 == D(0) and D(2) - (D(2) >> 2) + (D(2) >> 2) == D(2)
    assert m.comparable(D(16), D(64)) and m.comparable(16, 64) and not m.comparable(D(16), 64)


@pytest.mark.parametrize(
    "mixed",
    [
        lambda: D(64) + 4,  # 64 * n + 4 is no multiple of n
        lambda: D(64) - 4,
        lambda: D(64) <= 64,  # neither is provably the larger for n unknown
        lambda: operator.ge(64, D(64)),
        lambda: max(4, D(16)),
        lambda: D(16) * D(16),
        lambda: f"{D(16)}",  # text never shows a dynamic size as its coefficient
        lambda: str(D(16)),
    ],
)
def test_mixing_a_dynamic_size_with_a_static_one_raises(mixed):
    with pytest.raises(TypeError):
        mixed()


def _sizes_agree(p: m.Program) -> None:
    """Where a value flows its size is one (the same kind, the same multiple), and every in-place write or
    slice stays inside its target for every `%n` (offsets and lengths are compared as multiples of it)."""
    callees = {f.name: f for f in p.functions}
    for op in p.ops():
        match op:
            case m.Transfer() | m.Clone() | m.AsyncBarrier() | m.Staged():
                assert op.result.size == op.source.size, op
            case m.Update():
                assert m.comparable(op.update.size, op.target.size), op
                assert op.offset + op.update.size <= op.target.size == op.result.size, op
            case m.Fill():
                assert m.comparable(op.length, op.target.size) and op.offset + op.length <= op.target.size
            case m.Copy():
                assert op.length <= op.source.size <= op.target.size == op.result.size
            case m.Slice():
                assert m.comparable(op.offset, op.source.size) or int(op.offset) == 0
                assert op.offset + op.result.size <= op.source.size, op
            case m.Select():
                assert op.result.size == op.when_true.size == op.when_false.size
            case m.Dispatch():
                for r, t in zip(op.results, op.tied, strict=True):
                    assert t is None or r.size == op.operands[t].size
            case m.Concurrent() | m.Execute():
                assert all(c.size == a.size for c, a in zip(op.captures, op.args, strict=True))
                assert all(y.size == r.size for y, r in zip(op.yields, op.results, strict=True))
            case m.ForLoop():
                for group in zip(op.inits, op.args, op.yields, op.results, strict=True):
                    assert len({v.size for v in group}) == 1, op
            case m.IfElse():
                for branch in zip(op.then_yields, op.else_yields, op.results, strict=True):
                    assert len({v.size for v in branch}) == 1, op
            case m.Call():
                fn = callees[op.callee]
                assert [a.size for a in op.args] == [q.size for q in fn.params]
                assert [r.size for r in op.results] == [r.size for r in fn.returns]
            case m.GlobalStore():
                assert op.target.size == op.source.size
            case _:
                pass


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["l1", "l2"]).flatmap(programs))
def test_sizes_agree_wherever_a_value_flows(program):
    _sizes_agree(program)
    dynamic = any(m.dynamic(v.size) for op in program.ops() for v in _values(op))
    assert bool(program.extent) == dynamic  # %n is taken exactly when some size is a multiple of it
    if dynamic:
        assert "wide" in program.switches


def _values(op: m.Op) -> list[m.Value]:
    results = [getattr(op, "result", None), *getattr(op, "results", [])]
    return [v for v in [*m.operands(op), *results] if isinstance(v, m.Value)]


def _find(level: str, *labels: str) -> m.Program:
    return find(programs(level), lambda p: set(labels) <= features(p), settings=FIND)


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_a_dynamic_dispatch_and_offset_print_and_compile(mlir, level):
    """A dispatch of `{%n<k>}`-sized resources and an update at the offset `%n<k>`: printed with main's `%n`,
    the sizes computed from it, and compiled through the level's pipeline with `%n` still an argument."""

    def updates(p: m.Program) -> list[m.Update]:
        return [op for op in p.ops() if isinstance(op, m.Update) and m.dynamic(op.offset) and int(op.offset)]

    program = find(
        programs(level),
        lambda p: bool(updates(p)) and "dispatch_dynamic_sizes" in features(p),
        settings=FIND,
    )
    assert "dynamic_offset" in features(program)
    _sizes_agree(program)
    dispatch = next(
        op for op in program.ops() if isinstance(op, m.Dispatch) and m.dynamic(op.operands[0].size)
    )
    update = updates(program)[0]
    text = print_program(program)
    main = next(line for line in text.splitlines() if "@main(" in line)
    assert ("%n: index" in main) == (program.extent == "index")
    assert ("%n_i32: i32" in main) == (program.extent == "i32")
    k = int(dispatch.operands[0].size)
    scaled = "%n" if k == 1 else f"%n{k}"
    assert k == 1 or f"{scaled} = arith.muli %n, %c{k} : index" in text
    line = next(line for line in text.splitlines() if f"@ex::@{dispatch.entry}" in line)
    assert (
        f"[%c0 to {scaled} for {scaled}]" in line
        and f"!stream.resource<{dispatch.operands[0].lifetime}>{{{scaled}}}" in line
    )
    line = next(
        line for line in text.splitlines() if re.search(rf"{update.result.name} = stream.async.update", line)
    )
    assert f"[%n{int(update.offset)} to %n{int(update.offset + update.update.size)}]" in line
    mlir.parse(text)
    with contextlib.suppress(KnownCompilerBug):
        out = mlir.run(text, program.pipeline)
        head = next(line for line in out.splitlines() if "@main(" in line)
        assert ("index" if program.extent == "index" else "i32") in head


@pytest.mark.parametrize("target", [(3, 1), (3, 13)])
def test_n_as_an_i32_is_cast_and_passed_to_every_function(mlir, target):
    """Taken as an i32, `%n` is cast to an index at main's top; callees take the index, calls pass it; a
    dispatch's i32 scalar `%n` is `%n_i32` (main's own argument, or cast back in a callee)."""
    program = find(
        programs("l1", target=target),
        lambda p: p.extent == "i32" and len(p.functions) > 1 and "dispatch_dynamic_sizes" in features(p),
        settings=FIND,
    )
    text = print_program(program, target)
    assert "%n = arith.index_cast %n_i32 : i32 to index" in text
    for fn in program.functions[:-1]:
        assert re.search(rf"util.func private @{fn.name}\(%n: index", text)
    assert all("util.call @" not in line or "(%n" in line for line in text.splitlines())
    mlir.parse(text)


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_each_dynamic_label_is_drawn_in_one_program_in_twenty(level: str) -> None:
    """Issue 26's bar for a new shape: drawn in 5% of a level's programs (300 derandomized draws)."""
    shares = feature_shares(programs(level), features, LABELS, examples=300)
    assert min(shares.values()) >= MIN_SHARE, shares


@settings(
    max_examples=150, derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), database=None
)
@given(st.sampled_from(["l1", "l2"]).flatmap(program_specs))
def test_masking_high_bits_leaves_no_dynamic_size(spec: ProgramSpec) -> None:
    """The shrinker's early move (masking off a token's high bits) turns a dynamic splat back into the plain
    one, and a program without `wide` never has a dynamic size."""
    masked = build(replace(spec, tokens=tuple(t & ((1 << LOW_BITS) - 1) for t in spec.tokens)))
    assert masked.extent == "" and not DYNAMIC & features(masked)
    if "wide" not in spec.switches:
        assert build(spec).extent == ""

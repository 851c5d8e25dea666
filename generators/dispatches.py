"""Dispatch shapes of IREE's multi-device bugs (issue 26), under the `wide` switch, made of existing ops:

- `concat`: a dispatch with two or three fresh results, each written by a `stream.async.update` into its
  slice of one larger buffer (a fresh alloca, or a splat), as frontends lower a concatenation of a
  multi-result computation. Nothing else reads the results, so the compiler may place them in the buffer
  itself (emplacement). `gather`: the same with the buffer on another device, each result moved there
  first (at L2 the buffer's execute pulls each).
- a dressed dispatch: a workload (`@ex::@f[%c2, %c4]`) and scalar operands (`i32` and `index` constants)
  before its resources, as frontends dispatch. A concat's dispatch may be dressed too.

All are *variants* of the op a token already decodes to, not tokens of their own (`decode`): under `wide`,
a token whose low `LOW_BITS` bits decode to a dispatch (or a transfer) and whose bits above are not all zero
may be a variant; its low bits are read as that op reads them (its kind, the value it reads first, a
transfer's target), its high bits are the variant's own choices. Why: the shrinker's first move on an
integer after 0 and 1 is masking off its high bits, which turns a variant back into the plain op that reads
the same value, one step; and every token below `2**LOW_BITS`, every token of another kind and every token
of a program without `wide` decodes as before the variants existed. New kinds in the `wide` token table
(how the shapes were drawn first) changed the table's length, so every token of a `wide` program decoded
differently, and the L2 quality tests' injected faults shrank to local minima of up to 45 ops (from 3).
"""

from __future__ import annotations

from typing import Literal

from . import model as m
from .op_builder import PATTERNS, SIZES, Bits, OpBuilder, Scope
from .specs import OpKind, Shape, Token

WORKLOADS = (1, 2, 4, 7)
SCALARS: tuple[tuple[m.ScalarType, int], ...] = (("i32", 7), ("index", 3), ("i32", 1234), ("index", 16))
# The sizes of a concat's parts: the buffer, their sum, stays at most 3 * 64 bytes.
PART_SIZES = SIZES[:3]
# The bits of a token read as the op it varies; a dispatch or transfer token with any bit above them set may
# be a variant (two drawn tokens in five have one; `tests/generators/test_dispatch_shapes.py` holds the
# shares of programs with each shape at 5% or more).
LOW_BITS = 16
# What a token of each kind is, by the first digit of its high bits, per level: a dispatch token is a
# dressed dispatch or a concat on its device; a transfer token may be a gathered concat (the dispatch's
# results moved where the transfer would have moved the value it reads), else it is as it was (None). One
# transfer token in two at L1, one in four at L2: an L2 gather opens executes of its own, so its plain
# transfer reads other values, and with one in two the drop-first-flush quality test (seed 1) was still
# shrinking a gather after 12 minutes (1 minute with one in four); one in four at L1 left gathers in 4-7%
# of L1 programs.
# A splat or alloca token is one sized dynamically (`DispatchShapes.op_dynamic`).
DISPATCH_VARIANTS: tuple[Token | None, ...] = (OpKind.DISPATCH, Shape.CONCAT)
VARIANTS: dict[str, dict[Token, tuple[Token | None, ...]]] = {
    "l1": {
        OpKind.DISPATCH: DISPATCH_VARIANTS,
        OpKind.TRANSFER: (None, Shape.GATHER),
        OpKind.SPLAT: (Shape.DYNAMIC_SPLAT,),
        OpKind.ALLOCA: (Shape.DYNAMIC_ALLOCA,),
    },
    "l2": {
        OpKind.DISPATCH: DISPATCH_VARIANTS,
        OpKind.TRANSFER: (None, None, None, Shape.GATHER),
        OpKind.SPLAT: (Shape.DYNAMIC_SPLAT,),
        OpKind.ALLOCA: (Shape.DYNAMIC_ALLOCA,),
    },
}
# How main takes the extent `%n` of the dynamic sizes, chosen by the program's first dynamic splat.
EXTENTS: tuple[Literal["index", "i32"], ...] = ("index", "i32")


class VariantBits(Bits):
    """A variant token's low bits (read as the op it varies reads them) and its high bits (`high`), less
    their first digit, which chose the variant."""

    def __init__(self, low: int, high: int) -> None:
        super().__init__(low)
        self.high = Bits(high)


def decode(t: int, level: str, table: list[Token], switches: frozenset[str]) -> tuple[Token, Bits]:
    """Token `t`'s kind and the bits its choices are read from (see the module docstring)."""
    low, high = t & ((1 << LOW_BITS) - 1), t >> LOW_BITS
    if "wide" in switches and high:
        v = VariantBits(low, high)
        variants = VARIANTS[level].get(table[v.take(len(table))], ())
        variant = variants[v.high.take(len(variants))] if variants else None
        if variant is not None:
            return variant, v
    b = Bits(t)
    return table[b.take(len(table))], b


def split(b: Bits) -> tuple[Bits, Bits]:
    """The bits of a variant's op (the low ones) and of its own choices (the high ones); a token that is
    no variant (a pinned example's) reads both from one integer."""
    return (b, b.high) if isinstance(b, VariantBits) else (b, b)


class DispatchShapes(OpBuilder):
    """The shapes above; `Builder.concat_l2` opens and closes the executes of an L2 concat."""

    extent: Literal["", "index", "i32"] = ""  # how main takes %n (`model.Program.extent`)

    def op_dynamic(self, scope: Scope, bits: Bits, alloca: bool) -> None:
        """The plain splat or alloca its low bits make (device, size, pattern), sized `size * %n`, read at
        once by a dispatch there with a fresh result sized `size' * %n`, maybe dressed (`%n` in its workload
        or scalars). What is made of a dynamically sized value (its moves, slices, updates, a dispatch's
        fresh results) is sized from it, so dynamically too."""
        b, h = split(bits)
        (self.op_alloca if alloca else self.op_splat)(scope, b)
        op = scope.body[-1]
        assert isinstance(op, m.Splat | m.Alloca)
        v = op.result
        v.size = m.DynSize(v.size)
        self.extent = self.extent or EXTENTS[h.take(len(EXTENTS))]
        concat = h.take(2)  # the high bits run out after 16: the choices read first are drawn more freely
        if v in scope.pool:  # not in a wave (L1 has none; L2's is an execute of its own)
            r = self.value(m.DynSize(SIZES[h.take(len(SIZES))]), self.lifetime(h), v.homes)
            self.next_entry += 1
            d = m.Dispatch(f"entry{self.next_entry}", [scope.read(v)], [r], [None], self.op_aff(v.home))
            scope.add(d, [r])
            if concat:
                self.update_into_second_half(scope, r, h)
            self.dress(d, h.take(4), h)

    def update_into_second_half(self, scope: Scope, v: m.Value, b: Bits) -> None:
        """A buffer twice `v`'s size (`2k * %n`) on its device, `v` updated into its second half (at the
        offset `k * %n`, not a constant): what a frontend makes of a dynamically sized concatenation."""
        buf = self.value(v.size * 2, self.lifetime(b), v.homes)
        scope.add(m.Splat(buf, PATTERNS[b.take(len(PATTERNS))], self.op_aff(v.home)), [buf])
        target = scope.write(buf)
        r = self.like(buf)
        scope.add(m.Update(scope.read(v), target, r, v.size, self.op_aff(v.home)), [r], {r.id: target})
        self.may_vanish(r, target)

    def op_dispatch(self, scope: Scope, b: Bits) -> None:
        """OpBuilder's dispatch, dressed when it is a variant (only under `wide`)."""
        n = len(scope.body)
        super().op_dispatch(scope, b)
        op = scope.body[-1] if len(scope.body) > n else None
        if isinstance(b, VariantBits) and isinstance(op, m.Dispatch):
            self.dress(op, 1 + b.high.take(3), b.high)

    @staticmethod
    def dress(op: m.Dispatch, mode: int, b: Bits) -> None:
        """Mode 1 or 3: one to three workload values; 2 or 3: one to three scalar operands (0: neither). A
        dispatch of dynamically sized resources has `%n` as its first workload value and scalar (in the
        scalar's type), as frontends pass a dynamic dimension."""
        dyn = any(m.dynamic(v.size) for v in [*op.operands, *op.results])
        if mode & 1:
            op.workload = tuple(WORKLOADS[b.take(len(WORKLOADS))] for _ in range(1 + b.take(3)))
            if dyn:
                op.workload = (m.DynSize(1), *op.workload[1:])
        if mode & 2:
            op.scalars = tuple(SCALARS[b.take(len(SCALARS))] for _ in range(1 + b.take(3)))
            if dyn:
                op.scalars = ((op.scalars[0][0], m.DynSize(1)), *op.scalars[1:])

    def op_concat(self, scope: Scope, bits: Bits, gather: bool) -> None:
        """L1: a multi-result dispatch next to a picked value (the value the op it varies reads first), its
        results concatenated into one buffer there or, gathered, on another device."""
        b, h = split(bits)
        rd = self.readable(scope)
        if not rd:
            return self.op_splat(scope, b)
        s = self.pick(rd, b)
        to, dressing = b.take(len(self.devices)), h.take(4)
        dev = self.device_for(scope, h, s)
        dst = self.gather_target(dev, to, h) if gather else dev
        op = self.concat_dispatch(scope, s, dev, h)
        self.concat_into(scope, op.results, dst, h)
        self.dress(op, dressing, h)
        return None

    def gather_target(self, dev: str, to: int, h: Bits) -> str:
        """Device `to` (where the transfer a gather varies moves its value), or another one if that is
        `dev`, the concat's dispatch's."""
        n, at = len(self.devices), self.devices.index(dev)
        return self.devices[to] if to != at else self.devices[(at + 1 + h.take(n - 1)) % n]

    def concat_dispatch(self, scope: Scope, s: m.Value, dev: str, b: Bits) -> m.Dispatch:
        """A dispatch on `dev` reading `s` with two or three fresh results (the parts of a concat)."""
        sizes = [PART_SIZES[b.take(len(PART_SIZES))] for _ in range(2 + b.take(2))]
        parts = [self.value(size, self.lifetime(b), (dev,)) for size in sizes]
        self.next_entry += 1
        local = self.use(scope, s, dev)
        op = m.Dispatch(f"entry{self.next_entry}", [local], parts, [None] * len(parts), self.op_aff(dev))
        scope.add(op, parts)
        return op

    def concat_into(self, scope: Scope, parts: list[m.Value], dst: str, b: Bits) -> m.Value:
        """`parts` (moved to `dst` where they live elsewhere) each updated into its slice of a new buffer
        on `dst`, in program order; the slices are laid out in that order or reversed. The parts are
        then gone from the scope: the buffer is the value the program goes on with."""
        order = parts[::-1] if b.take(2) else parts
        offsets, at = {}, 0
        for p in order:
            offsets[p.id] = at
            at += p.size
        buf = self.value(at, self.lifetime(b), (dst,))
        if b.take(2):
            scope.add(m.Alloca(buf, self.op_aff(dst)), [buf])
        else:
            scope.add(m.Splat(buf, PATTERNS[b.take(len(PATTERNS))], self.op_aff(dst)), [buf])
        cur = buf
        for p in parts:
            u = self.use(scope, p, dst)
            lt = scope.write(cur)
            r = self.like(cur)
            scope.add(m.Update(u, lt, r, offsets[p.id], self.op_aff(dst)), [r], {r.id: lt})
            self.may_vanish(r, lt)
            for v in {p.id: p, u.id: u}.values():
                if v in scope.pool:
                    scope.pool.remove(v)
            cur = r
        return cur

"""Dispatch shapes of IREE's multi-device bugs (issue 26), under the `wide` switch, made of existing ops:

- `concat`: a dispatch with two or three fresh results, each written by a `stream.async.update` into its
  slice of one larger buffer (a fresh alloca, or a splat), as frontends lower a concatenation of a
  multi-result computation. Nothing else reads the results, so the compiler may place them in the buffer
  itself (emplacement). Half the time (at L1 anywhere, at L2 in an execute of its own) the buffer lives on
  another device and each result is moved there first: a gather.
- every dispatch drawn under `wide` may carry a workload (`@ex::@f[%c2, %c4]`) and scalar operands
  (`i32` and `index` constants) before its resources, as frontends dispatch. Programs without `wide` draw
  exactly the dispatches they drew before: the digits are read last, and only under `wide`.
"""

from __future__ import annotations

from . import model as m
from .op_builder import PATTERNS, SIZES, Bits, OpBuilder, Scope

WORKLOADS = (1, 2, 4, 7)
SCALARS: tuple[tuple[m.ScalarType, int], ...] = (("i32", 7), ("index", 3), ("i32", 1234), ("index", 16))
# The sizes of a concat's parts: the buffer, their sum, stays at most 3 * 64 bytes.
PART_SIZES = SIZES[:3]


class DispatchShapes(OpBuilder):
    """The shapes above; `Builder.concat_l2` opens and closes the executes of an L2 concat."""

    def op_dispatch(self, scope: Scope, b: Bits) -> None:
        """OpBuilder's dispatch, with a workload and scalars under `wide`."""
        n = len(scope.body)
        super().op_dispatch(scope, b)
        op = scope.body[-1] if len(scope.body) > n else None
        if "wide" in self.sw and isinstance(op, m.Dispatch):
            self.dress(op, b.take(4), b)

    @staticmethod
    def dress(op: m.Dispatch, mode: int, b: Bits) -> None:
        """Mode 1 or 3: one to three workload values; 2 or 3: one to three scalar operands (0: neither).
        A shape reads the mode among its first digits, which drawn integers leave nonzero more often."""
        if mode & 1:
            op.workload = tuple(WORKLOADS[b.take(len(WORKLOADS))] for _ in range(1 + b.take(3)))
        if mode & 2:
            op.scalars = tuple(SCALARS[b.take(len(SCALARS))] for _ in range(1 + b.take(3)))

    def op_concat(self, scope: Scope, b: Bits) -> None:
        """L1: a multi-result dispatch next to a picked value, its results concatenated into one buffer
        there or, half the time, on another device."""
        rd = self.readable(scope)
        if not rd:
            return self.op_splat(scope, b)
        s = self.pick(rd, b)
        dev = self.device_for(scope, b, s)
        n = len(self.devices)
        gather = scope.device is None and b.take(2) == 1
        dst = self.devices[(self.devices.index(dev) + 1 + b.take(n - 1)) % n] if gather else dev
        dressing = b.take(4)
        op = self.concat_dispatch(scope, s, dev, b)
        self.concat_into(scope, op.results, dst, b)
        self.dress(op, dressing, b)
        return None

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

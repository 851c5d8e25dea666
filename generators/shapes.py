"""Program shapes of IREE's multi-device bugs (issue 26), composed of ops the generator already has.

- `spread` (switch `wide`, which also gives the program `max_devices` devices): one value moved to three or
  more devices and read on each (at L2 pulled by an execute on each), or handed along a chain of devices,
  each hop a transfer, a dispatch on the device and a barrier pinning its result there.
- `global_init` (L1, switch `wide` too): an immutable global with an initial value made on one device
  (or, hoisted, on none), loaded and moved to where it is used, never stored.
- `import_written` (switch `wide`): a borrowed (not consumed) import written in place at once.
- `concat` and `gather` (switch `wide`): a multi-result dispatch whose results are updated into slices of one
  buffer, there or on another device (`generators.dispatches`, which also gives dispatches a workload and
  scalar operands); not tokens of the table but variants of dispatch and transfer tokens.
"""

from __future__ import annotations

from typing import assert_never

from . import model as m
from .dispatches import DispatchShapes
from .op_builder import PATTERNS, PICK_RADIX, SIZES, Bits, Scope
from .specs import ProgramSpec, Shape

# How many ops a spread adds at most is bounded by the device count; a token picks at most this many hops.
MAX_HOPS = 7


class ShapeBuilder(DispatchShapes):
    """The shapes above; at L2 `Builder` opens and closes the executes they need."""

    def __init__(self, spec: ProgramSpec) -> None:
        super().__init__(spec)
        self.initialized: list[m.Global] = []  # initialized globals, in program order

    def shape(self, scope: Scope, kind: Shape, b: Bits) -> None:
        """L1: add the shape `kind` in `scope`."""
        match kind:
            case Shape.SPREAD:
                self.op_spread(scope, b)
            case Shape.IMPORT_WRITTEN:
                self.op_import_written(scope, b)
            case Shape.GLOBAL_INIT:
                self.op_global_init(scope, b)
            case Shape.CONCAT | Shape.GATHER:
                self.op_concat(scope, b, gather=kind is Shape.GATHER)
            case Shape.DYNAMIC_SPLAT | Shape.DYNAMIC_ALLOCA:
                self.op_dynamic(scope, b, alloca=kind is Shape.DYNAMIC_ALLOCA)
            case Shape.EXECUTE_REGION:
                scope.body.append(m.ExecuteRegion(1 + b.take(4)))
            case _:
                assert_never(kind)

    def spread_devices(self, b: Bits, source: m.Value) -> list[str]:
        """Two or more devices other than `source`'s home, in a drawn rotation of the device list."""
        n = len(self.devices)
        hops = 2 + b.take(min(n - 2, MAX_HOPS - 1))
        offset = b.take(n)
        order = [self.devices[(offset + i) % n] for i in range(n)]
        return [d for d in order if d != source.home][:hops]

    def hop(self, scope: Scope, cur: m.Value, dev: str, barrier: bool) -> m.Value:
        """`cur` moved to `dev` (a pull at L2) and read there by a dispatch, whose result is pinned there by a
        barrier if asked: the value the next hop moves on. A chain's transfer at L1 runs on its target.
        Known compiler bug (corpus/invalid-program-transfer-of-barrier-not-partitioned.mlir): a barrier's
        result moved on without `on(...)` is left outside every execute."""
        handoff = barrier and self.level == "l1" and not cur.lives_on(dev)
        if handoff:
            v = self.value(cur.size, cur.lifetime, (dev,))
            src = scope.read(cur)
            scope.add(m.Transfer(src, v, self.aff(dev), self.aff(cur.home), self.aff(dev)), [v])
            self.alias[v.id] = src
        else:
            v = self.use(scope, cur, dev)
        lifetime: m.Lifetime = cur.lifetime if self.level == "l2" else "*"
        r = self.value(cur.size, lifetime, (dev,))
        self.next_entry += 1
        scope.add(m.Dispatch(f"entry{self.next_entry}", [v], [r], [None], self.op_aff(dev)), [r])
        if handoff:
            # Known compiler bug (same entry): a later transfer of the moved barrier result without
            # `on(...)` folds into a transfer of the barrier's and meets it. The moved value goes to its
            # witness, read by nothing else.
            scope.pool.remove(v)
            scope.body.append(m.Expect(v, v.homes))
        if not barrier:
            return r
        lr = scope.write(r)
        pinned = self.like(r)
        scope.add(m.AsyncBarrier(lr, pinned, self.op_aff(dev)), [pinned], {pinned.id: lr})
        return pinned

    def op_spread(self, scope: Scope, b: Bits) -> None:
        """L1: a fan-out (mode 0) or a chain (mode 1) from a picked value, in the current scope."""
        rd = scope.readable()
        if len(self.devices) < 3 or not rd:
            return self.op_transfer(scope, b)
        s = self.pick(rd, b)
        chain = b.take(2) == 0
        targets = self.spread_devices(b, s)
        if not chain:
            for dev in targets:
                self.hop(scope, s, dev, barrier=False)
            return None
        # Known compiler bugs (corpus/invalid-program-barrier-joined-to-producer-partition.mlir): barriers in
        # loops and branches are misplaced, so a chain there has none (nor has one for a release before 3.2).
        # A barrier's result moved on needs the transfer's `on(...)` (see hop), which releases before 3.12 do
        # not parse: there each hop's barrier pins a clone and goes to its witness, and the chain moves on
        # the dispatch's result.
        barriers = scope.kind not in ("loop", "branch") and m.supports(self.spec.target, "async_barrier")
        handed_on = barriers and m.supports(self.spec.target, "transfer_on")
        cur = s
        for dev in targets:
            cur = self.hop(scope, cur, dev, barrier=handed_on)
            if barriers and not handed_on:
                self.witnessed_barrier(scope, self.pinned_copy(scope, cur, dev))
        if handed_on:
            self.witness_barriers(scope)
        return None

    def pinned_copy(self, scope: Scope, v: m.Value, dev: str) -> m.Value:
        """A clone of `v` on `dev`, made there (so a barrier may pin it: see op_barrier)."""
        r = self.value(v.size, v.lifetime, (dev,))
        scope.add(m.Clone(scope.read(v), r, self.op_aff(dev)), [r])
        self.ran_on[r.id] = dev
        return r

    def witnessed_barrier(self, scope: Scope, v: m.Value) -> None:
        """A barrier of `v` whose result goes straight to its witness (the L1 rule of op_barrier)."""
        lv = scope.write(v)
        r = self.like(v)
        scope.add(m.AsyncBarrier(lv, r, self.op_aff(v.home)), [r], {r.id: lv})
        scope.pool.remove(r)
        scope.body.append(m.Expect(r, r.homes))

    def witness_barriers(self, scope: Scope) -> None:
        """L1: every barrier result of the chain just built goes to its witness and is read by nothing
        else the program draws later (only the chain's own `on(...)` transfers read one)."""
        for op in scope.body:
            if isinstance(op, m.AsyncBarrier) and op.result in scope.pool:
                scope.pool.remove(op.result)
                scope.body.append(m.Expect(op.result, op.result.homes))

    def op_global_init(self, scope: Scope, b: Bits) -> None:
        """L1: load an initialized global (a new one, or one loaded before) and move it to a device."""
        n = len(self.devices)
        if self.initialized and b.take(2):
            g = self.initialized[-1 - b.take(PICK_RADIX) % len(self.initialized)]
        else:
            home = self.devices[b.take(n)]
            size, initial, pinned = SIZES[b.take(len(SIZES))], b.take(8), b.take(2) == 0
            g = m.Global(f"gc{len(self.initialized)}", size, self.aff(home), initial, pinned)
            self.initialized.append(g)
        dev = self.devices[b.take(n)]
        r = self.value(g.size, "*", (dev,))
        scope.add(m.GlobalLoad(g, r, self.aff(dev)), [r])
        if not g.pinned:  # made on no device: a transfer of it names where it comes from
            self.unpartitioned.add(r.id)

    def borrowed_import(self, main: Scope, b: Bits) -> m.Value:
        """An import in `main` (not consumed: the caller keeps the buffer)."""
        dev = self.devices[b.take(len(self.devices))]
        r = self.value(SIZES[b.take(len(SIZES))], "external", (dev,))
        main.add(m.Import(r, self.handles, self.aff(dev)), [r])
        self.handles += 1
        return r

    def write_part(self, scope: Scope, v: m.Value, b: Bits) -> None:
        """A fill of the first half of `v`, in place on its home (in L1's main or in an execute)."""
        lv = scope.write(v)
        r = self.like(v)
        scope.add(
            m.Fill(lv, r, PATTERNS[b.take(len(PATTERNS))], 0, v.size // 2, self.op_aff(v.home)),
            [r],
            {r.id: lv},
        )
        self.may_vanish(r, lv)

    def op_import_written(self, scope: Scope, b: Bits) -> None:
        """L1: a borrowed import written in place right away (in main; elsewhere a splat, as op_import)."""
        if scope is not self.main_scope:
            return self.op_splat(scope, b)
        self.write_part(scope, self.borrowed_import(scope, b), b)
        return None

"""The ops of a program being built, one method per op kind (`OpBuilder`), each keeping the validity
rules of builder.py; where a value is visible (`Scope`); the drawn bytes an op decodes its choices from
(`Bits`)."""

from __future__ import annotations

from typing import assert_never

from . import model as m
from .specs import OpKind, ProgramSpec

SIZES = (16, 32, 64, 128)
QUEUES: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (0, 1))
PATTERNS = (0, 7, 255, 1234)
# Collective ops drawn, as tensor-parallel models use them (the seed's TP4 model all-gathers).
COLLECTIVES = ("all_gather", "all_reduce with sum", "reduce_scatter with sum", "all_to_all", "send_recv")
PICK_RADIX = 8


class Bits:
    """Reads mixed-radix digits out of one drawn integer; an exhausted integer reads as zeros."""

    def __init__(self, n: int) -> None:
        self.n = n

    def take(self, k: int) -> int:
        if k <= 1:
            return 0
        d = self.n % k
        self.n //= k
        return d


class Scope:
    """Where ops are being appended, and which values they may use."""

    def __init__(
        self,
        b: OpBuilder,
        kind: str,
        parent: Scope | None,
        pool: list[m.Value],
        region: m.Concurrent | m.Execute | None = None,
        device: str | None = None,
        touched: dict[int, str] | None = None,
    ) -> None:
        self.b = b
        self.kind = kind  # func | exec | wave | loop | branch
        self.parent = parent
        self.pool = list(pool)
        self.own: set[int] = set()
        self.body: list[m.Op] = []
        self.region = region
        self.device = device
        self.captured: dict[int, m.Value] = {}
        self.produced: list[m.Value] = []
        # Waves: exec-level value id -> "r" (read) / "w" (written in place) within the top wave.
        self.touched = touched
        # Builder bookkeeping for open loops, branches and callees.
        self.frame: dict = {}

    def readable(self) -> list[m.Value]:
        if self.touched is not None:
            return [v for v in self.pool if self.touched.get(v.id) != "w"]
        return self.pool

    def writable(self) -> list[m.Value]:
        if self.touched is not None:
            return [v for v in self.pool if v.id not in self.touched]
        if self.kind in ("loop", "branch"):
            # Writing an outer value inside a loop/branch would mutate it behind the region's back.
            return [v for v in self.pool if v.id in self.own]
        return self.pool

    def local(self, v: m.Value) -> m.Value:
        """The name of `v` inside this scope, capturing it into every region on the way."""
        if self.region is None or v.id in self.own:
            return v
        if v.id in self.captured:
            return self.captured[v.id]
        assert self.parent is not None
        outer = self.parent.local(v)
        arg = self.b.value(outer.size, outer.lifetime, outer.homes, origin=outer)
        self.region.captures.append(outer)
        self.region.args.append(arg)
        self.captured[v.id] = arg
        self.own.add(arg.id)
        return arg

    def read(self, v: m.Value) -> m.Value:
        if self.touched is not None:
            self.touched.setdefault(v.id, "r")
        return self.local(v)

    def write(self, v: m.Value) -> m.Value:
        if self.touched is not None:
            self.touched[v.id] = "w"
        self.pool.remove(v)
        return self.local(v)

    def add(self, op: m.Op, results: list[m.Value], tied: dict[int, m.Value] | None = None) -> None:
        self.body.append(op)
        for r in results:
            self.produced.append(r)
            self.own.add(r.id)
            if self.touched is None:
                # Inside a wave, results are ready only when the wave ends.
                self.pool.append(r)
        for rid, target in (tied or {}).items():
            self.b.tied_to[rid] = target
        aff = getattr(op, "affinity", None)
        if isinstance(aff, m.Affinity) and not isinstance(op, m.Transfer):
            for r in results:
                self.b.ran_on[r.id] = aff.home


class OpBuilder:
    """A program being built: its values, devices and bookkeeping, and one method per op kind (`op_<kind>`,
    found by `op`). The regions that hold ops and the token loop are `Builder`'s (builder.py)."""

    main_scope: Scope  # the entry function's, set when `Builder.build` starts

    def __init__(self, spec: ProgramSpec) -> None:
        self.spec = spec
        self.level = spec.level
        self.devices = tuple(f"d{i}" for i in range(spec.n_devices))
        self.sw = spec.switches
        self.next_id = 0
        self.next_exec = 0
        self.next_entry = 0
        self.handles = 0
        self.functions: list[m.Function] = []
        self.tied_to: dict[int, m.Value] = {}  # result id -> value it was written into
        self.producer: dict[int, m.Execute] = {}  # top-level value id -> execute producing it
        self.readers: dict[int, list[m.Execute]] = {}  # top-level value id -> executes capturing it
        self.consumed_by_exec: set[int] = set()
        self.ran_on: dict[int, str] = {}  # L1 value id -> device of the op that last wrote it
        self.optimal_targets: set[m.Affinity] = set()  # L1 optimal transfer targets used so far
        # Result id -> the value whose data it carries (transfers, clones, whole copies, loop results,
        # call results returning a parameter): canonicalization and usage refinement may merge them.
        self.alias: dict[int, m.Value] = {}
        self.carried: set[int] = set()  # roots of values an scf.for carries
        self.exported: set[int] = set()  # roots of `*` values moved to external for an export
        # Ids of values no execute produces (parameter loads): a transfer of one always names `from`.
        self.unpartitioned: set[int] = set()
        self.globals: list[m.Global] = []  # globals stored so far, in program order
        # With `queues`, each device names one queue set (or the whole device) throughout the program.
        # Known compiler bug (corpus/invalid-program-partition-joins-queues-of-one-device.mlir): ops on two
        # queue sets of one device that share a partition fail to compile, or lose their device.
        digits = Bits(spec.queue_bits)
        self.device_queues = [
            QUEUES[digits.take(len(QUEUES))] if "queues" in spec.switches else () for _ in self.devices
        ]

    # ---- helpers ----

    def value(
        self, size: int, lifetime: m.Lifetime, homes: tuple[str, ...], origin: m.Value | None = None
    ) -> m.Value:
        self.next_id += 1
        return m.Value(self.next_id, size, lifetime, homes, origin)

    def data_root(self, v: m.Value) -> int:
        """The id of the value `v` may be merged with, through aliases, in-place writes and captures."""
        while True:
            nxt = self.alias.get(v.id) or self.tied_to.get(v.id) or v.origin
            if nxt is None:
                return v.id
            v = nxt

    def like(self, v: m.Value) -> m.Value:
        """A new value of the same type and home (a tied result, a region or loop result)."""
        return self.value(v.size, v.lifetime, v.homes)

    def aff(self, device: str) -> m.Affinity:
        index = self.devices.index(device)
        promise = self.spec.promise_mask >> index & 1
        kind: m.AffinityKind = "promise" if promise else "affinity"
        return m.Affinity(kind, (device,), queues=self.device_queues[index])

    def lifetime(self, b: Bits) -> m.Lifetime:
        if self.level == "l1":
            return "*"
        return "external" if b.take(3) == 0 else "transient"

    def device_for(self, scope: Scope, b: Bits, first: m.Value | None) -> str:
        """Where an op runs: its execute's device at L2; at L1 next to its first operand (with
        `cross_device`, sometimes anywhere: operands are then moved there first)."""
        if scope.device is not None:
            return scope.device
        pick = b.take(len(self.devices))
        if first is not None and not ("cross_device" in self.sw and pick % 2):
            return first.homes[pick % len(first.homes)]
        return self.devices[pick]

    def device_of_target(self, scope: Scope, b: Bits, t: m.Value) -> str:
        """Where an in-place write of `t` runs: always a device of its home."""
        if scope.device is not None:
            return scope.device
        return t.homes[b.take(2) % len(t.homes)]  # fixed width, as in pick()

    def readable(self, scope: Scope) -> list[m.Value]:
        """Values a non-transfer op may read. Wave items cannot move a value first (nothing else in
        the wave could read the move's result), so at L2 they only see values homed on the device."""
        rd = scope.readable()
        if scope.touched is not None and scope.device is not None:
            return [v for v in rd if v.lives_on(scope.device)]
        return rd

    def writable(self, scope: Scope) -> list[m.Value]:
        w = scope.writable()
        if scope.device is not None:
            return [v for v in w if v.lives_on(scope.device)]
        return w

    def use(self, scope: Scope, v: m.Value, dev: str) -> m.Value:
        """The name under which an op on `dev` reads `v`: `v` itself if it lives there, else the
        result of a transfer `from(home) -> to(dev)` added just before."""
        if v.lives_on(dev):
            return scope.read(v)
        assert scope.touched is None, "a wave item cannot read a value moved inside the wave"
        src = scope.read(v)
        r = self.value(v.size, v.lifetime, (dev,))
        execution = self.aff(dev) if "transfer_on" in self.sw else None
        scope.add(m.Transfer(src, r, self.aff(dev), self.aff(v.home), execution), [r])
        self.alias[r.id] = src
        return r

    def op_aff(self, device: str) -> m.Affinity | None:
        return self.aff(device) if self.level == "l1" else None

    @staticmethod
    def pick(vals: list[m.Value], b: Bits) -> m.Value:
        """Counting back from the newest value, with a digit of fixed width. Both keep a token's meaning
        when the shrinker deletes an earlier op: the same recent value is picked, and the token's later
        digits (devices, sizes) are not shifted by a change in how many values exist."""
        return vals[-1 - b.take(PICK_RADIX) % len(vals)]

    # ---- ops ----

    def op(self, scope: Scope, kind: OpKind, b: Bits) -> None:
        match kind:
            case OpKind.SPLAT:
                self.op_splat(scope, b)
            case OpKind.TRANSFER:
                self.op_transfer(scope, b)
            case OpKind.FILL:
                self.op_fill(scope, b)
            case OpKind.UPDATE:
                self.op_update(scope, b)
            case OpKind.COPY:
                self.op_copy(scope, b)
            case OpKind.CLONE:
                self.op_clone(scope, b)
            case OpKind.SLICE:
                self.op_slice(scope, b)
            case OpKind.DISPATCH:
                self.op_dispatch(scope, b)
            case OpKind.BARRIER:
                self.op_barrier(scope, b)
            case OpKind.ALLOCA:
                self.op_alloca(scope, b)
            case OpKind.CONSTANT:
                self.op_constant(scope, b)
            case OpKind.COLLECTIVE:
                self.op_collective(scope, b)
            case OpKind.IMPORT:
                self.op_import(scope, b)
            case OpKind.EXPORT:
                self.op_export(scope, b)
            case OpKind.GLOBAL:
                self.op_global(scope, b)
            case OpKind.PARAMETER:
                self.op_parameter(scope, b)
            case OpKind.STAGING:
                self.op_staging(scope, b)
            case OpKind.SELECT:
                self.op_select(scope, b)
            case _:
                assert_never(kind)

    def op_splat(self, scope: Scope, b: Bits) -> None:
        dev = self.device_for(scope, b, None)
        r = self.value(SIZES[b.take(len(SIZES))], self.lifetime(b), (dev,))
        scope.add(m.Splat(r, PATTERNS[b.take(len(PATTERNS))], self.op_aff(dev)), [r])

    def op_alloca(self, scope: Scope, b: Bits) -> None:
        dev = self.device_for(scope, b, None)
        r = self.value(SIZES[b.take(len(SIZES))], self.lifetime(b), (dev,))
        scope.add(m.Alloca(r, self.op_aff(dev)), [r])

    def op_constant(self, scope: Scope, b: Bits) -> None:
        dev = self.device_for(scope, b, None)
        r = self.value(SIZES[b.take(len(SIZES))], self.lifetime(b), (dev,))
        scope.add(m.Constant(r, bool(b.take(2)), self.op_aff(dev)), [r])

    def op_global(self, scope: Scope, b: Bits) -> None:
        """L1, in a function's own body: store a value in a new global, or load one stored before (in a
        callee, a load the compiler cannot forward from the store)."""
        if scope.kind != "func":
            return self.op_splat(scope, b)
        if self.globals and (scope is not self.main_scope or b.take(2)):
            g = self.globals[-1 - b.take(PICK_RADIX) % len(self.globals)]
            r = self.value(g.size, "*", (g.home,))
            scope.add(m.GlobalLoad(g, r), [r])
            return None
        rd = scope.readable()
        if not rd:
            return self.op_splat(scope, b)
        v = self.pick(rd, b)
        g = m.Global(f"g{len(self.globals)}", v.size, self.aff(v.home))
        self.globals.append(g)
        scope.add(m.GlobalStore(scope.read(v), g), [])
        return None

    def op_parameter(self, scope: Scope, b: Bits) -> None:
        """L1: a named parameter loaded on a device (the weights of a sharded model)."""
        dev = self.devices[b.take(len(self.devices))]
        r = self.value(SIZES[b.take(len(SIZES))], "*", (dev,))
        self.next_entry += 1
        scope.add(m.ParameterLoad(r, f"p{self.next_entry}", self.aff(dev)), [r])
        self.unpartitioned.add(r.id)

    def op_staging(self, scope: Scope, b: Bits) -> None:
        """L1: a value read back to the host and written there, then sent on to a device."""
        rd = scope.readable()
        if not rd:
            return self.op_splat(scope, b)
        s = self.pick(rd, b)
        dev = self.devices[b.take(len(self.devices))]
        r = self.value(s.size, "*", (dev,))
        scope.add(m.Staged(scope.read(s), r, self.aff(s.home), self.aff(dev)), [r])
        return None

    def op_fill(self, scope: Scope, b: Bits) -> None:
        w = self.writable(scope)
        if not w:
            return self.op_splat(scope, b)
        t = self.pick(w, b)
        length = t.size >> b.take(3)
        offset = t.size - length if b.take(2) else 0
        dev = self.device_of_target(scope, b, t)
        lt = scope.write(t)
        r = self.written(t, dev, length)
        scope.add(
            m.Fill(lt, r, PATTERNS[b.take(len(PATTERNS))], offset, length, self.op_aff(dev)), [r], {r.id: lt}
        )
        if length < t.size:
            self.may_vanish(r, lt)

    def written(self, t: m.Value, dev: str, length: int) -> m.Value:
        """The result of writing `length` bytes of `t` in place on `dev`. A whole write leaves nothing
        of the old contents, so the result lives where it was written: the compiler may drop whatever
        put `t` on its other homes (a transfer to an optimal set, say)."""
        return self.value(t.size, t.lifetime, (dev,)) if length == t.size else self.like(t)

    def _source_into(self, scope: Scope, b: Bits, kind: str) -> None:
        """update / copy: read one value, write another in place."""
        w = self.writable(scope)
        if not w:
            return self.op_splat(scope, b)
        t = self.pick(w, b)
        sources = [
            v
            for v in self.readable(scope)
            if v is not t and m.comparable(v.size, t.size) and v.size <= t.size
        ]
        if not sources:
            return self.op_fill(scope, b)
        s = self.pick(sources, b)
        dev = self.device_of_target(scope, b, t)
        lt = scope.write(t)
        ls = self.use(scope, s, dev)
        if kind == "update":
            offset, length = (t.size - s.size if b.take(2) else 0), s.size
            r = self.written(t, dev, length)
            op: m.Op = m.Update(ls, lt, r, offset, self.op_aff(dev))
        else:
            length = s.size >> b.take(2)
            r = self.written(t, dev, length)
            op = m.Copy(ls, lt, r, length, self.op_aff(dev))
        scope.add(op, [r], {r.id: lt})
        if length == t.size:
            self.folds_to(r, ls)
        else:
            self.may_vanish(r, lt)

    def may_vanish(self, r: m.Value, target: m.Value) -> None:
        """`r` is a partial write of `target` that canonicalization may drop (a fill with the pattern the
        target was splatted with, an update from such a splat): its last writer is `target`'s.
        Known compiler bug (corpus/invalid-program-barrier-joined-to-producer-partition.mlir, witness 3)."""
        self.last_written_as(r, target)

    def folds_to(self, r: m.Value, source: m.Value) -> None:
        """`r` is a whole copy of `source`, which canonicalization may substitute for it: it was last
        written where `source` was (see the barrier bugs in op_barrier)."""
        self.alias[r.id] = source
        self.last_written_as(r, source)

    def last_written_as(self, r: m.Value, v: m.Value) -> None:
        """`r`'s last writer is `v`'s (unknown if `v`'s is)."""
        if v.id in self.ran_on:
            self.ran_on[r.id] = self.ran_on[v.id]
        else:
            self.ran_on.pop(r.id, None)

    def op_update(self, scope: Scope, b: Bits) -> None:
        self._source_into(scope, b, "update")

    def op_copy(self, scope: Scope, b: Bits) -> None:
        self._source_into(scope, b, "copy")

    def op_clone(self, scope: Scope, b: Bits) -> None:
        rd = self.readable(scope)
        if not rd:
            return self.op_splat(scope, b)
        s = self.pick(rd, b)
        dev = self.device_for(scope, b, s)
        r = self.value(s.size, self.lifetime(b), (dev,))
        ls = self.use(scope, s, dev)
        scope.add(m.Clone(ls, r, self.op_aff(dev)), [r])
        self.folds_to(r, ls)

    def op_select(self, scope: Scope, b: Bits) -> None:
        """L1, in main (whose i1 argument decides): one of two values of one size and home, or of a value
        and a new splat beside it when no such pair exists."""
        rd = self.readable(scope)
        outer = scope
        while outer.parent is not None:
            outer = outer.parent
        if not rd or outer is not self.main_scope:
            return self.op_splat(scope, b)
        a = self.pick(rd, b)
        partners = [
            v for v in rd if v is not a and (v.size, v.lifetime, v.homes) == (a.size, a.lifetime, a.homes)
        ]
        if partners:
            other = self.pick(partners, b)
        else:
            other = self.value(a.size, a.lifetime, a.homes)
            scope.add(m.Splat(other, PATTERNS[b.take(len(PATTERNS))], self.op_aff(a.home)), [other])
        r = self.value(a.size, a.lifetime, a.homes)
        scope.add(m.Select(scope.read(a), scope.read(other), r), [r])
        last = self.ran_on.get(a.id)
        if last is not None and self.ran_on.get(other.id) == last:
            self.ran_on[r.id] = last  # both last written on one device, so the result was too

    def op_slice(self, scope: Scope, b: Bits) -> None:
        rd = self.readable(scope)
        if not rd:
            return self.op_splat(scope, b)
        s = self.pick(rd, b)
        length = s.size >> (1 + b.take(2))
        offset = s.size - length if b.take(2) else 0
        dev = self.device_for(scope, b, s)
        r = self.value(length, s.lifetime, (dev,))
        scope.add(m.Slice(self.use(scope, s, dev), r, offset, self.op_aff(dev)), [r])

    def op_dispatch(self, scope: Scope, b: Bits) -> None:
        rd = self.readable(scope)
        if not rd:
            return self.op_splat(scope, b)
        first = self.pick(rd, b)
        tie = "dispatch_tied" in self.sw and b.take(2) == 1 and first in self.writable(scope)
        operands = [first]
        for _ in range(b.take(3)):
            rest = [v for v in self.readable(scope) if v not in operands]
            if rest:
                operands.append(self.pick(rest, b))
        dev = self.device_of_target(scope, b, first) if tie else self.device_for(scope, b, first)
        local = [scope.write(first) if tie else self.use(scope, first, dev)]
        local += [self.use(scope, v, dev) for v in operands[1:]]
        results: list[m.Value] = []
        tied: list[int | None] = []
        ties: dict[int, m.Value] = {}
        if tie:
            r = self.like(first)
            results.append(r)
            tied.append(0)
            ties[r.id] = local[0]
        for _ in range(1 - int(tie) + b.take(2)):
            # Fresh results of a dispatch reading a dynamically sized value are sized dynamically too.
            size = SIZES[b.take(len(SIZES))]
            results.append(self.value(m.sized_like(first, size), self.lifetime(b), (dev,)))
            tied.append(None)
        self.next_entry += 1
        op = m.Dispatch(f"entry{self.next_entry}", local, results, tied, self.op_aff(dev))
        scope.add(op, results, ties)

    def op_collective(self, scope: Scope, b: Bits) -> None:
        """A collective on one device's channel: reads a value there, writes a receive buffer in place,
        either a fresh alloca or (half the time, if one fits) a live value on that device."""
        rd = self.readable(scope)
        if not rd:
            return self.op_splat(scope, b)
        s = self.pick(rd, b)
        kind = COLLECTIVES[b.take(len(COLLECTIVES))]
        dev = self.device_for(scope, b, s)
        n = len(self.devices)
        scattered = m.sized_like(s, max(4, int(s.size) // n // 4 * 4))
        sizes = {"all_gather": s.size * n, "reduce_scatter with sum": scattered}
        size = sizes.get(kind, s.size)
        in_place = b.take(2) == 1
        ls = self.use(scope, s, dev)
        fits = [v for v in self.writable(scope) if v.size == size and v.lives_on(dev)]
        if in_place and fits:
            t = self.pick(fits, b)
            lt = scope.write(t)
            r = self.value(size, t.lifetime, (dev,))
            scope.add(m.Collective(kind, ls, lt, r, self.aff(dev), self.op_aff(dev)), [r], {r.id: lt})
        else:
            r = self.value(size, self.lifetime(b), (dev,))
            scope.add(m.Collective(kind, ls, None, r, self.aff(dev), self.op_aff(dev)), [r])

    def op_transfer(self, scope: Scope, b: Bits) -> None:
        rd = scope.readable()
        if not rd:
            return self.op_splat(scope, b)
        s = self.pick(rd, b)
        n = len(self.devices)
        ti = b.take(n)
        here = scope.device
        pull = here is not None and not s.lives_on(here)
        if pull:
            # At L2 a transfer reads a value homed elsewhere only as a pull: it moves it to the
            # execute's own device and names where it comes from (the invalidate needs `from`).
            ti = self.devices.index(here)
        target = self.aff(self.devices[ti])
        if "optimal" in self.sw and b.take(3) == 0:
            other = self.devices[(ti + 1 + b.take(n - 1)) % n]
            target = m.Affinity("optimal", (self.devices[ti], other), target.kind)
            if self.level == "l1":
                # Known compiler bug (corpus/invalid-program-optimal-joinand-null-members.mlir): two
                # transfers of external values to one optimal target share a partition whose affinity
                # joins to null members. Usage refinement makes values moved from an external one
                # external too, so at L1 each optimal target is used once.
                if target in self.optimal_targets:
                    target = self.aff(self.devices[ti])
                self.optimal_targets.add(target)
        # At L1 either end may run it; at L2 it runs where its execute runs.
        runs_on = here or (s.home if b.take(2) else target.home)
        src_aff = None
        # Without `from`, a transfer of a value no execute produced executes nowhere in particular: the
        # partitioner may join it to any device's partition (AsyncTransferOp::getDefaultExecutionAffinityAttr
        # falls back to the source affinity; frontends always give one).
        unplaced = self.data_root(s) in self.unpartitioned
        if pull or unplaced or "transfer_from" in self.sw or not s.lives_on(runs_on):
            src_aff = self.aff(runs_on if s.lives_on(runs_on) else s.home)
        execution = self.aff(runs_on) if "transfer_on" in self.sw else None
        r = self.value(s.size, self.lifetime(b), target.devices)
        src = scope.read(s)
        scope.add(m.Transfer(src, r, target, src_aff, execution), [r])
        self.alias[r.id] = src

    def op_barrier(self, scope: Scope, b: Bits) -> None:
        # Known compiler bugs (corpus/invalid-program-barrier-joined-to-producer-partition.mlir): the
        # partitioner mis-places barriers inside loops, pinning a value away from its last writer, or
        # pinning a transfer result (also through a whole copy, update or clone of one, which fold to
        # it: partition_affinity_barrier_of_folded_copy.mlir). At L1 only values an op on their home
        # made are pinned.
        w = [
            v
            for v in self.writable(scope)
            if self.ran_on.get(v.id, v.home if self.level == "l2" else None) == v.home
        ]
        if not w or scope.kind in ("loop", "branch"):
            return self.op_clone(scope, b)
        s = self.pick(w, b)
        ls = scope.write(s)
        r = self.like(s)
        scope.add(m.AsyncBarrier(ls, r, self.op_aff(s.home)), [r], {r.id: ls})
        if self.level == "l1":
            # Known compiler bugs (corpus/invalid-program-transfer-of-barrier-not-partitioned.mlir and cyclic
            # partitions): at L1 a barrier result goes straight to its witness and nothing else.
            scope.pool.remove(r)
            scope.body.append(m.Expect(r, r.homes))

    def op_import(self, scope: Scope, b: Bits) -> None:
        if scope is not self.main_scope:
            return self.op_splat(scope, b)
        dev = self.devices[b.take(len(self.devices))]
        r = self.value(SIZES[b.take(len(SIZES))], "external", (dev,))
        scope.add(m.Import(r, self.handles, self.aff(dev)), [r])
        self.handles += 1

    def op_export(self, scope: Scope, b: Bits) -> None:
        if scope is not self.main_scope:
            return self.op_splat(scope, b)
        # Known compiler bug (corpus/invalid-program-refine-usage-scf-for-lifetimes.mlir, witness 3): a
        # value both exported (through a move to external) and carried by scf.for gets different lifetimes
        # on the loop's entry and back edges. So the two never share a root.
        cands = [
            v
            for v in scope.readable()
            if v.lifetime == "external" or (self.level == "l1" and self.data_root(v) not in self.carried)
        ]
        if not cands:
            return
        v = self.pick(cands, b)
        if v.lifetime != "external":
            self.exported.add(self.data_root(v))
            # Only external resources can leave; move it there on its own device first.
            x = self.value(v.size, "external", (v.home,))
            scope.add(m.Transfer(v, x, self.aff(v.home), self.aff(v.home)), [x])
            v = x
        scope.pool.remove(v)
        scope.body.append(m.Export(v, self.aff(v.home)))

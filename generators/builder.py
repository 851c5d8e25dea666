"""Turns a drawn ProgramSpec into a valid Program.

Validity rules enforced here (the verifier checks only some of them):
- values are used only where visible; regions capture what they use (captured on demand);
- an in-place (tied) write consumes its target: the old value is never read again;
- inside a wave, items only see the wave's captures, never each other's results; a capture
  written in place is touched by nothing else in the wave, recursively through nested waves;
- an execute awaits the executes that produced its captures, and, before writing a capture in
  place, every execute that read it;
- every value still live at the end of `main` gets a witness: an export or a `fuzz.expect`
  barrier naming its home device;
- an op running on device E reads or writes only values whose home includes E. A value that lives
  elsewhere is first moved to E with a transfer `from(home) -> to(E)` (at L1 anywhere, at L2 a pull
  at the top of E's execute; wave items just do not pick it), and in-place writes run on a device
  of their target's home. Only transfers read a value away from its home.
"""

from __future__ import annotations

from . import model as m
from .avoid import run_dead_nested_loops_once, run_partition_cycle_loops_once
from .specs import OPS, TABLE, ProgramSpec

SIZES = (16, 32, 64, 128)
ALIGNMENTS = (16, 32, 64, 256)
# One digit value in four turns a config on: not zero, which drawn bytes favour.
RARE = 3
FAVORS = ("debug", "min-peak-memory", "max-concurrency")
QUEUES: tuple[tuple[int, ...], ...] = ((), (0,), (1,), (0, 1))
# Token kinds that only appear when their swarm switch is on (switch name if it differs).
SWITCHED = {
    k: k for k in (*OPS[2:], "import", "export", "for", "if", "call", "global", "parameter", "staging")
}
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
        b: Builder,
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


class Builder:
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

    def op(self, scope: Scope, kind: str, b: Bits) -> None:
        getattr(self, f"op_{kind}")(scope, b)

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
        sources = [v for v in self.readable(scope) if v is not t and v.size <= t.size]
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
            results.append(self.value(SIZES[b.take(len(SIZES))], self.lifetime(b), (dev,)))
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
        sizes = {"all_gather": s.size * n, "reduce_scatter with sum": max(4, s.size // n // 4 * 4)}
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

    # ---- regions ----

    def close(self, inner: Scope, outer: Scope) -> list[m.Value] | None:
        """Yield every live value made in `inner`; returns the region results (None if empty)."""
        region = inner.region
        assert region is not None
        if not inner.body:
            return None
        live = [v for v in inner.produced if inner.touched is not None or v in inner.pool]
        for y in live:
            t = y
            while t.id in self.tied_to:
                t = self.tied_to[t.id]
            tie = next((i for i, a in enumerate(region.args) if a is t), None)
            r = self.like(y)
            region.yields.append(y)
            region.results.append(r)
            region.tied.append(tie)
            if tie is not None:
                outer_v = region.captures[tie]
                self.tied_to[r.id] = outer_v
                # Written in place: the old value is gone, under whichever name `outer` knows it.
                outer.pool = [
                    v for v in outer.pool if v is not outer_v and outer.captured.get(v.id) is not outer_v
                ]
        region.body = inner.body
        return region.results

    def open_wave(self, scope: Scope) -> Scope:
        touched = scope.touched if scope.touched is not None else {}
        return Scope(self, "wave", scope, scope.readable(), m.Concurrent(), scope.device, touched)

    def close_wave(self, inner: Scope) -> None:
        assert inner.parent is not None and inner.region is not None
        results = self.close(inner, inner.parent)
        if results is not None:
            inner.parent.add(inner.region, results)

    def open_execute(self, scope: Scope, b: Bits) -> Scope:
        pick, follow = b.take(16), b.take(2)
        pending = [v for v in scope.pool if v.id not in self.consumed_by_exec]
        # "follow": run where an unconsumed value lives, so transfers get a consumer on their target.
        dev = self.devices[pick % len(self.devices)]
        if follow and pending:
            dev = pending[pick % len(pending)].home
        # Foreign values are visible only with `cross_capture`; then only transfers read them (pulls).
        self.next_exec += 1
        region = m.Execute(affinity=self.aff(dev), id=self.next_exec)
        visible = [v for v in scope.pool if "cross_capture" in self.sw or v.lives_on(dev)]
        return Scope(self, "exec", scope, visible, region, dev)

    def close_execute(self, inner: Scope) -> None:
        scope, region = inner.parent, inner.region
        assert scope is not None and isinstance(region, m.Execute)
        results = self.close(inner, scope)
        if results is None:
            return
        awaits: list[m.Execute] = []
        for i, v in enumerate(region.captures):
            deps = [self.producer.get(v.id)]
            if i in region.tied:
                # Writing in place: wait for everyone who read the old contents.
                deps += self.readers.get(v.id, [])
            for d in deps:
                if d is not None and d not in awaits:
                    awaits.append(d)
            self.readers.setdefault(v.id, []).append(region)
            self.consumed_by_exec.add(v.id)
        region.awaits = awaits
        for r in results:
            self.producer[r.id] = region
        scope.add(region, results)

    def run_l2(self, tokens: list[tuple[str, Bits]]) -> None:
        main = self.main_scope
        stack: list[Scope] = []  # [execute, wave, wave, ...]

        def close_all() -> None:
            while stack:
                s = stack.pop()
                self.close_wave(s) if s.kind == "wave" else self.close_execute(s)

        for kind, b in tokens:
            if kind in ("import", "export"):
                close_all()
                self.op(main, kind, b)
            elif kind == "exec":
                close_all()
                stack.append(self.open_execute(main, b))
            elif kind == "end":
                if len(stack) > 1:
                    self.close_wave(stack.pop())
            else:
                if not stack:
                    stack.append(self.open_execute(main, b))
                if kind == "wave":
                    if len(stack) > 1 and ("nested_waves" not in self.sw or len(stack) > self.spec.max_depth):
                        self.close_wave(stack.pop())  # becomes a sibling wave instead
                    stack.append(self.open_wave(stack[-1]))
                else:
                    self.op(stack[-1], kind, b)
        close_all()

    # ---- L1: structured control flow and calls ----

    def open_loop(self, scope: Scope, b: Bits) -> Scope:
        def carriable() -> list[m.Value]:  # exported values are never carried (see op_export)
            return [v for v in scope.readable() if self.data_root(v) not in self.exported]

        if not carriable():
            self.op_splat(scope, b)
        candidates = carriable()
        inits: list[m.Value] = []
        for _ in range(1 + b.take(2)):
            rest = [v for v in candidates if v not in inits]
            if rest:
                inits.append(self.pick(rest, b))
        self.carried.update(self.data_root(v) for v in inits)
        args = [self.like(v) for v in inits]
        inner = Scope(self, "loop", scope, scope.readable() + args)
        inner.own.update(a.id for a in args)
        inner.frame = {
            "inits": inits,
            "args": args,
            "trips": 1 + b.take(4),
            "while": "while" in self.sw and b.take(2) == 1,
        }
        return inner

    def close_loop(self, inner: Scope) -> None:
        f, scope = inner.frame, inner.parent
        assert scope is not None
        yields = [self.match(inner, a, []) or a for a in f["args"]]
        results = [self.like(v) for v in f["inits"]]
        self.alias.update((r.id, v) for r, v in zip(results, f["inits"], strict=True))
        loop = m.ForLoop(f["trips"], f["inits"], f["args"], inner.body, yields, results, f["while"])
        scope.add(loop, results)

    def match(self, inner: Scope, key: m.Value, used: list[m.Value]) -> m.Value | None:
        """The newest live value made in `inner` that can stand in for `key`."""
        for v in reversed(inner.produced):
            if (
                v in inner.pool
                and v not in used
                and v.size == key.size
                and v.lifetime == key.lifetime
                and v.homes == key.homes
            ):
                return v
        return None

    def open_branch(self, scope: Scope, b: Bits) -> Scope:
        keys: list[m.Value] = []
        for _ in range(b.take(3)):
            rd = scope.readable()
            if rd:
                keys.append(self.pick(rd, b))
            else:
                dev = self.devices[b.take(len(self.devices))]
                keys.append(self.value(SIZES[b.take(len(SIZES))], "*", (dev,)))
        inner = Scope(self, "branch", scope, scope.readable())
        # Blocks only in a function's own body: an scf region holds a single block.
        blocks = "cf" in self.sw and scope.kind == "func"
        inner.frame = {"keys": keys, "then": None, "blocks": blocks}
        return inner

    def branch_yields(self, inner: Scope) -> tuple[list[m.Op], list[m.Value]]:
        yields: list[m.Value] = []
        for k in inner.frame["keys"]:
            y = self.match(inner, k, yields)
            if y is None:
                y = self.value(k.size, k.lifetime, (k.home,))
                inner.add(m.Splat(y, 0, self.aff(k.home)), [y])
            yields.append(y)
        return inner.body, yields

    def else_branch(self, inner: Scope) -> Scope:
        assert inner.parent is not None
        other = Scope(self, "branch", inner.parent, inner.parent.readable())
        other.frame = {**inner.frame, "then": self.branch_yields(inner)}
        return other

    def close_branch(self, inner: Scope) -> None:
        scope = inner.parent
        assert scope is not None
        if inner.frame["then"] is None:
            inner = self.else_branch(inner)
        (tb, ty), (eb, ey) = inner.frame["then"], self.branch_yields(inner)
        # A result lives where both branches' values live (each has at least the key's first home).
        results = [
            self.value(t.size, t.lifetime, tuple(d for d in t.homes if e.lives_on(d)))
            for t, e in zip(ty, ey, strict=True)
        ]
        scope.add(m.IfElse(tb, ty, eb, ey, results, inner.frame["blocks"]), results)

    def open_call(self, scope: Scope, b: Bits) -> Scope:
        args: list[m.Value] = []
        for _ in range(1 + b.take(2)):
            rest = [v for v in scope.readable() if v not in args]
            if rest:
                args.append(self.pick(rest, b))
        params = [self.like(v) for v in args]
        inner = Scope(self, "func", None, params)
        inner.frame = {"args": args, "params": params, "caller": scope}
        return inner

    def close_call(self, inner: Scope) -> None:
        f = inner.frame
        # Known compiler bug (corpus/invalid-program-ipo-duplicate-result-replaced-twice.mlir):
        # two results that both fold to one parameter (a round trip of it, a full update of it) break
        # iree-util-ipo. Return at most one value derived from each root (parameter or not).
        returns: list[m.Value] = []
        for v in reversed([v for v in inner.produced if v in inner.pool]):
            if len(returns) < 3 and all(self.data_root(v) != self.data_root(r) for r in returns):
                returns.insert(0, v)
        returns = returns or f["params"][:1]
        name = f"callee{len(self.functions)}"
        self.functions.append(m.Function(name, f["params"], inner.body, returns))
        results = [self.like(v) for v in returns]
        arg_of = {p.id: a for p, a in zip(f["params"], f["args"], strict=True)}
        for r, v in zip(results, returns, strict=True):
            if self.data_root(v) in arg_of:  # a parameter passed through: IPO makes it the argument
                self.alias[r.id] = arg_of[self.data_root(v)]
        f["caller"].add(m.Call(name, f["args"], results), results)

    def run_l1(self, tokens: list[tuple[str, Bits]]) -> None:
        stack: list[Scope] = [self.main_scope]
        max_depth = min(self.spec.max_depth, 3)

        def close_top() -> None:
            s = stack.pop()
            {"loop": self.close_loop, "branch": self.close_branch, "func": self.close_call}[s.kind](s)

        for kind, b in tokens:
            top = stack[-1]
            if kind == "end":
                if len(stack) > 1:
                    close_top()
            elif kind == "else":
                if top.kind == "branch" and top.frame["then"] is None:
                    stack[-1] = self.else_branch(top)
            elif kind in ("for", "if", "call"):
                if len(stack) > max_depth:
                    continue
                if kind == "call":
                    if top.kind == "func":  # from main, or nested in a callee
                        stack.append(self.open_call(top, b))
                elif top.kind == "func" and top is not self.main_scope:
                    continue  # callees are straight-line code
                elif kind == "if":
                    stack.append(self.open_branch(top, b))
                else:
                    stack.append(self.open_loop(top, b))
            else:
                self.op(top, kind, b)
        while len(stack) > 1:
            close_top()

    # ---- program ----

    def build(self) -> m.Program:
        main = Scope(self, "func", None, [])
        self.main_scope = main
        table = token_table(self.level, self.sw)
        tokens = []
        for t in self.spec.tokens:
            b = Bits(t)
            tokens.append((table[b.take(len(table))], b))
        if self.level == "l2":
            self.run_l2(tokens)
        else:
            self.run_l1(tokens)
        returns: list[m.Value] = []
        # Known compiler bug (corpus/invalid-program-refine-usage-scf-for-lifetimes.mlir): a returned value
        # becomes external, and one that shares a root with a value an scf.for carries or an scf.if yields
        # gets different lifetimes on the region's edges. Such values are not returned.
        in_regions = {
            self.data_root(v)
            for op in m.walk(main.body)
            if isinstance(op, m.ForLoop | m.IfElse)
            for v in op.results
        }
        for v in list(main.pool):
            # With `return`, some values leave through main's results (external ones at L2, where a
            # transient may not leave), for a consumer the program does not know: nothing is expected.
            root = self.data_root(v)
            if (
                "return" in self.sw
                and v.id % 3 == 0
                and (self.level == "l1" or v.lifetime == "external")
                and root not in self.carried
                and root not in in_regions
            ):
                returns.append(v)
            else:
                main.body.append(m.Expect(v, v.homes))
        fn = m.Function("main", [], main.body, returns, public=True, handles=self.handles)
        if self.level == "l1":
            run_dead_nested_loops_once(fn)
            run_partition_cycle_loops_once(fn)
        links: tuple[tuple[str, str], ...] = ()
        if "topology" in self.sw:
            links = ((self.devices[0], self.devices[1]), (self.devices[1], self.devices[0]))
        queues = {d: q for d, q in zip(self.devices, self.device_queues, strict=True) if q}
        return m.Program(
            self.level,  # type: ignore[arg-type]
            self.devices,
            [*self.functions, fn],
            links,
            self.sw,
            self.configs(),
            queues,
            self.globals,
        )

    def configs(self) -> m.Configs:
        """The module and function attributes the switches ask for, read from the spec's config digits.
        Known compiler bugs (corpus/bad-output-resource-config-prints-a-bool-as-an-integer.mlir and
        corpus/bad-output-partitioning-config-prints-what-it-cannot-parse.mlir): a program carrying either
        config prints output that does not re-parse: a known bad-output finding, unless the program also
        breaks a rule (then the violation is its finding: findings.finding_from). Each config is drawn in
        one program in 4 of those with its switch on, to keep most programs clear of that known finding."""
        b = Bits(self.spec.config_bits)
        rare = b.take(4), b.take(4)
        resources = partitioning = None
        if "resource_config" in self.sw and rare[0] == RARE:
            resources = m.ResourceConfig(
                max_allocation_size=1 << (20 + b.take(11)),
                min_buffer_offset_alignment=ALIGNMENTS[b.take(len(ALIGNMENTS))],
                max_buffer_range=1 << (20 + b.take(11)),
                min_buffer_range_alignment=ALIGNMENTS[b.take(len(ALIGNMENTS))],
                index_bits=(32, 64)[b.take(2)],
                alias_mutable_bindings=bool(b.take(2)),
                memory_model=("Unified", "Discrete")[b.take(2)],
            )
        if "partitioning_config" in self.sw and rare[1] == RARE:
            partitioning = FAVORS[b.take(len(FAVORS))]
        return m.Configs(resources, partitioning, bool(b.take(2)))


def token_table(level: str, switches: frozenset[str]) -> list[str]:
    """The kinds a token can decode to: the level's table without the kinds switched off."""
    return [k for k in TABLE[level] if SWITCHED.get(k, k) in switches or k not in SWITCHED]


def encode(level: str, switches: frozenset[str], steps: list[tuple[str, int]]) -> tuple[int, ...]:
    """Tokens for (kind, choices) steps, where `choices` packs the op's own choices (what is left of a
    token after its kind). Pinned examples written this way survive reweighting of the token table."""
    table = token_table(level, switches)
    return tuple(table.index(kind) + len(table) * choices for kind, choices in steps)


def build(spec: ProgramSpec) -> m.Program:
    return Builder(spec).build()

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

from typing import assert_never

from . import model as m
from .avoid import run_dead_nested_loops_once, run_partition_cycle_loops_once
from .dispatches import decode, split
from .op_builder import SIZES, Bits, Scope
from .shapes import ShapeBuilder
from .specs import OPS, TABLE, Marker, OpKind, ProgramSpec, Shape, Token, token

ALIGNMENTS = (16, 32, 64, 256)
# One digit value in four turns a config on: not zero, which drawn bytes favour.
RARE = 3
FAVORS = ("debug", "min-peak-memory", "max-concurrency")
# A loop's odd forwarding (`open_loop`): none, one resource yielded in two slots, two slots exchanged.
ODD_FORWARDING = ("", "twice", "swap")
# A loop that runs zero times (`open_loop`), by its (lower, upper) bounds: equal, or reversed. Its results
# are its inits; its body is built as any other (the compiler must not let what it would do leak out). Half
# the digit's values: about a third of the programs with loops get one, a loop in two still runs.
ZERO_TRIPS = (None, None, (2, 2), (3, 1))
# Token kinds that only appear when their swarm switch is on (switch name if it differs).
SWITCHED = {
    k: k for k in (*OPS[2:], "import", "export", "for", "if", "call", "global", "parameter", "staging")
} | {k: "wide" for k in Shape}


class Builder(ShapeBuilder):
    """Regions (waves, executes, loops, branches, calls), the token loop of each level and the finished
    Program."""

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

    def run_l2(self, tokens: list[tuple[Token, Bits]]) -> None:
        main = self.main_scope
        stack: list[Scope] = []  # [execute, wave, wave, ...]

        def close_all() -> None:
            while stack:
                s = stack.pop()
                self.close_wave(s) if s.kind == "wave" else self.close_execute(s)

        for kind, b in tokens:
            if kind in (OpKind.IMPORT, OpKind.EXPORT):
                close_all()
                self.op(main, OpKind(kind), b)
            elif kind == Marker.EXEC:
                close_all()
                stack.append(self.open_execute(main, b))
            elif kind is Shape.EXECUTE_REGION:
                # Placed without closing the open execute, which main gets when it closes (after the
                # region): deleting the token leaves the rest of the program as it was.
                main.body.append(m.ExecuteRegion(1 + b.take(3)))
            elif isinstance(kind, Shape):
                close_all()
                self.shape_l2(main, kind, b)
            elif kind == Marker.END:
                if len(stack) > 1:
                    self.close_wave(stack.pop())
            else:
                if not stack:
                    stack.append(self.open_execute(main, b))
                if kind == Marker.WAVE:
                    if len(stack) > 1 and ("nested_waves" not in self.sw or len(stack) > self.spec.max_depth):
                        self.close_wave(stack.pop())  # becomes a sibling wave instead
                    stack.append(self.open_wave(stack[-1]))
                elif isinstance(kind, OpKind):  # other markers are L1's: ignored here
                    self.op(stack[-1], kind, b)
        close_all()

    def shape_l2(self, main: Scope, kind: Shape, b: Bits) -> None:
        """At L2 a shape opens executes of its own, in main (`global_init` is L1's: not in L2's table)."""
        match kind:
            case Shape.SPREAD:
                self.spread_l2(main, b)
            case Shape.IMPORT_WRITTEN:
                v = self.borrowed_import(main, b)
                inner = self.execute_on(main, v.home, [v])
                self.write_part(inner, v, b)
                self.close_execute(inner)
            case Shape.GLOBAL_INIT:
                pass
            case Shape.CONCAT | Shape.GATHER:
                self.concat_l2(main, b, gather=kind is Shape.GATHER)
            case Shape.DYNAMIC_SPLAT | Shape.DYNAMIC_ALLOCA:
                # In an execute of its own, on the device an L1 splat's low bits name: in a wave nothing
                # could read it at once.
                dev = self.devices[split(b)[0].take(len(self.devices))]
                inner = self.execute_on(main, dev, [])
                self.op_dynamic(inner, b, alloca=kind is Shape.DYNAMIC_ALLOCA)
                self.close_execute(inner)
            case Shape.EXECUTE_REGION:
                main.body.append(m.ExecuteRegion(1 + b.take(3)))  # run_l2 places it itself
            case _:
                assert_never(kind)

    def concat_l2(self, main: Scope, bits: Bits, gather: bool) -> None:
        """A concat (`generators.dispatches`) in an execute on a drawn device (pulling the value it reads),
        or a gather: the dispatch in one execute, the buffer in another's on another device, pulling each
        part."""
        b, h = split(bits)
        rd = main.readable()
        if not rd:
            return
        s = self.pick(rd, b)
        to, dressing = b.take(len(self.devices)), h.take(4)
        dev = self.devices[h.take(len(self.devices))]
        inner = self.execute_on(main, dev, [s])
        op = self.concat_dispatch(inner, s, dev, h)
        if not gather:
            self.concat_into(inner, op.results, dev, h)
            self.close_execute(inner)
        else:
            self.close_execute(inner)
            region = inner.region
            assert isinstance(region, m.Execute)
            outs = [region.results[region.yields.index(p)] for p in op.results]
            dst = self.gather_target(dev, to, h)
            there = self.execute_on(main, dst, outs)
            self.concat_into(there, outs, dst, h)
            self.close_execute(there)  # the parts stay live in main: each execute result gets a witness
        self.dress(op, dressing, h)

    def spread_l2(self, main: Scope, b: Bits) -> None:
        """A value pulled by an execute on each of two or more other devices (a fan-out), or handed along
        them (a chain: each execute pulls the previous one's barrier-pinned result)."""
        rd = main.readable()
        if len(self.devices) < 3 or not rd:
            return
        s = self.pick(rd, b)
        chain = b.take(2) == 0
        pins = chain and m.supports(self.spec.target, "async_barrier")  # a chain without barriers before 3.2
        cur = s
        for dev in self.spread_devices(b, s):
            inner = self.execute_on(main, dev, [cur])
            made = self.hop(inner, cur, dev, barrier=pins)
            self.close_execute(inner)
            region = inner.region
            assert isinstance(region, m.Execute)
            if chain:
                cur = region.results[region.yields.index(made)]

    def execute_on(self, main: Scope, dev: str, visible: list[m.Value]) -> Scope:
        self.next_exec += 1
        return Scope(self, "exec", main, visible, m.Execute(affinity=self.aff(dev), id=self.next_exec), dev)

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
        trips, while_loop = 1 + b.take(4), "while" in self.sw and b.take(2) == 1
        # Odd forwarding, read last so a loop without it decodes as before: the first init carried in a
        # second slot too, then that slot yielded what the first yields (one resource yielded twice) or the
        # two slots exchanged (a for yields each the other's argument; a while's before region swaps them).
        odd = ODD_FORWARDING[b.take(len(ODD_FORWARDING))]
        zero = ZERO_TRIPS[b.take(len(ZERO_TRIPS))]  # read after `odd`: loops without it decode as before
        if zero is not None:
            trips = 0
        if odd:
            inits.append(inits[0])
        args = [self.like(v) for v in inits]
        inner = Scope(self, "loop", scope, scope.readable() + args)
        inner.own.update(a.id for a in args)
        inner.frame = {
            "inits": inits,
            "args": args,
            "trips": trips,
            "while": while_loop,
            "odd": odd,
            "zero": zero,
        }
        return inner

    def close_loop(self, inner: Scope) -> None:
        f, scope = inner.frame, inner.parent
        assert scope is not None
        args = f["args"]
        yields = [self.match(inner, a, []) or a for a in args]
        forward: tuple[int, ...] = ()
        if f["odd"] == "twice":
            yields[-1] = yields[0]
        elif f["odd"] == "swap" and f["while"]:
            forward = (len(args) - 1, *range(1, len(args) - 1), 0)
        elif f["odd"] == "swap":
            yields[0], yields[-1] = args[-1], yields[0]
        results = [self.like(v) for v in f["inits"]]
        self.alias.update((r.id, v) for r, v in zip(results, f["inits"], strict=True))
        loop = m.ForLoop(f["trips"], f["inits"], args, inner.body, yields, results, f["while"], forward)
        if f["zero"] is not None:
            loop.lower, loop.upper = f["zero"]
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

    def run_l1(self, tokens: list[tuple[Token, Bits]]) -> None:
        stack: list[Scope] = [self.main_scope]
        max_depth = min(self.spec.max_depth, 3)

        def close_top() -> None:
            s = stack.pop()
            {"loop": self.close_loop, "branch": self.close_branch, "func": self.close_call}[s.kind](s)

        for kind, b in tokens:
            top = stack[-1]
            if isinstance(kind, OpKind):
                self.op(top, kind, b)
            elif isinstance(kind, Shape):
                self.shape(top, kind, b)
            elif kind == Marker.END:
                if len(stack) > 1:
                    close_top()
            elif kind == Marker.ELSE:
                if top.kind == "branch" and top.frame["then"] is None:
                    stack[-1] = self.else_branch(top)
            elif kind in (Marker.FOR, Marker.IF, Marker.CALL):
                if len(stack) > max_depth:
                    continue
                if kind == Marker.CALL:
                    if top.kind == "func":  # from main, or nested in a callee
                        stack.append(self.open_call(top, b))
                elif top.kind == "func" and top is not self.main_scope:
                    continue  # callees are straight-line code
                elif kind == Marker.IF:
                    stack.append(self.open_branch(top, b))
                else:
                    stack.append(self.open_loop(top, b))
        while len(stack) > 1:
            close_top()

    # ---- program ----

    def build(self) -> m.Program:
        main = Scope(self, "func", None, [])
        self.main_scope = main
        table = token_table(self.level, self.sw)
        tokens = [decode(t, self.level, table, self.sw) for t in self.spec.tokens]
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
        for f in [*self.functions, fn]:
            wrap_execute_regions(f.body, self.level, self.read_elsewhere(f.body))
        links: tuple[tuple[str, str], ...] = ()
        if "topology" in self.sw and "wide" in self.sw:  # a ring over every device, both ways
            ring = list(zip(self.devices, self.devices[1:] + self.devices[:1], strict=True))
            links = tuple(ring + [(b, a) for a, b in ring])
        elif "topology" in self.sw:
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
            self.globals + self.initialized,
            self.extent,
        )

    def read_elsewhere(self, body: list[m.Op]) -> set[int]:
        """Ids of the executes on either end of a move between devices: those whose storage (a result, or
        what an in-place write of it made) is read by an execute or exported on another device, those
        that read a value living elsewhere, and those that write such a storage in place (a tied result),
        wherever they run. An `scf.execute_region` never wraps them.

        Known compiler bug (corpus/placement-read-execute-region-hides-the-consumers-of-a-result.mlir):
        when the producer or the reader of an execute's result is wrapped in an `scf.execute_region`,
        ScheduleAllocation's affinity analysis loses that reader, and the storage is allocated on the
        executing device alone. So does a wrapped execute of the producer's own device that ties a result
        to that storage: the consumer walk follows the tied result to the region's `scf.yield` and gives up
        (an untied read there does not: the execute's own affinity is the consumer)."""
        out: set[int] = set()
        crossing: set[int] = set()  # data roots of storages read or exported on another device
        for op in m.walk(body):
            if isinstance(op, m.Execute) and op.affinity is not None:
                readers = [(c, op.affinity.home) for c in op.captures]
                if any(not c.lives_on(op.affinity.home) for c in op.captures):
                    out.add(op.id)
            elif isinstance(op, m.Export):
                readers = [(op.source, op.affinity.home)]
            else:
                continue
            for value, device in readers:
                # The execute that made the value, and the one whose storage it is (an in-place write's).
                for producer in (self.producer.get(value.id), self.producer.get(self.data_root(value))):
                    if (
                        producer is not None
                        and producer.affinity is not None
                        and producer.affinity.home != device
                    ):
                        out.add(producer.id)
                        crossing.add(self.data_root(value))
                        if isinstance(op, m.Execute):
                            out.add(op.id)
        for op in m.walk(body):
            if isinstance(op, m.Execute) and any(
                t is not None and self.data_root(op.captures[t]) in crossing for t in op.tied
            ):
                out.add(op.id)
        return out

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


def wrap_execute_regions(body: list[m.Op], level: str, skip: set[int] | frozenset[int] = frozenset()) -> None:
    """Each `ExecuteRegion` the builder placed takes in the ops that follow it, up to its `take` and the
    first op it cannot wrap (`model.WRAPPABLE`, or an execute whose id is in `skip`); one that takes none
    is dropped. Nested bodies (loops, branches) are visited too; executes and waves are not (`WRAPPABLE`
    says why)."""
    kinds = m.WRAPPABLE[level]
    out: list[m.Op] = []
    for op in body:
        last = out[-1] if out else None
        wrappable = type(op).__name__ in kinds and not (isinstance(op, m.Execute) and op.id in skip)
        if isinstance(last, m.ExecuteRegion) and len(last.body) < last.take and wrappable:
            last.body.append(op)
            continue
        if isinstance(last, m.ExecuteRegion) and not last.body:
            out.pop()
        if isinstance(op, m.ForLoop):
            wrap_execute_regions(op.body, level, skip)
        elif isinstance(op, m.IfElse):
            wrap_execute_regions(op.then_body, level, skip)
            wrap_execute_regions(op.else_body, level, skip)
        out.append(op)
    if out and isinstance(out[-1], m.ExecuteRegion) and not out[-1].body:
        out.pop()
    body[:] = out


def token_table(level: str, switches: frozenset[str]) -> list[Token]:
    """The kinds a token can decode to: the level's table without the kinds switched off."""
    return [token(k) for k in TABLE[level] if SWITCHED.get(k, k) in switches or k not in SWITCHED]


def encode(level: str, switches: frozenset[str], steps: list[tuple[str, int]]) -> tuple[int, ...]:
    """Tokens for (kind, choices) steps, where `choices` packs the op's own choices (what is left of a
    token after its kind). Pinned examples written this way survive reweighting of the token table."""
    table = token_table(level, switches)
    return tuple(table.index(token(kind)) + len(table) * choices for kind, choices in steps)


def build(spec: ProgramSpec) -> m.Program:
    return Builder(spec).build()

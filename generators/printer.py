"""Prints a Program as MLIR text for a given compiler release.

This is the only place that produces IR text. Syntax a release cannot parse is left out when
printing for it (see `model.SYNTAX_SINCE`): optimal sets collapse to their first member,
`stream.async.transfer on(...)` loses its execution affinity, `stream.topology` is dropped, and
`stream.async.barrier` (a passthrough) disappears, its users reading the source instead, and a parameter
load (3.11+) becomes a splat on its device.
"""

from __future__ import annotations

from typing import assert_never

from . import model as m

DEFAULT_TARGET = (3, 13)


class Printer:
    def __init__(self, program: m.Program, target: tuple[int, int]) -> None:
        self.p = program
        self.target = tuple(target)
        self.alias: dict[int, str] = {}  # value id -> name to print instead (dropped barriers)
        self.lines: list[str] = []
        self.consts: set[tuple[int, str]] = set()
        self.ready: dict[int, str] = {}  # value id -> awaited name in the current function
        self.timepoint: dict[int, int] = {}  # value id -> id of the execute producing it
        self.n_outputs = 0
        self.channels: dict[str, m.Affinity] = {}  # device -> affinity of its channel, per function
        self.n_labels = 0
        # Dynamic sizes used in the current function: (k, less) for the size `k * %n - less`; and whether
        # it uses `%n` as an i32 (a dispatch's scalar operand).
        self.scaled: set[tuple[int, int]] = set()
        self.n_i32 = False

    # ---- small pieces ----

    def has(self, construct: str) -> bool:
        return m.supports(self.target, construct)  # type: ignore[arg-type]

    def name(self, v: m.Value) -> str:
        return self.alias.get(v.id, v.name)

    def idx(self, n: int, less: int = 0) -> str:
        """The index `n` (a constant, or a dynamic size's SSA value), less `less`."""
        if m.dynamic(n) and int(n):
            self.scaled.add((int(n), less))
            return scaled_name(int(n), less)
        self.consts.add((int(n) - less, "index"))
        return f"%c{int(n) - less}"

    def tensor(self, v: m.Value) -> str:
        """The `tensor<...xi8>` type that views `v`'s bytes, with its dynamic dimension's value."""
        if m.dynamic(v.size):
            return f"tensor<?xi8>{{{self.idx(v.size)}}}"
        return f"tensor<{v.size}xi8>"

    def i32(self, n: int) -> str:
        self.consts.add((n, "i32"))
        return f"%c{n}_i32"

    @staticmethod
    def rtype(v: m.Value) -> str:
        return f"!stream.resource<{v.lifetime}>"

    def sized(self, v: m.Value) -> str:
        return f"{self.rtype(v)}{{{self.idx(v.size)}}}"

    def aff(self, a: m.Affinity | None) -> str:
        assert a is not None
        if a.kind == "optimal":

            def member(d: str) -> str:
                return self.aff(m.Affinity(a.member_kind, (d,), queues=self.p.device_queues.get(d, ())))

            if not self.has("optimal"):
                return member(a.home)
            members = ", ".join(member(d) for d in a.devices)
            return f"#hal.device.optimal<[{members}]>"
        queues = f", [{', '.join(map(str, a.queues))}]" if a.queues else ""
        return f"#hal.device.{a.kind}<@{a.devices[0]}{queues}>"

    def move_on(self, a: m.Affinity) -> str:
        """`from(D) -> to(D)`: a transfer that changes only the lifetime."""
        return f"from({self.aff(a)}) -> to({self.aff(a)})"

    def on(self, a: m.Affinity | None) -> str:
        return f"on({self.aff(a)}) " if a is not None else ""

    def emit(self, depth: int, text: str) -> None:
        self.lines.append("  " * depth + text)

    # ---- ops ----

    def op(self, op: m.Op, d: int) -> None:
        n = self.name
        match op:
            case m.Splat():
                r = op.result
                self.emit(
                    d,
                    f"{n(r)} = stream.async.splat {self.on(op.affinity)}{self.i32(op.pattern)} : i32 -> "
                    f"{self.sized(r)}",
                )
            case m.Alloca():
                r = op.result
                self.emit(d, f"{n(r)} = stream.async.alloca {self.on(op.affinity)}: {self.sized(r)}")
            case m.Constant():
                r = op.result
                data = f"[{', '.join(str(i % 128) for i in range(r.size))}]" if op.ramp else "3"
                self.emit(
                    d,
                    f"{n(r)} = stream.async.constant {self.on(op.affinity)}: {self.sized(r)} = "
                    f"dense<{data}> : tensor<{r.size}xi8>",
                )
            case m.GlobalStore():
                s, g = op.source, op.target
                moved, var = f"%{g.name}_in", "!stream.resource<variable>"
                self.emit(
                    d,
                    f"{moved} = stream.async.transfer {n(s)} : {self.sized(s)} "
                    f"{self.move_on(g.affinity)} {var}{{{self.idx(g.size)}}}",
                )
                self.emit(d, f"util.global.store {moved}, @{g.name} : {var}")
            case m.GlobalLoad():
                g, r = op.source, op.result
                loaded, var = f"{n(r)}_global", global_type(g)
                self.emit(d, f"{loaded} = util.global.load @{g.name} : {var}")
                self.emit(d, f"{loaded}_size = stream.resource.size {loaded} : {var}")
                move = self.move_on(g.affinity)
                if g.initial is not None:  # moved straight to where it is used, from its device if it has one
                    src = f"from({self.aff(g.affinity)}) " if g.pinned else ""
                    move = f"{src}-> to({self.aff(op.target or g.affinity)})"
                self.emit(
                    d,
                    f"{n(r)} = stream.async.transfer {loaded} : {var}{{{loaded}_size}} "
                    f"{move} !stream.resource<*>{{{loaded}_size}}",
                )
            case m.ParameterLoad():
                self.parameter_load(op, d)
            case m.Staged():
                self.staged(op, d)
            case m.Fill():
                t = op.target
                rng = f"{self.idx(op.offset)} to {self.idx(op.offset + op.length)} for {self.idx(op.length)}"
                self.emit(
                    d,
                    f"{n(op.result)} = stream.async.fill {self.on(op.affinity)}{self.i32(op.pattern)}, "
                    f"{n(t)}[{rng}] : i32 -> {n(t)} as {self.sized(t)}",
                )
            case m.Update():
                t, u = op.target, op.update
                rng = f"{self.idx(op.offset)} to {self.idx(op.offset + u.size)}"
                self.emit(
                    d,
                    f"{n(op.result)} = stream.async.update {self.on(op.affinity)}{n(u)}, "
                    f"{n(t)}[{rng}] : "
                    f"{self.sized(u)} -> {n(t)} as {self.sized(t)}",
                )
            case m.Copy():
                s, t, length = op.source, op.target, op.length
                rng = f"[{self.idx(0)} to {self.idx(length)}]"
                self.emit(
                    d,
                    f"{n(op.result)} = stream.async.copy {self.on(op.affinity)}{n(s)}{rng}, "
                    f"{n(t)}{rng}, "
                    f"{self.idx(length)} : {self.sized(s)} -> {n(t)} as {self.sized(t)}",
                )
            case m.Clone():
                self.emit(
                    d,
                    f"{n(op.result)} = stream.async.clone {self.on(op.affinity)}{n(op.source)} : "
                    f"{self.sized(op.source)} -> {self.sized(op.result)}",
                )
            case m.Slice():
                s, r = op.source, op.result
                rng = f"{self.idx(op.offset)} to {self.idx(op.offset + r.size)}"
                self.emit(
                    d,
                    f"{n(r)} = stream.async.slice {self.on(op.affinity)}{n(s)}[{rng}] : "
                    f"{self.sized(s)} -> {self.sized(r)}",
                )
            case m.Select():
                self.emit(
                    d,
                    f"{n(op.result)} = arith.select %cond, {n(op.when_true)}, {n(op.when_false)} : "
                    f"{self.rtype(op.result)}",
                )
            case m.Dispatch():
                self.dispatch(op, d)
            case m.Collective():
                self.collective(op, d)
            case m.Transfer():
                s, r = op.source, op.result
                on = self.on(op.execution) if self.has("transfer_on") else ""
                src = f" from({self.aff(op.source_affinity)})" if op.source_affinity else ""
                dst = f"to({self.aff(op.target)}) " if op.target else ""
                self.emit(
                    d,
                    f"{n(r)} = stream.async.transfer {on}{n(s)} : {self.sized(s)}{src} -> "
                    f"{dst}{self.sized(r)}",
                )
            case m.AsyncBarrier():
                if not self.has("async_barrier"):
                    self.alias[op.result.id] = n(op.source)
                    return
                self.emit(
                    d,
                    f"{n(op.result)} = stream.async.barrier {self.on(op.affinity)}{n(op.source)} : "
                    f"{self.sized(op.source)}",
                )
            case m.Import():
                r = op.result
                self.emit(
                    d,
                    f"{n(r)} = stream.tensor.import {self.on(op.affinity)}%h{op.handle} : "
                    "!hal.buffer_view -> "
                    f"{self.tensor(r)} in {self.sized(r)}",
                )
            case m.Export():
                s = op.source
                out = f"%out{self.n_outputs}"
                self.n_outputs += 1
                self.emit(
                    d,
                    f"{out} = stream.tensor.export {self.on(op.affinity)}{self.awaited(s, d)} : "
                    f"{self.tensor(s)} in {self.sized(s)} -> !hal.buffer_view",
                )
            case m.Expect():
                v = op.value
                self.emit(
                    d,
                    f"util.optimization_barrier {{fuzz.expect = {expect_attr(op.devices)}}} "
                    f"{self.awaited(v, d)} : {self.rtype(v)}",
                )
            case m.Execute():
                self.execute(op, d)
            case m.Concurrent():
                self.region("stream.async.concurrent ", op, d, "")
            case m.ForLoop():
                self.loop(op, d)
            case m.IfElse():
                self.branch(op, d)
            case m.ExecuteRegion():
                self.execute_region(op, d)
            case m.Call():
                extent = ["%n"] if self.p.extent else []
                args = ", ".join([*extent, *(n(a) for a in op.args)])
                types = ", ".join([*(["index"] if extent else []), *(self.rtype(a) for a in op.args)])
                rtypes = ", ".join(self.rtype(r) for r in op.results)
                self.emit(
                    d, f"{self.results(op.results)}util.call @{op.callee}({args}) : ({types}) -> ({rtypes})"
                )
            case _:
                assert_never(op)

    def results(self, vals: list[m.Value], extra: str = "") -> str:
        names = [self.name(v) for v in vals] + ([extra] if extra else [])
        return f"{', '.join(names)} = " if names else ""

    def awaited(self, v: m.Value, d: int) -> str:
        """Name of `v` usable outside execute regions: waits for its execute first (L2)."""
        if v.id not in self.timepoint:
            return self.name(v)
        if v.id not in self.ready:
            self.ready[v.id] = f"{v.name}_ready"
            self.emit(
                d,
                f"{v.name}_ready = stream.timepoint.await %t{self.timepoint[v.id]} => "
                f"{self.name(v)} : {self.sized(v)}",
            )
        return self.ready[v.id]

    def scalar(self, type_: m.ScalarType, value: int) -> str:
        if type_ == "i32" and m.dynamic(value):
            assert int(value) == 1, "an i32 scalar of a dynamic size is %n itself"
            self.n_i32 = True
            return "%n_i32"
        return self.idx(value) if type_ == "index" else self.i32(value)

    def dispatch(self, op: m.Dispatch, d: int) -> None:
        resources = [
            f"{self.name(v)}[{self.idx(0)} to {self.idx(v.size)} for {self.idx(v.size)}]" for v in op.operands
        ]
        operands = ", ".join([self.scalar(t, v) for t, v in op.scalars] + resources)
        otypes = ", ".join([t for t, _ in op.scalars] + [self.sized(v) for v in op.operands])
        workload = f"[{', '.join(self.idx(w) for w in op.workload)}]" if op.workload else ""
        rtypes = ", ".join(
            f"{self.name(op.operands[t])}{{{self.idx(r.size)}}}" if t is not None else self.sized(r)
            for r, t in zip(op.results, op.tied, strict=True)
        )
        self.emit(
            d,
            f"{self.results(op.results)}stream.async.dispatch {self.on(op.affinity)}@ex::@{op.entry}"
            f"{workload}({operands}) : ({otypes}) -> ({rtypes})",
        )

    def collective(self, op: m.Collective, d: int) -> None:
        s, r = op.send, op.result
        target = self.name(op.recv) if op.recv is not None else f"{r.name}_recv"
        if op.recv is None:
            self.emit(d, f"{target} = stream.async.alloca {self.on(op.affinity)}: {self.sized(r)}")
        device = op.channel.home
        self.channels[device] = op.channel
        param = ""
        if op.op == "send_recv":  # to the next rank, from the one before: (recv << 16) | send
            rank, ranks = self.p.devices.index(device), len(self.p.devices)
            param = f"source_target_pair({self.i32(((rank - 1) % ranks) << 16 | (rank + 1) % ranks)}) "

        def whole(name: str, v: m.Value) -> str:
            return f"{name}[{self.idx(0)} to {self.idx(v.size)} for {self.idx(v.size)}]"

        elements = self.idx(m.sized_like(s, max(1, int(s.size) // 4)))  # f32 elements sent
        self.emit(
            d,
            f"{self.name(r)} = stream.async.collective<{op.op} : f32>[{elements}] "
            f"{self.on(op.affinity)}channel(%channel_{device}) {param}{whole(self.name(s), s)}, "
            f"{whole(target, r)} : {self.sized(s)} -> {target} as {self.sized(r)}",
        )

    def parameter_load(self, op: m.ParameterLoad, d: int) -> None:
        r, v = op.result, op.result.name
        if not self.has("parameter"):  # the bytes come from somewhere else on that device
            self.emit(
                d,
                f"{self.name(r)} = stream.async.splat {self.on(op.affinity)}{self.i32(0)} : i32 -> "
                f"{self.sized(r)}",
            )
            return
        const = f"!stream.resource<constant>{{{self.idx(r.size)}}}"
        self.emit(d, f'{v}_scope = util.buffer.constant : !util.buffer = "model"')
        self.emit(d, f'{v}_key = util.buffer.constant : !util.buffer = "{op.key}"')
        self.emit(d, f"{v}_offset = arith.constant 0 : i64")
        self.emit(
            d,
            f"{v}_param, {v}_loaded = stream.async.parameter.load {self.on(op.affinity)}"
            f"{v}_scope::{v}_key[{v}_offset] : {const} => !stream.timepoint",
        )
        self.emit(d, f"{v}_ready = stream.timepoint.await {v}_loaded => {v}_param : {const}")
        self.emit(
            d,
            f"{self.name(r)} = stream.async.transfer {v}_ready : {const} "
            f"{self.move_on(op.affinity)} {self.sized(r)}",
        )

    def staged(self, op: m.Staged, d: int) -> None:
        s, r, v = op.source, op.result, op.result.name
        staging = f"!stream.resource<staging>{{{self.idx(s.size)}}}"
        self.emit(
            d,
            f"{v}_staging = stream.async.transfer {self.name(s)} : {self.sized(s)} "
            f"{self.move_on(op.source_affinity)} {staging}",
        )
        self.emit(d, f"{v}_word = stream.async.load {v}_staging[{self.idx(0)}] : {staging} -> i32")
        self.emit(
            d,
            f"{v}_stored = stream.async.store {v}_word, {v}_staging[{self.idx(s.size, less=4)}] : "
            f"i32 -> {v}_staging as {staging}",
        )
        self.emit(
            d,
            f"{self.name(r)} = stream.async.transfer {v}_stored : {staging} "
            f"from({self.aff(op.source_affinity)}) -> to({self.aff(op.target)}) {self.sized(r)}",
        )

    def channel_lines(self) -> list[str]:
        """One channel per device a collective of this function runs on, ranked among all devices."""
        count = len(self.p.devices)
        return [
            f"    %channel_{dev} = stream.channel.create on({self.aff(a)}) "
            f"rank({self.idx(self.p.devices.index(dev))}) count({self.idx(count)}) : !stream.channel"
            for dev, a in sorted(self.channels.items(), key=lambda item: self.p.devices.index(item[0]))
        ]

    def region(self, head: str, r: m.Region, d: int, tail: str, extra_result: str = "") -> None:
        caps = ", ".join(
            f"{self.name(c)} as {self.name(a)}: {self.sized(c)}"
            for c, a in zip(r.captures, r.args, strict=True)
        )
        outs = ", ".join(
            f"{self.name(r.captures[t])} as {self.sized(v)}" if t is not None else self.sized(v)
            for v, t in zip(r.results, r.tied, strict=True)
        )
        arrow = f" -> ({outs})" if r.results else ""
        self.emit(d, f"{self.results(r.results, extra_result)}{head}with({caps}){arrow} {{")
        for op in r.body:
            self.op(op, d + 1)
        if r.yields:
            ys = ", ".join(self.name(y) for y in r.yields)
            self.emit(d + 1, f"stream.yield {ys} : {', '.join(self.sized(y) for y in r.yields)}")
        else:
            self.emit(d + 1, "stream.yield")
        self.emit(d, f"}}{tail}")

    def execute(self, op: m.Execute, d: int) -> None:
        head = f"stream.async.execute {self.on(op.affinity)}"
        if op.awaits:
            tps = [f"%t{e.id}" for e in op.awaits]
            if len(tps) > 1:
                self.emit(d, f"%j{op.id} = stream.timepoint.join max({', '.join(tps)}) => !stream.timepoint")
                tp = f"%j{op.id}"
            else:
                tp = tps[0]
            head += f"await({tp}) => "
        self.region(head, op, d, " => !stream.timepoint", f"%t{op.id}")
        for r in op.results:
            self.timepoint[r.id] = op.id

    def label(self) -> int:
        """A number for the names and blocks of one while loop or cf branch, unique in the module."""
        self.n_labels += 1
        return self.n_labels

    def while_loop(self, op: m.ForLoop, d: int) -> None:
        """The loop as `scf.while`: the before region tests a trip count carried first, the after region is
        the body (its block arguments are the loop's own)."""
        k = self.label()
        types = ", ".join(["index", *(self.rtype(a) for a in op.args)])
        tested = [f"%w{k}_{a.id}" for a in op.args]  # the before region's names of the carried values
        iters = ", ".join(
            [
                f"%w{k}_i = {self.idx(op.lower)}",
                *(f"{t} = {self.name(i)}" for t, i in zip(tested, op.inits, strict=True)),
            ]
        )
        self.emit(
            d,
            f"{', '.join([f'%w{k}_trips', *(self.name(r) for r in op.results)])} = scf.while "
            f"({iters}) : ({types}) -> ({types}) {{",
        )
        self.emit(d + 1, f"%w{k}_more = arith.cmpi slt, %w{k}_i, {self.idx(op.bound)} : index")
        forwarded = [tested[j] for j in op.forward] if op.forward else tested
        self.emit(d + 1, f"scf.condition(%w{k}_more) {', '.join([f'%w{k}_i', *forwarded])} : {types}")
        args = "".join(f", {self.name(a)}: {self.rtype(a)}" for a in op.args)
        self.emit(d, f"}} do {{\n{'  ' * d}^bb0(%w{k}_j: index{args}):")
        for o in op.body:
            self.op(o, d + 1)
        self.emit(d + 1, f"%w{k}_next = arith.addi %w{k}_j, {self.idx(1)} : index")
        yields = ", ".join([f"%w{k}_next", *(self.name(y) for y in op.yields)])
        self.emit(d + 1, f"scf.yield {yields} : {types}")
        self.emit(d, "}")

    def branch_blocks(self, op: m.IfElse, d: int) -> None:
        """The choice as blocks: `cf.cond_br` to one block per branch, both branching to a merge block
        whose arguments are the results; what follows in the function runs in the merge block."""
        k = self.label()
        types = ", ".join(self.rtype(r) for r in op.results)
        self.emit(d, f"cf.cond_br %cond, ^then{k}, ^else{k}")
        branches = (("then", op.then_body, op.then_yields), ("else", op.else_body, op.else_yields))
        for name, body, yields in branches:
            self.emit(d - 1, f"^{name}{k}:")
            for o in body:
                self.op(o, d)
            passed = f"({', '.join(self.name(y) for y in yields)} : {types})" if yields else ""
            self.emit(d, f"cf.br ^merge{k}{passed}")
        merged = ", ".join(f"{self.name(r)}: {self.rtype(r)}" for r in op.results)
        self.emit(d - 1, f"^merge{k}({merged}):" if merged else f"^merge{k}:")

    def loop(self, op: m.ForLoop, d: int) -> None:
        if op.while_loop:
            self.while_loop(op, d)
            return
        iters = ", ".join(f"{self.name(a)} = {self.name(i)}" for a, i in zip(op.args, op.inits, strict=True))
        types = ", ".join(self.rtype(a) for a in op.args)
        iv = f"%i{op.results[0].id}" if op.results else "%i"
        self.emit(
            d,
            f"{self.results(op.results)}scf.for {iv} = {self.idx(op.lower)} to {self.idx(op.bound)} step "
            f"{self.idx(1)} iter_args({iters}) -> ({types}) {{",
        )
        for o in op.body:
            self.op(o, d + 1)
        self.emit(d + 1, f"scf.yield {', '.join(self.name(y) for y in op.yields)} : {types}")
        self.emit(d, "}")

    def execute_region(self, op: m.ExecuteRegion, d: int) -> None:
        """Every value its ops make yielded under its own name (and each execute's timepoint): the
        results shadow the names inside, so what follows reads them as if the region were not there."""
        names, types = [], []
        for o in op.body:
            for v in m.made(o):
                names.append(self.name(v))
                types.append(self.rtype(v))
            if isinstance(o, m.Execute):
                names.append(f"%t{o.id}")
                types.append("!stream.timepoint")
        joined = ", ".join(types)
        self.emit(d, f"{', '.join(names)} = scf.execute_region -> ({joined}) {{")
        for o in op.body:
            self.op(o, d + 1)
        self.emit(d + 1, f"scf.yield {', '.join(names)} : {joined}")
        self.emit(d, "}")

    def branch(self, op: m.IfElse, d: int) -> None:
        if op.blocks:
            self.branch_blocks(op, d)
            return
        types = ", ".join(self.rtype(r) for r in op.results)
        arrow = f" -> ({types})" if op.results else ""
        self.emit(d, f"{self.results(op.results)}scf.if %cond{arrow} {{")
        branches = ((op.then_body, op.then_yields, "} else {"), (op.else_body, op.else_yields, "}"))
        for body, yields, last in branches:
            for o in body:
                self.op(o, d + 1)
            if yields:
                self.emit(d + 1, f"scf.yield {', '.join(self.name(y) for y in yields)} : {types}")
            else:
                self.emit(d + 1, "scf.yield")
            self.emit(d, last)

    # ---- functions and module ----

    def function(self, fn: m.Function) -> list[str]:
        self.lines, self.consts, self.ready, self.n_outputs = [], set(), {}, 0
        self.channels, self.scaled, self.n_i32 = {}, set(), False
        for op in fn.body:
            self.op(op, 2)
        channels = self.channel_lines()
        # Resources main returns, awaited first at L2 (before the constants are gathered).
        returned = [self.awaited(v, 2) for v in fn.returns] if fn.public else []
        body = self.lines
        extent = self.extent_lines(fn)  # before the constants are gathered: they use some
        consts = [
            f"    %c{v} = arith.constant {v} : {t}"
            if t == "index"
            else f"    %c{v}_i32 = arith.constant {v} : i32"
            for v, t in sorted(self.consts)
        ]
        if fn.public:
            params = [f"%h{i}: !hal.buffer_view" for i in range(fn.handles)]
            if any(isinstance(o, m.IfElse | m.Select) for o in m.walk(fn.body)):
                params.append("%cond: i1")
            if self.p.extent:
                params.append("%n_i32: i32" if self.p.extent == "i32" else "%n: index")
            outs = [f"%out{i}" for i in range(self.n_outputs)]
            rtypes = ["!hal.buffer_view"] * len(outs)
            outs += returned
            rtypes += [self.rtype(v) for v in fn.returns]
            head = f"  util.func public @{fn.name}({', '.join(params)})"
            attrs = self.config_attrs(on_module=False)
        else:
            outs = [self.name(v) for v in fn.returns]
            rtypes = [self.rtype(v) for v in fn.returns]
            params = [f"{p.name}: {self.rtype(p)}" for p in fn.params]
            if self.p.extent:
                params.insert(0, "%n: index")
            head = f"  util.func private @{fn.name}({', '.join(params)})"
            attrs = []
        if rtypes:
            head += f" -> ({', '.join(rtypes)})"
        if attrs:
            head += f" attributes {{{', '.join(attrs)}}}"
        ret = f"    util.return {', '.join(outs)} : {', '.join(rtypes)}" if outs else "    util.return"
        return [head + " {", *consts, *extent, *channels, *body, ret, "  }"]

    def extent_lines(self, fn: m.Function) -> list[str]:
        """`%n` from main's i32 argument, the dynamic sizes the function uses (`%n<k> = %n * k`, less a
        constant where an offset needs it) and `%n` as an i32 where a dispatch takes it so."""
        if not self.p.extent:
            return []
        out = []
        if fn.public and self.p.extent == "i32":
            out.append("    %n = arith.index_cast %n_i32 : i32 to index")
        for k in sorted({k for k, _ in self.scaled} - {1}):
            out.append(f"    {scaled_name(k, 0)} = arith.muli %n, {self.idx(k)} : index")
        for k, less in sorted((k, less) for k, less in self.scaled if less):
            out.append(
                f"    {scaled_name(k, less)} = arith.subi {scaled_name(k, 0)}, {self.idx(less)} : index"
            )
        if self.n_i32 and not (fn.public and self.p.extent == "i32"):
            out.append("    %n_i32 = arith.index_cast %n : index to i32")
        return out

    def config_attrs(self, on_module: bool) -> list[str]:
        """`stream.resources` and `stream.partitioning`, where the program puts them."""
        c = self.p.configs
        if c.on_module != on_module:
            return []
        attrs = []
        if c.resources is not None:
            r = c.resources
            fields = (
                f"max_allocation_size = {r.max_allocation_size}, "
                f"min_buffer_offset_alignment = {r.min_buffer_offset_alignment}, "
                f"max_buffer_range = {r.max_buffer_range}, "
                f"min_buffer_range_alignment = {r.min_buffer_range_alignment}, "
                f"index_bits = {r.index_bits}, "
                f"alias_mutable_bindings = {str(r.alias_mutable_bindings).lower()}, "
                f"memory_model = {r.memory_model}"
            )
            attrs.append(f"stream.resources = #stream.resource_config<{{{fields}}}>")
        if c.partitioning is not None:
            attrs.append(f'stream.partitioning = #stream.partitioning_config<"{c.partitioning}">')
        return attrs

    def global_lines(self, g: m.Global) -> list[str]:
        """A stored global, or an initialized one with the `util.initializer` that gives it its value (a
        ramp, or one repeated byte for an even `initial`), made on its device unless it is a hoisted one."""
        if g.initial is None:
            return [f"  util.global private mutable @{g.name} : {global_type(g)}"]
        tensor = f"tensor<{g.size}xi8>"
        ramp = f"[{', '.join(str((g.initial + i) % 128) for i in range(g.size))}]"
        data = ramp if g.initial % 2 else g.initial
        on = self.on(g.affinity) if g.pinned else ""
        return [
            f"  util.global private @{g.name} : {global_type(g)}",
            "  util.initializer {",
            f"    %{g.name}_init = stream.tensor.constant {on}: {tensor} in {global_type(g)} = "
            f"dense<{data}> : {tensor}",
            f"    util.global.store %{g.name}_init, @{g.name} : {global_type(g)}",
            "    util.return",
            "  }",
        ]

    def module(self) -> str:
        attrs = []
        if self.p.links and self.has("topology"):
            links = ", ".join(f"(@{a} -> @{b} = {{unified_memory = true}})" for a, b in self.p.links)
            attrs.append(f"stream.topology = #hal.device.topology<links = [{links}]>")
        attrs += self.config_attrs(on_module=True)
        head = f" attributes {{{', '.join(attrs)}}}" if attrs else ""
        out = [f"module{head} {{"]
        out += [f"  util.global private @{d} : !hal.device" for d in self.p.devices]
        for g in self.p.globals:
            out += self.global_lines(g)
        for fn in self.p.functions:
            out += self.function(fn)
        out.append("}")
        return "\n".join(out) + "\n"


def print_program(program: m.Program, target: tuple[int, int] = DEFAULT_TARGET) -> str:
    """MLIR text for `program`, leaving out syntax that release `target` does not parse."""
    return Printer(program, target).module()


def scaled_name(k: int, less: int) -> str:
    """The SSA name of the index `k * %n - less`."""
    return ("%n" if k == 1 else f"%n{k}") + (f"_less{less}" if less else "")


def global_type(g: m.Global) -> str:
    return "!stream.resource<variable>" if g.initial is None else "!stream.resource<constant>"


def expect_attr(devices: tuple[str, ...]) -> str:
    """`fuzz.expect`: one device, or an array of the devices any of which may hold the value (an array
    parses on every release, unlike `#hal.device.optimal`)."""
    affinities = [f"#hal.device.affinity<@{d}>" for d in devices]
    return affinities[0] if len(affinities) == 1 else "[" + ", ".join(affinities) + "]"

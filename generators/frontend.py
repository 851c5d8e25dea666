"""L3: frontend programs (tensors, not resources) that `iree-compile` takes from its input phase to a
module the runtime executes on several local devices.

A `FrontendProgram` is one public `func.func @main` over small static tensors. Arguments carry
`iree.abi.affinity` (the device the caller hands them over on), `flow.tensor.transfer` moves values
between devices, and each result is returned with or without an affinity. Every value knows its
device, so the builder never feeds an op operands that live on two devices: it transfers one first,
as a user would. The program is also data NumPy can evaluate (`oracles.reference`), which is what a
run's results are compared with.

Programs are built from a list of small integer specs (`FrontendSpec`); the builder interprets each
against what came before (operands counted back from the newest value), so Hypothesis shrinks a
failure by deleting specs and lowering numbers.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

import numpy as np
from hypothesis import strategies as st

# Shapes and element types a program's tensors take: few, so operands of matching types are common.
SHAPES: tuple[tuple[int, ...], ...] = ((4,), (8,), (2, 4), (4, 4), (4, 2))
DTYPES = ("f32", "i32")
BINARY: dict[str, tuple[str, ...]] = {
    "f32": ("addf", "subf", "mulf", "maximumf"),
    "i32": ("addi", "subi", "muli", "maxsi"),
}
UNARY: dict[str, tuple[str, ...]] = {"f32": ("negf", "absf"), "i32": ("absi",)}
# What each spec kind builds; the first number of a spec picks one.
KINDS = ("binary", "unary", "transfer", "slice", "insert", "matmul", "constant", "fan_in", "loop", "branch")
MIN_DEVICES, MAX_DEVICES = 2, 4


@dataclass(frozen=True)
class TensorType:
    shape: tuple[int, ...]
    dtype: str

    def mlir(self) -> str:
        return f"tensor<{'x'.join(map(str, self.shape))}x{self.dtype}>"

    def runtime(self) -> str:
        """`iree-run-module`'s spelling of the type, e.g. `2x4xf32`."""
        return f"{'x'.join(map(str, self.shape))}x{self.dtype}"


@dataclass(frozen=True)
class FrontendOp:
    """One tensor op. `kind` is `binary`, `unary`, `transfer`, `slice`, `insert`, `matmul`,
    `constant`, `loop` or `branch`; `name` the arith op for elementwise kinds; `operands` index earlier
    values (arguments first); `device` is where the result lives (the target of a transfer); `offsets`
    place a slice or an insert; `splat` is a constant's value.

    A `loop` is an `scf.for` of `trips` iterations carrying operands[0]: each applies `name` to the
    carried value and operands[1]. A `branch` is an `scf.if` on whether operands[0]'s first element is
    positive: then `name` of both operands, else the negation (`negf`, or `0 - x` for i32) of operands[0].
    With `via` set, the loop body or the else branch runs on that device: the carried value is moved there
    and back inside the region."""

    kind: str
    result: TensorType
    operands: tuple[int, ...] = ()
    device: int | None = None  # None: a constant, usable on every device
    name: str = ""
    offsets: tuple[int, ...] = ()
    splat: int = 0
    trips: int = 0  # a loop's iterations
    via: int | None = None  # the device a loop body or an else branch runs on, when not `device`


@dataclass(frozen=True)
class FrontendResult:
    value: int
    affinity: int | None  # the device `iree.abi.affinity` names on the result, or none


@dataclass(frozen=True)
class FrontendProgram:
    devices: int
    arguments: tuple[tuple[TensorType, int], ...]  # type and device of each argument
    ops: tuple[FrontendOp, ...]
    results: tuple[FrontendResult, ...]
    level: str = "l3"
    pipeline: str = "frontend"

    def type_of(self, value: int) -> TensorType:
        if value < len(self.arguments):
            return self.arguments[value][0]
        return self.ops[value - len(self.arguments)].result

    def device_of(self, value: int) -> int | None:
        if value < len(self.arguments):
            return self.arguments[value][1]
        return self.ops[value - len(self.arguments)].device


@dataclass(frozen=True)
class FrontendSpec:
    devices: int
    arguments: tuple[tuple[int, int, int], ...]  # (shape, dtype, device) choices
    ops: tuple[tuple[int, int, int, int], ...]  # (kind, a, b, c) choices
    results: tuple[tuple[int, int], ...]  # (value, affinity mode) choices


class _Builder:
    """Turns a spec into a valid program: every choice is taken modulo what is possible here."""

    def __init__(self, spec: FrontendSpec) -> None:
        self.n = spec.devices
        self.arguments = tuple(
            (TensorType(SHAPES[s % len(SHAPES)], DTYPES[d % len(DTYPES)]), dev % self.n)
            for s, d, dev in spec.arguments
        )
        self.ops: list[FrontendOp] = []

    def count(self) -> int:
        return len(self.arguments) + len(self.ops)

    def type_of(self, value: int) -> TensorType:
        return (
            self.arguments[value][0]
            if value < len(self.arguments)
            else self.ops[value - len(self.arguments)].result
        )

    def device_of(self, value: int) -> int | None:
        return (
            self.arguments[value][1]
            if value < len(self.arguments)
            else self.ops[value - len(self.arguments)].device
        )

    def add(self, op: FrontendOp) -> int:
        self.ops.append(op)
        return self.count() - 1

    def pick(self, back: int, want: TensorType | None = None, device: int | None = None) -> int | None:
        """The `back`-th newest value (of type `want`, when given; on `device`, preferred)."""
        candidates = [v for v in range(self.count()) if want is None or self.type_of(v) == want]
        if device is not None:
            here = [v for v in candidates if self.device_of(v) in (device, None)]
            candidates = here or candidates
        return candidates[-1 - back % len(candidates)] if candidates else None

    def on(self, value: int, device: int) -> int:
        """`value`, transferred to `device` first when it lives elsewhere (constants live everywhere)."""
        home = self.device_of(value)
        if home is None or home == device:
            return value
        return self.add(FrontendOp("transfer", self.type_of(value), (value,), device))

    def constant(self, type_: TensorType, splat: int) -> int:
        return self.add(FrontendOp("constant", type_, (), None, splat=splat % 5 - 2))

    def build(self, kind: int, a: int, b: int, c: int) -> None:
        x = self.pick(a)
        assert x is not None  # programs have at least one argument
        t, dev = self.type_of(x), self.device_of(x)
        where = dev if dev is not None else b % self.n
        match KINDS[kind % len(KINDS)]:
            case "binary":
                y = self.pick(b, t, where)
                y = self.constant(t, c) if y is None or (y == x and c % 2) else y
                names = BINARY[t.dtype]
                self.add(
                    FrontendOp(
                        "binary", t, (self.on(x, where), self.on(y, where)), where, names[c % len(names)]
                    )
                )
            case "unary":
                names = UNARY[t.dtype]
                self.add(FrontendOp("unary", t, (self.on(x, where),), where, names[b % len(names)]))
            case "transfer":
                target = (where + 1 + b % (self.n - 1)) % self.n if dev is not None else b % self.n
                self.add(FrontendOp("transfer", t, (x,), target))
            case "slice":
                sizes = tuple(max(1, d // (2 if (b >> i) & 1 else 1)) for i, d in enumerate(t.shape))
                offsets = tuple(
                    (c >> (2 * i)) % (d - s + 1) for i, (d, s) in enumerate(zip(t.shape, sizes, strict=True))
                )
                self.add(
                    FrontendOp(
                        "slice", TensorType(sizes, t.dtype), (self.on(x, where),), where, offsets=offsets
                    )
                )
            case "insert":
                small = [v for v in range(self.count()) if self._fits(self.type_of(v), t) and v != x]
                if not small:
                    return
                y = small[-1 - b % len(small)]
                s = self.type_of(y).shape
                offsets = tuple(
                    (c >> (2 * i)) % (d - k + 1) for i, (d, k) in enumerate(zip(t.shape, s, strict=True))
                )
                operands = (self.on(y, where), self.on(x, where))
                self.add(FrontendOp("insert", t, operands, where, offsets=offsets))
            case "matmul":
                if len(t.shape) != 2:
                    return
                m, k = t.shape
                rhs = [
                    v
                    for v in range(self.count())
                    if len(self.type_of(v).shape) == 2
                    and self.type_of(v).shape[0] == k
                    and self.type_of(v).dtype == t.dtype
                ]
                y = (
                    rhs[-1 - b % len(rhs)]
                    if rhs and c % 3
                    else self.constant(TensorType((k, 2 + 2 * (c % 2)), t.dtype), c)
                )
                n = self.type_of(y).shape[1]
                self.add(
                    FrontendOp(
                        "matmul", TensorType((m, n), t.dtype), (self.on(x, where), self.on(y, where)), where
                    )
                )
            case "constant":
                self.constant(TensorType(SHAPES[b % len(SHAPES)], DTYPES[c % len(DTYPES)]), c >> 1)
            case "loop" | "branch":
                # Elementwise kinds only, with an operand of the same type on the same device (a constant
                # when there is none): what the region does is one op, so a repro stays readable.
                y = self.pick(b, t, where)
                y = self.constant(t, c) if y is None or y == x else y
                names = BINARY[t.dtype]
                name = names[(c >> 2) % len(names)]
                via = (where + 1 + (c >> 4) % (self.n - 1)) % self.n if c & 2 else None
                kind_name = KINDS[kind % len(KINDS)]
                trips = 1 + b % 3 if kind_name == "loop" else 0
                operands = (
                    self.on(x, where),
                    self.on(y, via if kind_name == "loop" and via is not None else where),
                )
                self.add(FrontendOp(kind_name, t, operands, where, name, trips=trips, via=via))
            case "fan_in":
                # A value from every device that holds one of this type, gathered on one device and summed.
                target = b % self.n
                same = [
                    v for v in range(self.count()) if self.type_of(v) == t and self.device_of(v) is not None
                ]
                by_device: dict[int, int] = {}
                for v in same:
                    device = self.device_of(v)
                    assert device is not None
                    by_device[device] = v  # the newest value on each device
                total = self.on(x, target)
                for v in by_device.values():
                    if v != x:
                        add = BINARY[t.dtype][0]
                        total = self.add(FrontendOp("binary", t, (total, self.on(v, target)), target, add))

    @staticmethod
    def _fits(small: TensorType, big: TensorType) -> bool:
        return (
            small.dtype == big.dtype
            and len(small.shape) == len(big.shape)
            and all(s <= b for s, b in zip(small.shape, big.shape, strict=True))
        )

    def results(self, picks: tuple[tuple[int, int], ...]) -> tuple[FrontendResult, ...]:
        # The newest value is always returned: the program's last op is never dead code.
        chosen: list[FrontendResult] = []
        for back, mode in ((0, picks[0][1] if picks else 0), *picks[1:]):
            value = self.count() - 1 - back % self.count()
            if any(r.value == value for r in chosen):
                continue
            home = self.device_of(value)
            # Mode 0: no affinity; 1: the device the value lives on; 2 and up: another device (the
            # compiler must move it there before handing it over).
            affinity = (
                None if mode % 4 == 0 else home if mode % 4 == 1 and home is not None else mode % self.n
            )
            chosen.append(FrontendResult(value, affinity))
        return tuple(chosen)


def build_frontend(spec: FrontendSpec) -> FrontendProgram:
    builder = _Builder(spec)
    for kind, a, b, c in spec.ops:
        builder.build(kind, a, b, c)
    return without_dead_ops(
        FrontendProgram(spec.devices, builder.arguments, tuple(builder.ops), builder.results(spec.results))
    )


def without_dead_ops(program: FrontendProgram) -> FrontendProgram:
    """The program without ops no result depends on: the compiler would delete them anyway, and a repro
    an engineer reads should not have them (arguments stay: they are the function's signature)."""
    base = len(program.arguments)
    live = {r.value for r in program.results}
    for index in range(len(program.ops) - 1, -1, -1):
        if base + index in live:
            live.update(program.ops[index].operands)
    renumber = {v: v for v in range(base)}
    kept: list[FrontendOp] = []
    for index, op in enumerate(program.ops):
        if base + index in live:
            renumber[base + index] = base + len(kept)
            kept.append(replace(op, operands=tuple(renumber[v] for v in op.operands)))
    results = tuple(replace(r, value=renumber[r.value]) for r in program.results)
    return replace(program, ops=tuple(kept), results=results)


def on_one_device(program: FrontendProgram) -> FrontendProgram:
    """The same program with every device collapsed onto the first: arguments, ops and result affinities
    all name @d0, and each transfer (kept) moves a value to the device it is on. It must compute the same
    results: what L3's option-equivalence oracle checks."""
    ops = tuple(
        replace(op, device=None if op.device is None else 0, via=None if op.via is None else 0)
        for op in program.ops
    )
    results = tuple(replace(r, affinity=None if r.affinity is None else 0) for r in program.results)
    arguments = tuple((t, 0) for t, _ in program.arguments)
    return replace(program, devices=1, arguments=arguments, ops=ops, results=results)


SMALL = st.integers(0, 255)


@st.composite
def frontend_specs(draw: st.DrawFn, max_devices: int = MAX_DEVICES, size: int | None = None) -> FrontendSpec:
    devices = draw(st.integers(MIN_DEVICES, max(MIN_DEVICES, min(max_devices, MAX_DEVICES))))
    arguments = draw(st.lists(st.tuples(SMALL, SMALL, SMALL), min_size=1, max_size=3))
    ops_max = 12 if size is None else max(1, size)
    ops = draw(st.lists(st.tuples(SMALL, SMALL, SMALL, SMALL), min_size=1, max_size=ops_max))
    results = draw(st.lists(st.tuples(SMALL, SMALL), min_size=1, max_size=3))
    return FrontendSpec(devices, tuple(arguments), tuple(ops), tuple(results))


def frontend_programs(
    max_devices: int = MAX_DEVICES, size: int | None = None
) -> st.SearchStrategy[FrontendProgram]:
    return frontend_specs(max_devices, size).map(build_frontend)


# Inputs are small nonzero integers, floats too: sums and products stay exact, so NumPy and the device agree
# bit for bit except where an accumulation order differs (matmul).
# No zeros: fresh device memory reads as zeros, so a missing write into a result that should be 0 goes
# unseen, and a witness shrunk to zero inputs would fail only on reused memory. Shrinks toward 1.
INPUT = st.sampled_from((1, -1, 2, -2, 3, -3, 4, -4))


@st.composite
def frontend_cases(
    draw: st.DrawFn, max_devices: int = MAX_DEVICES, size: int | None = None
) -> tuple[FrontendProgram, tuple[np.ndarray, ...]]:
    """A program and inputs for it, one array per argument."""
    program = draw(frontend_programs(max_devices, size))
    inputs = []
    for type_, _ in program.arguments:
        count = int(np.prod(type_.shape))
        values = draw(st.lists(INPUT, min_size=count, max_size=count))
        inputs.append(np.array(values, np.float32 if type_.dtype == "f32" else np.int32).reshape(type_.shape))
    return program, tuple(inputs)


# -- printing ---------------------------------------------------------------------------------------


def device_global(index: int) -> str:
    """A device the runtime opens locally: a local device with its own ordinal (two globals with one
    target attribute are folded into one device by iree-util-fold-globals), running vmvx bytecode."""
    return (
        f'util.global private @d{index} = #hal.device.target<"local", {{ordinal = {index} : index}}, '
        '[#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device'
    )


def _affinity(device: int) -> str:
    return f"#hal.device.affinity<@d{device}>"


def print_frontend(program: FrontendProgram) -> str:
    args = ", ".join(
        f"%v{i}: {t.mlir()} {{iree.abi.affinity = {_affinity(d)}}}"
        for i, (t, d) in enumerate(program.arguments)
    )
    result_types = ", ".join(
        program.type_of(r.value).mlir()
        + (f" {{iree.abi.affinity = {_affinity(r.affinity)}}}" if r.affinity is not None else "")
        for r in program.results
    )
    lines = [device_global(i) for i in range(program.devices)]
    lines.append(f"func.func @main({args}) -> ({result_types}) {{")
    base = len(program.arguments)
    for index, op in enumerate(program.ops):
        lines += [f"  {line}" for line in _op_lines(program, base + index, op)]
    returned = ", ".join(f"%v{r.value}" for r in program.results)
    types = ", ".join(program.type_of(r.value).mlir() for r in program.results)
    lines += [f"  return {returned} : {types}", "}"]
    return "\n".join(lines) + "\n"


def _op_lines(program: FrontendProgram, index: int, op: FrontendOp) -> list[str]:
    out, t = f"%v{index}", op.result.mlir()
    ins = [f"%v{v}" for v in op.operands]
    types = [program.type_of(v).mlir() for v in op.operands]
    match op.kind:
        case "binary":
            return [f"{out} = arith.{op.name} {ins[0]}, {ins[1]} : {t}"]
        case "unary":
            if op.name == "absi":
                return [f"{out} = math.absi {ins[0]} : {t}"]
            dialect = "math" if op.name == "absf" else "arith"
            return [f"{out} = {dialect}.{op.name} {ins[0]} : {t}"]
        case "transfer":
            return [f"{out} = flow.tensor.transfer {ins[0]} : {t} to {_affinity(op.device or 0)}"]
        case "constant":
            value = f"{op.splat}.0" if op.result.dtype == "f32" else str(op.splat)
            return [f"{out} = arith.constant dense<{value}> : {t}"]
        case "slice":
            sizes = ", ".join(map(str, op.result.shape))
            ones = ", ".join("1" for _ in op.result.shape)
            offsets = ", ".join(map(str, op.offsets))
            return [
                f"{out} = tensor.extract_slice {ins[0]}[{offsets}] [{sizes}] [{ones}] : {types[0]} to {t}"
            ]
        case "insert":
            small = program.type_of(op.operands[0])
            sizes = ", ".join(map(str, small.shape))
            ones = ", ".join("1" for _ in small.shape)
            offsets = ", ".join(map(str, op.offsets))
            return [
                f"{out} = tensor.insert_slice {ins[0]} into {ins[1]}[{offsets}] [{sizes}] [{ones}] : "
                f"{types[0]} into {t}"
            ]
        case "loop":
            return _loop_lines(out, op, ins, t)
        case "branch":
            return _branch_lines(out, op, ins, t, program.type_of(op.operands[0]))
        case "matmul":
            zero = "0.0" if op.result.dtype == "f32" else "0"
            elem = op.result.dtype
            return [
                f"{out}_zero = arith.constant {zero} : {elem}",
                f"{out}_empty = tensor.empty() : {t}",
                f"{out}_init = linalg.fill ins({out}_zero : {elem}) outs({out}_empty : {t}) -> {t}",
                f"{out} = linalg.matmul ins({ins[0]}, {ins[1]} : {types[0]}, {types[1]})"
                f" outs({out}_init : {t}) -> {t}",
            ]
    raise ValueError(f"unknown frontend op kind {op.kind!r}")


def _region_body(out: str, op: FrontendOp, t: str, x: str, compute: Callable[[str], list[str]]) -> list[str]:
    """A region's body: `compute(x)` (whose last line defines `{out}_r`), moved to `op.via` and back first
    when set, then the yield."""
    lines = []
    if op.via is not None:
        lines.append(f"{out}_there = flow.tensor.transfer {x} : {t} to {_affinity(op.via)}")
        x = f"{out}_there"
    lines += compute(x)
    result = f"{out}_r"
    if op.via is not None:
        lines.append(f"{out}_back = flow.tensor.transfer {result} : {t} to {_affinity(op.device or 0)}")
        result = f"{out}_back"
    return [f"  {line}" for line in [*lines, f"scf.yield {result} : {t}"]]


def _loop_lines(out: str, op: FrontendOp, ins: list[str], t: str) -> list[str]:
    bounds = f"{out}_lb to {out}_ub step {out}_step"
    return [
        f"{out}_lb = arith.constant 0 : index",
        f"{out}_ub = arith.constant {op.trips} : index",
        f"{out}_step = arith.constant 1 : index",
        f"{out} = scf.for {out}_i = {bounds} iter_args({out}_acc = {ins[0]}) -> ({t}) {{",
        *_region_body(out, op, t, f"{out}_acc", lambda x: [f"{out}_r = arith.{op.name} {x}, {ins[1]} : {t}"]),
        "}",
    ]


def _branch_lines(out: str, op: FrontendOp, ins: list[str], t: str, type_: TensorType) -> list[str]:
    """`scf.if` on the sign of the first element (read on the host: a device-to-host read)."""
    elem = op.result.dtype
    first = ", ".join(f"{out}_c0" for _ in type_.shape)
    zero = "0.0" if elem == "f32" else "0"
    compare = f"arith.cmpf ogt, {out}_x0, {out}_z" if elem == "f32" else f"arith.cmpi sgt, {out}_x0, {out}_z"

    def negate(x: str) -> list[str]:
        if elem == "f32":
            return [f"{out}_r = arith.negf {x} : {t}"]
        return [
            f"{out}_zeros = arith.constant dense<0> : {t}",
            f"{out}_r = arith.subi {out}_zeros, {x} : {t}",
        ]

    return [
        f"{out}_c0 = arith.constant 0 : index",
        f"{out}_x0 = tensor.extract {ins[0]}[{first}] : {t}",
        f"{out}_z = arith.constant {zero} : {elem}",
        f"{out}_p = {compare} : {elem}",
        f"{out} = scf.if {out}_p -> ({t}) {{",
        f"  {out}_then = arith.{op.name} {ins[0]}, {ins[1]} : {t}",
        f"  scf.yield {out}_then : {t}",
        "} else {",
        *_region_body(out, op, t, ins[0], negate),
        "}",
    ]

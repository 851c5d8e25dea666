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

from dataclasses import replace

import numpy as np
from hypothesis import strategies as st

from .frontend_model import (
    BINARY,
    CONCAT_STYLES,
    DTYPES,
    KINDS,
    MAX_DEVICES,
    MIN_DEVICES,
    SHAPES,
    TRANSIENTS_SINCE,
    TRANSIENTS_TYPES,
    UNARY,
    FrontendOp,
    FrontendProgram,
    FrontendResult,
    FrontendSpec,
    TensorType,
)
from .frontend_print import device_global, print_frontend
from .frontend_shapes import (
    build_concat,
    build_forall,
    build_pair,
    build_region,
    build_resource,
    frontend_features,
)


class _Builder:
    """Turns a spec into a valid program: every choice is taken modulo what is possible here."""

    def __init__(self, spec: FrontendSpec) -> None:
        self.n = spec.devices
        self.arguments = tuple(
            (TensorType(SHAPES[s % len(SHAPES)], DTYPES[d % len(DTYPES)]), dev % self.n)
            for s, d, dev in spec.arguments
        )
        # An argument whose shape number's next digit (in three) is 1 is declared with a dynamic first
        # dimension and makes a round trip to another device (`FrontendProgram.dynamic`); a shrink, which
        # lowers the number below len(SHAPES), makes it static.
        self.dynamic = tuple(
            (dev % self.n + 1 + s // (3 * len(SHAPES)) % (self.n - 1)) % self.n
            if s // len(SHAPES) % 3 == 1
            else None
            for s, _, dev in spec.arguments
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
        """A splat constant: an `arith.constant dense<...>`, or a third of the time (never for the small
        choices a shrink ends at) the same values as a `dense_resource` blob."""
        value = splat % 5 - 2
        if (splat // 5) % 3 == 1:
            size = int(np.prod(type_.shape))
            return self.add(FrontendOp("resource", type_, (), None, values=(value,) * size))
        return self.add(FrontendOp("constant", type_, (), None, splat=value))

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
            case "concat":
                build_concat(self, x, where, b, c)
            case "pair":
                build_pair(self, x, where, b, c)
            case "resource":
                build_resource(self, x, a, b, c)
            case "forall":
                build_forall(self, x, where, b, c)
            case "region":
                build_region(self, x, where, b, c)

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
    dynamic = builder.dynamic if any(d is not None for d in builder.dynamic) else ()
    transients, transients_type = transients_of(spec.transients, len(builder.arguments))
    return without_dead_ops(
        FrontendProgram(
            spec.devices,
            builder.arguments,
            tuple(builder.ops),
            builder.results(spec.results),
            dynamic=dynamic,
            transients=transients,
            transients_type=transients_type,
        )
    )


def transients_of(choice: int, arguments: int) -> tuple[int | None, str]:
    """`FrontendSpec.transients` read: where the `iree.abi.transients` argument goes (None: nowhere) and its
    type. A shrink to 0 drops it; one bit of the choice less keeps the argument and changes its type."""
    if choice % 8 != 7:
        return None, TRANSIENTS_TYPES[0]
    kind = TRANSIENTS_TYPES[(choice >> 3) % len(TRANSIENTS_TYPES)]
    return (choice >> 4) % (arguments + 1), kind


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
    dynamic = tuple(None if d is None else 0 for d in program.dynamic)
    return replace(program, devices=1, arguments=arguments, ops=ops, results=results, dynamic=dynamic)


SMALL = st.integers(0, 255)


# The release programs are drawn for when none is named: the pinned compiler's.
DEFAULT_TARGET = (3, 13)


@st.composite
def frontend_specs(
    draw: st.DrawFn,
    max_devices: int = MAX_DEVICES,
    size: int | None = None,
    target: tuple[int, int] = DEFAULT_TARGET,
) -> FrontendSpec:
    """`target`: the release of the compiler the programs are for; what it cannot take is never drawn (an
    `iree.abi.transients` argument before `TRANSIENTS_SINCE`)."""
    devices = draw(st.integers(MIN_DEVICES, max(MIN_DEVICES, min(max_devices, MAX_DEVICES))))
    arguments = draw(st.lists(st.tuples(SMALL, SMALL, SMALL), min_size=1, max_size=3))
    ops_max = 12 if size is None else max(1, size)
    ops = draw(st.lists(st.tuples(SMALL, SMALL, SMALL, SMALL), min_size=1, max_size=ops_max))
    results = draw(st.lists(st.tuples(SMALL, SMALL), min_size=1, max_size=3))
    # Not a draw of its own: the first argument's type number above the bit its type reads, so every draw
    # (and every seeded run's programs, but for the argument) is what it was before the shape existed, and
    # a shrink of that number drops it.
    transients = arguments[0][1] // len(DTYPES) if tuple(target) >= TRANSIENTS_SINCE else 0
    return FrontendSpec(devices, tuple(arguments), tuple(ops), tuple(results), transients)


def frontend_programs(
    max_devices: int = MAX_DEVICES, size: int | None = None, target: tuple[int, int] = DEFAULT_TARGET
) -> st.SearchStrategy[FrontendProgram]:
    return frontend_specs(max_devices, size, target).map(build_frontend)


# Inputs are small nonzero integers, floats too: sums and products stay exact, so NumPy and the device agree
# bit for bit except where an accumulation order differs (matmul).
# No zeros: fresh device memory reads as zeros, so a missing write into a result that should be 0 goes
# unseen, and a witness shrunk to zero inputs would fail only on reused memory. Shrinks toward 1.
INPUT = st.sampled_from((1, -1, 2, -2, 3, -3, 4, -4))


@st.composite
def frontend_cases(
    draw: st.DrawFn,
    max_devices: int = MAX_DEVICES,
    size: int | None = None,
    target: tuple[int, int] = DEFAULT_TARGET,
) -> tuple[FrontendProgram, tuple[np.ndarray, ...]]:
    """A program and inputs for it, one array per tensor argument (none for an `iree.abi.transients`
    argument: the run passes its storage)."""
    program = draw(frontend_programs(max_devices, size, target))
    inputs = []
    for type_, _ in program.arguments:
        count = int(np.prod(type_.shape))
        values = draw(st.lists(INPUT, min_size=count, max_size=count))
        inputs.append(np.array(values, np.float32 if type_.dtype == "f32" else np.int32).reshape(type_.shape))
    return program, tuple(inputs)


__all__ = [
    "BINARY",
    "CONCAT_STYLES",
    "DEFAULT_TARGET",
    "DTYPES",
    "KINDS",
    "MAX_DEVICES",
    "MIN_DEVICES",
    "SHAPES",
    "TRANSIENTS_SINCE",
    "TRANSIENTS_TYPES",
    "UNARY",
    "FrontendOp",
    "FrontendProgram",
    "FrontendResult",
    "FrontendSpec",
    "TensorType",
    "build_frontend",
    "device_global",
    "frontend_cases",
    "frontend_features",
    "frontend_programs",
    "on_one_device",
    "print_frontend",
    "transients_of",
    "without_dead_ops",
]

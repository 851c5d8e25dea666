"""The data of an L3 frontend program (`frontend.py` builds it, `frontend_print.py` prints it,
`oracles.reference` evaluates it): tensor types, ops, results, and the spec a program is built from."""

from __future__ import annotations

from dataclasses import dataclass

# Shapes and element types a program's tensors take: few, so operands of matching types are common.
SHAPES: tuple[tuple[int, ...], ...] = ((4,), (8,), (2, 4), (4, 4), (4, 2))
DTYPES = ("f32", "i32")
BINARY: dict[str, tuple[str, ...]] = {
    "f32": ("addf", "subf", "mulf", "maximumf"),
    "i32": ("addi", "subi", "muli", "maxsi"),
}
UNARY: dict[str, tuple[str, ...]] = {"f32": ("negf", "absf"), "i32": ("absi",)}
# What each spec kind builds; the first number of a spec picks one. New kinds go at the end, so the
# specs of older kinds keep building what they built. `concat` is listed twice: its pieces are values
# already made, so a concat is often not the newest value and is dropped as dead more often than others.
# `region` too, and `forall` (the last kind is drawn more than others: Hypothesis favours the bound 255).
KINDS = (
    "binary",
    "unary",
    "transfer",
    "slice",
    "insert",
    "matmul",
    "constant",
    "fan_in",
    "loop",
    "branch",
    "concat",
    "pair",
    "resource",
    "concat",
    "forall",
    "region",
    "region",
    "forall",
)
MIN_DEVICES, MAX_DEVICES = 2, 4
# How to print a concat: a `tensor.empty` filled by one `tensor.insert_slice` per piece, or `tensor.concat`.
CONCAT_STYLES = ("insert_slice", "tensor.concat")
# The release whose `iree-compile` first takes an `iree.abi.transients` argument (WrapEntryPoints.cpp, the
# storage of `hal.tensor.transients`; IREE's EmplaceTransients and MaterializeTransientSizeQueries passes):
# 3.9.0. Programs for older compilers never have one (`FrontendProgram.transients`).
TRANSIENTS_SINCE = (3, 9)
# The storage argument's types WrapEntryPoints takes.
TRANSIENTS_TYPES = ("buffer", "buffer_view")


@dataclass(frozen=True)
class TensorType:
    shape: tuple[int, ...]
    dtype: str

    def mlir(self) -> str:
        return f"tensor<{'x'.join(map(str, self.shape))}x{self.dtype}>"

    def dynamic(self) -> str:
        """The type with its first dimension dynamic, e.g. `tensor<?x4xf32>`."""
        return f"tensor<{'x'.join(['?', *map(str, self.shape[1:])])}x{self.dtype}>"

    def runtime(self) -> str:
        """`iree-run-module`'s spelling of the type, e.g. `2x4xf32`."""
        return f"{'x'.join(map(str, self.shape))}x{self.dtype}"


@dataclass(frozen=True)
class FrontendOp:
    """One tensor op. `kind` is one of `KINDS`; `name` the arith op for elementwise kinds; `operands` index
    earlier values (arguments first); `device` is where the result lives (the target of a transfer);
    `offsets` place a slice or an insert; `splat` is a constant's value.

    A `loop` is an `scf.for` of `trips` iterations carrying operands[0]: each applies `name` to the
    carried value and operands[1]. A `branch` is an `scf.if` on whether operands[0]'s first element is
    positive: then `name` of both operands, else the negation (`negf`, or `0 - x` for i32) of operands[0].
    With `via` set, the loop body or the else branch runs on that device: the carried value is moved there
    and back inside the region.

    A `concat` joins its operands along `axis`. A `pair` is one `linalg.generic` with two results, `name`
    and `second` of its two operands, joined along `axis`: a producer with several results feeding slices
    of one value. Both join as `style` says (one of `CONCAT_STYLES`). A
    `resource` is a `dense_resource` constant of `values` (row-major; all equal or not), its blob in the
    module's `dialect_resources`.

    A `forall` is a function-level `scf.forall` of `trips` iterations with operands[0] as its `shared_outs`:
    iteration i reads the i-th of `trips` equal slices along dimension 0 of the shared tensor and of
    operands[1], applies `name` and writes the slice back with `tensor.parallel_insert_slice` (so the
    result is `name` of both operands). A `region` is an `scf.execute_region` computing `name` of its two
    operands and then `second` of that and operands[1]; with `via` set, the second op runs on that device
    (the value moved there and back inside the region)."""

    kind: str
    result: TensorType
    operands: tuple[int, ...] = ()
    device: int | None = None  # None: a constant, usable on every device
    name: str = ""
    offsets: tuple[int, ...] = ()
    splat: int = 0
    trips: int = 0  # a loop's (or a forall's) iterations
    via: int | None = None  # where a loop body, an else branch or a region's second op runs, if not `device`
    axis: int = 0  # the dimension a concat or a pair joins along
    second: str = ""  # a pair's (or a region's) second op
    style: str = ""  # how a concat or a pair joins (`CONCAT_STYLES`)
    values: tuple[int, ...] = ()  # a resource's elements


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
    # Per argument: None, or the device its dynamically shaped value makes a round trip to. Such an argument
    # is declared with its first dimension dynamic (`tensor<?x4xf32>`, the run passes its size in the
    # buffer view), moved to that device and back with its `tensor.dim` as the size (an f32 one negated on
    # each side: a dynamically shaped dispatch on each device) and `tensor.cast` to its static type, which
    # the rest of the program uses: its value is the input's. Empty: every argument static.
    dynamic: tuple[int | None, ...] = ()
    # None, or where in @main's signature (0 to len(arguments)) an `iree.abi.transients` argument goes: a
    # `!hal.<transients_type>` the caller passes for the program's transient allocations (IREE 3.9+), sized
    # by the module's transient-size query (`iree.abi.transients.size[.constant]`). It is no value of the
    # program (values number the tensor arguments only) and changes nothing it computes.
    transients: int | None = None
    transients_type: str = "buffer"  # one of `TRANSIENTS_TYPES`

    def type_of(self, value: int) -> TensorType:
        if value < len(self.arguments):
            return self.arguments[value][0]
        return self.ops[value - len(self.arguments)].result

    def device_of(self, value: int) -> int | None:
        if value < len(self.arguments):
            return self.arguments[value][1]
        return self.ops[value - len(self.arguments)].device

    def names_a_device(self) -> bool:
        """Does the code the results depend on name a device: a result's affinity, an argument (imported
        on its device), a transfer, or a loop, branch or region run on another device (`via`)? A program
        that names none is made of constants: IREE finds no device for its work."""
        base = len(self.arguments)
        live = {r.value for r in self.results}
        for index in range(len(self.ops) - 1, -1, -1):
            if base + index in live:
                live.update(self.ops[index].operands)
        return (
            any(r.affinity is not None for r in self.results)
            or any(v < base for v in live)
            or any(
                base + i in live and (op.kind == "transfer" or op.via is not None)
                for i, op in enumerate(self.ops)
            )
        )


@dataclass(frozen=True)
class FrontendSpec:
    devices: int
    arguments: tuple[tuple[int, int, int], ...]  # (shape, dtype, device) choices
    ops: tuple[tuple[int, int, int, int], ...]  # (kind, a, b, c) choices
    results: tuple[tuple[int, int], ...]  # (value, affinity mode) choices
    # An `iree.abi.transients` argument when `transients % 8 == 7` (3.9+ compilers only; `frontend_specs`
    # reads it from the first argument's type number): its type the next bit, its place in the signature
    # the rest (`FrontendProgram.transients`). 0: none.
    transients: int = 0

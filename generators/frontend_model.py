"""The data of an L3 frontend program (`frontend.py` builds it, `frontend_print.py` prints it,
`oracles.reference` evaluates it): tensor types, ops, results, and the spec a program is built from."""

from __future__ import annotations

from dataclasses import dataclass, replace

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
        """Does the code the results depend on still name a device once the compiler has folded what it
        can: a result's affinity, or a result whose computation keeps an argument (imported on its device),
        a transfer, or a loop or region run on another device (`via`)? `FrontendProgram.folded` says which
        values keep what.

        A program that names none has nothing to place its work on: IREE drops the device globals and
        rejects what dispatch is left ("no HAL devices defined in the module"; `default_device` in
        frontend_print.py gives it a module default)."""
        return any(r.affinity is not None for r in self.results) or any(
            self.folded()[r.value].names for r in self.results
        )

    def folded(self) -> tuple[Folded, ...]:
        """Per value, what the compiler may make of it (`Folded`). Conservative toward "names nothing":
        an op that may fold drops the device references of its operands (a wrongly added module default
        is harmless; a missing one makes an invalid program).

        What folds: an op of constants only (a constant, which const-eval computes when it can); `muli` by
        a zero constant and `subi` of a value and itself (arith's folders: a zero splat); an insert that
        covers its whole destination (the destination is gone: `tensor.insert_slice`'s folder) and a slice
        of exactly the inserted part (the inserted value); a loop, forall or region whose op drops its
        carried value (`muli` by zero: a `via` device stays named, its transfers are kept, as a transfer of
        a constant is); and an `scf.if` on a constant condition (the branch not taken goes,
        with its transfers: invalid-program-63647a8d447b)."""
        base = len(self.arguments)
        out: list[Folded] = [Folded(names=True, constant=False, zero=False) for _ in self.arguments]

        def binary(name: str, a: int, b: int) -> Folded:
            x, y = out[a], out[b]
            if (name == "muli" and (x.zero or y.zero)) or (name == "subi" and a == b):
                return Folded(names=False, constant=True, zero=True)
            return Folded(x.names or y.names, x.constant and y.constant, x.zero and y.zero)

        for op in self.ops:
            ins = [out[v] for v in op.operands]
            match op.kind:
                case "constant":
                    value = Folded(False, True, op.splat == 0)
                case "resource":
                    value = Folded(False, True, all(v == 0 for v in op.values))
                case "transfer":
                    value = Folded(True, ins[0].constant, ins[0].zero)
                case "binary" | "forall":
                    value = binary(op.name, *op.operands)
                case "unary":
                    value = ins[0]
                case "slice":
                    source = self._op_of(op.operands[0])
                    exact = (
                        source is not None
                        and source.kind == "insert"
                        and source.offsets == op.offsets
                        and self.type_of(source.operands[0]).shape == op.result.shape
                    )
                    value = out[source.operands[0]] if exact and source is not None else ins[0]
                case "insert":
                    covers = self.type_of(op.operands[0]).shape == op.result.shape
                    value = ins[0] if covers else _joined(ins)
                case "loop":
                    value = binary(op.name, *op.operands)
                    value = replace(value, names=value.names or op.via is not None)
                case "region":
                    first = binary(op.name, *op.operands)
                    out.append(first)  # a stand-in, for `binary` of the first op's result
                    value = binary(op.second, len(out) - 1, op.operands[1])
                    out.pop()
                    value = replace(value, names=value.names or op.via is not None)
                case "branch":
                    then = binary(op.name, *op.operands)
                    if not ins[0].constant:
                        value = Folded(True, False, False)  # the condition reads an argument
                    else:
                        # Either side may be the one kept: names a device only if both do.
                        taken = then.names and (op.via is not None or ins[0].names)
                        value = Folded(taken, True, then.zero or ins[0].zero)
                case "pair":
                    value = _joined([binary(op.name, *op.operands), binary(op.second, *op.operands)])
                case _:  # matmul, concat: nothing folds them away
                    value = _joined(ins)
            out.append(value)
        assert len(out) == base + len(self.ops)
        return tuple(out)

    def _op_of(self, value: int) -> FrontendOp | None:
        return None if value < len(self.arguments) else self.ops[value - len(self.arguments)]


@dataclass(frozen=True)
class Folded:
    """What the compiler may make of a value (`FrontendProgram.folded`): `names`, its computation still
    names a device (reads an argument, or transfers); `constant`, it may be computed at compile time;
    `zero`, it may fold to a zero splat. `constant` and `zero` err toward yes, `names` toward no."""

    names: bool
    constant: bool
    zero: bool


def _joined(parts: list[Folded]) -> Folded:
    """An op that keeps all its operands (zero when one is: a matmul's operand, say)."""
    return Folded(any(p.names for p in parts), all(p.constant for p in parts), any(p.zero for p in parts))


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

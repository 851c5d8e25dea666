"""The runtime oracle of L3: what a frontend program computes, evaluated with NumPy, and how a run's
results are compared with it.

Devices do not change values: a transfer is the identity, so the reference ignores placement and
computes each op as its MLIR op is specified (i32 arithmetic wraps, as two's complement does).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from stream_fuzz.generators.frontend import FrontendOp, FrontendProgram, TensorType

NUMPY_DTYPES = {"f32": np.float32, "i32": np.int32}
# How far a float result may be from NumPy's: inputs are small integers, so most results are exact; a
# matmul or a long chain rounds differently only in the last bits (vmvx accumulates in another order).
TOLERANCE = {"f32": (1e-5, 1e-5), "i32": (0.0, 0.0)}  # (relative, absolute)

_BINARY = {
    "addf": np.add,
    "subf": np.subtract,
    "mulf": np.multiply,
    "maximumf": np.maximum,
    "addi": np.add,
    "subi": np.subtract,
    "muli": np.multiply,
    "maxsi": np.maximum,
}
_UNARY = {"negf": np.negative, "absf": np.abs, "absi": np.abs}


def zeros(type_: TensorType) -> np.ndarray:
    return np.zeros(type_.shape, NUMPY_DTYPES[type_.dtype])


def evaluate(program: FrontendProgram, inputs: tuple[np.ndarray, ...]) -> tuple[np.ndarray, ...]:
    """The program's results for `inputs` (one array per argument, of its type)."""
    values: list[np.ndarray] = [
        np.asarray(x, NUMPY_DTYPES[t.dtype]) for x, (t, _) in zip(inputs, program.arguments, strict=True)
    ]
    with np.errstate(over="ignore", invalid="ignore"):
        for op in program.ops:
            values.append(_apply(op, [values[v] for v in op.operands]))
    return tuple(values[r.value] for r in program.results)


def _apply(op: FrontendOp, ins: list[np.ndarray]) -> np.ndarray:
    dtype = NUMPY_DTYPES[op.result.dtype]
    match op.kind:
        case "binary":
            return _BINARY[op.name](ins[0], ins[1]).astype(dtype)
        case "unary":
            return _UNARY[op.name](ins[0]).astype(dtype)
        case "transfer":
            return ins[0].copy()
        case "constant":
            return np.full(op.result.shape, op.splat, dtype)
        case "resource":
            return np.array(op.values, dtype).reshape(op.result.shape)
        case "concat":
            return np.concatenate(ins, axis=op.axis).astype(dtype)
        case "pair":
            first = _BINARY[op.name](ins[0], ins[1]).astype(dtype)
            second = _BINARY[op.second](ins[0], ins[1]).astype(dtype)
            return np.concatenate((first, second), axis=op.axis)
        case "slice":
            index = tuple(slice(o, o + s) for o, s in zip(op.offsets, op.result.shape, strict=True))
            return ins[0][index].copy()
        case "insert":
            small, big = ins
            out = big.copy()
            out[tuple(slice(o, o + s) for o, s in zip(op.offsets, small.shape, strict=True))] = small
            return out
        case "loop":
            carried = ins[0].copy()
            for _ in range(op.trips):
                carried = _BINARY[op.name](carried, ins[1]).astype(dtype)
            return carried
        case "branch":
            if ins[0].ravel()[0] > 0:
                return _BINARY[op.name](ins[0], ins[1]).astype(dtype)
            return np.negative(ins[0]).astype(dtype)
        case "forall":  # each iteration writes its own slice: together, the whole
            return _BINARY[op.name](ins[0], ins[1]).astype(dtype)
        case "region":
            first = _BINARY[op.name](ins[0], ins[1]).astype(dtype)
            return _BINARY[op.second](first, ins[1]).astype(dtype)
        case "matmul":
            if dtype == np.int32:  # wrap as i32 does, not NumPy's int64 promotion
                return (ins[0].astype(np.int64) @ ins[1].astype(np.int64)).astype(np.int32)
            return (ins[0] @ ins[1]).astype(dtype)
    raise ValueError(f"unknown frontend op kind {op.kind!r}")


@dataclass(frozen=True)
class Mismatch:
    """A result that differs from the reference: which one and the first element that does."""

    result: int
    message: str


def compare(
    types: tuple[TensorType, ...], got: tuple[np.ndarray, ...], expected: tuple[np.ndarray, ...]
) -> tuple[Mismatch, ...]:
    """Each result (of the given types) against the reference, within its element type's tolerance."""
    out: list[Mismatch] = []
    for index, (g, e, t) in enumerate(zip(got, expected, types, strict=True)):
        dtype = t.dtype
        rtol, atol = TOLERANCE[dtype]
        g = np.asarray(g)
        if g.shape != e.shape:
            out.append(Mismatch(index, f"result {index}: shape {g.shape}, expected {e.shape}"))
            continue
        close = np.isclose(g, e, rtol=rtol, atol=atol, equal_nan=True)
        if not close.all():
            where = tuple(int(i) for i in np.argwhere(~close)[0])
            wrong = int((~close).sum())
            out.append(
                Mismatch(
                    index,
                    f"result {index}: {wrong} of {e.size} elements differ; at {list(where)} "
                    f"got {g[where].item()!r}, expected {e[where].item()!r}",
                )
            )
    return tuple(out)


def runtime_literal(array: np.ndarray, type_: TensorType) -> str:
    """`iree-run-module`'s spelling of an input or expected output, e.g. `2x2xf32=1,2,3,4`."""
    values = ",".join(str(int(v)) if type_.dtype == "i32" else _float(float(v)) for v in array.ravel())
    return f"{type_.runtime()}={values}"


def _float(v: float) -> str:
    return str(int(v)) if v.is_integer() else repr(v)

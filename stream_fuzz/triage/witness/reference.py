"""The reference interpreter of a runtime witness: what async stream IR computes, by the stream dialect's
value semantics (StreamOps.td), not by what any compiler does.

Every resource is an immutable value of bytes. An op that writes a resource in place (fill, update, copy,
a tied dispatch result) yields a NEW value: the old one with a range replaced; the old value stays what
it was for every other user. A clone, transfer, barrier or await is the same bytes; an execute or
concurrent region's results are what its body yields. Dispatch bodies are the ones the witness writes
(`dispatch_results`): an executable `e` writes, for result `j` of `n` i32 elements, `base(e, j, n)`
plus, elementwise, the leading elements of every resource operand.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from iree.compiler import ir

Bytes = np.ndarray  # uint8, one per byte of a resource


class Unsupported(Exception):
    """The program uses an op (or a form of one) the witness cannot give correct numbers for."""


@dataclass(frozen=True)
class Signature:
    """One executable body: the byte lengths of a dispatch's resource operands and results, and which
    resource operand each result is tied to (None: a fresh result). `scalars` are the other operands, as
    (position among all operands, type): the body takes them and does not read them; `workload` is how
    many workload values the dispatch passes (its export's workgroup function takes them)."""

    operands: tuple[int, ...]
    results: tuple[int, ...]
    tied: tuple[int | None, ...]
    elem: int = 4  # bytes per element: i32 bodies, i8 where a range is not whole i32s
    scalars: tuple[tuple[int, str], ...] = ()
    workload: int = 0

    @property
    def dtype(self) -> str:
        return "<i4" if self.elem == 4 else "i1"


def base(executable: int, result: int, count: int, dtype: str = "<i4") -> np.ndarray:
    """The constant an executable's result starts from: 1, 2, 3, ... for the first executable's first
    result; +100 per result, +1000 per executable (wrapped to i8 in i8 bodies)."""
    return (np.arange(count, dtype=np.int64) + 1 + 100 * result + 1000 * executable).astype(dtype)


def dispatch_results(executable: int, sig: Signature, operands: list[np.ndarray]) -> list[np.ndarray]:
    """The i32 elements each result's body stores: base + the leading min(len) elements of every operand
    (read before any store). A tied result has its operand's length."""
    out = []
    for j, (size, tied) in enumerate(zip(sig.results, sig.tied, strict=True)):
        count = (sig.operands[tied] if tied is not None else size) // sig.elem
        acc = base(executable, j, count, sig.dtype)
        for x in operands:
            m = min(len(x), count)
            acc[:m] = (acc[:m].astype(np.int64) + x[:m]).astype(sig.dtype)
        out.append(acc)
    return out


def as_elements(data: Bytes, elem: int) -> np.ndarray:
    """The bytes as i32 (elem 4) or i8 (elem 1) elements."""
    if len(data) % elem:
        raise Unsupported(f"a resource of {len(data)} bytes (not whole {8 * elem}-bit elements)")
    return data.view("<i4" if elem == 4 else "i1").copy()


@dataclass(frozen=True)
class Observed:
    """The values the program observes, in order: one list per marked op (a barrier or the return)."""

    points: tuple[tuple[np.ndarray, ...], ...]


DispatchKey = Callable[[ir.Operation], tuple[int, Signature]]


class Interpreter:
    """Runs one function body. `executable_of(op)` says which executable body a dispatch runs."""

    def __init__(self, executable_of: DispatchKey, functions: dict[str, ir.Operation] | None = None) -> None:
        self.executable_of = executable_of
        self.functions = functions or {}  # callees of util.call, by name
        self.env: dict[ir.Value, Bytes] = {}  # resources and buffer views
        self.ints: dict[ir.Value, int] = {}
        self.globals: dict[str, Bytes] = {}
        self.depth = 0

    def int_of(self, value: ir.Value) -> int:
        if value not in self.ints:
            owner = value.owner
            name = owner.name if isinstance(owner, ir.Operation) else "a block argument"
            raise Unsupported(f"a size or offset that is not a constant (from {name})")
        return self.ints[value]

    def bytes_of(self, value: ir.Value) -> Bytes:
        if value not in self.env:
            raise Unsupported(f"a resource the interpreter has no contents for ({value.type})")
        return self.env[value]

    def run_block(self, block: ir.Block) -> list[ir.Value]:
        """Evaluates every op of `block`; returns the terminator's operands."""
        for op in block.operations:
            op = op.operation
            if op.name in ("util.return", "stream.yield", "scf.yield"):
                return list(op.operands)
            self.run_op(op)
        return []

    def run_op(self, op: ir.Operation) -> None:
        name = op.name
        handler = _HANDLERS.get(name)
        if handler is None:
            raise Unsupported(f"'{name}'")
        handler(self, op)

    def segments(self, op: ir.Operation) -> list[list[ir.Value]]:
        sizes = [int(s) for s in ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])]
        out, at = [], 0
        for s in sizes:
            out.append(list(op.operands)[at : at + s])
            at += s
        return out


def _constant(it: Interpreter, op: ir.Operation) -> None:
    with contextlib.suppress(ValueError):
        it.ints[op.results[0]] = ir.IntegerAttr(op.attributes["value"]).value
    # other constants (floats, tensors) are not sizes or patterns: reading one as such is Unsupported


def _pattern(it: Interpreter, value: ir.Value, length: int) -> Bytes:
    width = ir.IntegerType(value.type).width // 8
    if width not in (1, 2, 4) or length % width:
        raise Unsupported(f"a fill of {length} bytes with a {width * 8}-bit pattern")
    one = np.array([it.int_of(value) & (1 << 8 * width) - 1], dtype=f"<u{width}").view(np.uint8)
    return np.tile(one, length // width)


def _splat(it: Interpreter, op: ir.Operation) -> None:
    operands = [v for v in op.operands if not str(v.type).startswith("!stream.timepoint")]
    it.env[op.results[0]] = _pattern(it, operands[0], it.int_of(operands[1]))


def _fill(it: Interpreter, op: ir.Operation) -> None:
    target, _, start, end, _, value = op.operands
    new = it.bytes_of(target).copy()
    s, e = it.int_of(start), it.int_of(end)
    new[s:e] = _pattern(it, value, e - s)
    it.env[op.results[0]] = new


def _update(it: Interpreter, op: ir.Operation) -> None:
    target, _, start, end, update, _ = op.operands
    new = it.bytes_of(target).copy()
    new[it.int_of(start) : it.int_of(end)] = it.bytes_of(update)
    it.env[op.results[0]] = new


def _copy(it: Interpreter, op: ir.Operation) -> None:
    target, _, t_start, _, source, _, s_start, _, length = op.operands
    new = it.bytes_of(target).copy()
    n, s, t = it.int_of(length), it.int_of(s_start), it.int_of(t_start)
    new[t : t + n] = it.bytes_of(source)[s : s + n]
    it.env[op.results[0]] = new


def _slice(it: Interpreter, op: ir.Operation) -> None:
    source, _, start, end, _ = op.operands
    it.env[op.results[0]] = it.bytes_of(source)[it.int_of(start) : it.int_of(end)].copy()


def _same(it: Interpreter, op: ir.Operation) -> None:
    """clone, transfer, stream.async.barrier: the result is the operand's bytes."""
    it.env[op.results[0]] = it.bytes_of(op.operands[0]).copy()


def _passthrough(it: Interpreter, op: ir.Operation) -> None:
    """util.optimization_barrier, stream.timepoint.await: result i is resource operand i."""
    resources = [v for v in op.operands if str(v.type).startswith("!stream.resource")]
    for result, value in zip(op.results, resources, strict=False):
        if str(result.type).startswith("!stream.resource"):
            it.env[result] = it.bytes_of(value)


def _size(it: Interpreter, op: ir.Operation) -> None:
    it.ints[op.results[0]] = len(it.bytes_of(op.operands[0]))


def _nothing(it: Interpreter, op: ir.Operation) -> None:
    """Timepoint ops: no resource contents."""


def _dispatch(it: Interpreter, op: ir.Operation) -> None:
    _, operands, _, starts, ends, _, _ = it.segments(op)
    executable, sig = it.executable_of(op)  # the workload and the scalars change nothing the body stores
    whole = [it.bytes_of(v) for v in operands if str(v.type).startswith("!stream.resource")]
    ranges = [(it.int_of(s), it.int_of(e)) for s, e in zip(starts, ends, strict=True)]
    inputs = [as_elements(w[s:e], sig.elem) for w, (s, e) in zip(whole, ranges, strict=True)]
    for j, (result, data) in enumerate(
        zip(op.results, dispatch_results(executable, sig, inputs), strict=True)
    ):
        tied = sig.tied[j]
        if tied is None:
            it.env[result] = data.astype(sig.dtype).view(np.uint8).copy()
        else:
            new = whole[tied].copy()
            s, e = ranges[tied]
            new[s:e] = data.astype(sig.dtype).view(np.uint8)
            it.env[result] = new


def _region(it: Interpreter, op: ir.Operation) -> None:
    """execute / concurrent: the body sees its captures; the results are what it yields."""
    resources = it.segments(op)[0]
    block = op.regions[0].blocks[0]
    for arg, value in zip(block.arguments, resources, strict=True):
        it.env[arg] = it.bytes_of(value)
    yielded = it.run_block(block)
    for result, value in zip(op.results, yielded, strict=False):
        if str(result.type).startswith("!stream.resource"):
            it.env[result] = it.bytes_of(value)


def _call(it: Interpreter, op: ir.Operation) -> None:
    callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
    function = it.functions.get(callee)
    if function is None or len(function.regions[0].blocks) != 1:
        raise Unsupported(f"'util.call' of @{callee} (not a one-block function of this module)")
    if it.depth > 32:
        raise Unsupported("calls nested deeper than 32 (recursion)")
    block = function.regions[0].blocks[0]
    for arg, value in zip(block.arguments, op.operands, strict=True):
        _bind(it, arg, value)
    it.depth += 1
    returned = it.run_block(block)
    it.depth -= 1
    for result, value in zip(op.results, returned, strict=True):
        _bind(it, result, value)


def _select(it: Interpreter, op: ir.Operation) -> None:
    """arith.select: the operand the i1 picks (a resource, or an index the compiler selected instead)."""
    condition, when_true, when_false = op.operands
    _bind(it, op.results[0], when_true if it.int_of(condition) else when_false)


def _bind(it: Interpreter, to: ir.Value, value: ir.Value) -> None:
    if value in it.env:
        it.env[to] = it.env[value]
    elif value in it.ints:
        it.ints[to] = it.ints[value]


def _global_load(it: Interpreter, op: ir.Operation) -> None:
    name = ir.FlatSymbolRefAttr(op.attributes["global"]).value
    if name not in it.globals:
        raise Unsupported(f"'util.global.load' of @{name} before any store (its contents are not known)")
    it.env[op.results[0]] = it.globals[name]


def _global_store(it: Interpreter, op: ir.Operation) -> None:
    it.globals[ir.FlatSymbolRefAttr(op.attributes["global"]).value] = it.bytes_of(op.operands[0])


def _import(it: Interpreter, op: ir.Operation) -> None:
    """stream.tensor.import: the buffer view's bytes (an argument of @main: the witness's input)."""
    it.env[op.results[0]] = it.bytes_of(op.operands[0])


def _export(it: Interpreter, op: ir.Operation) -> None:
    it.env[op.results[0]] = it.bytes_of(op.operands[0])


def _for(it: Interpreter, op: ir.Operation) -> None:
    lower, upper, step, *inits = op.operands
    block = op.regions[0].blocks[0]
    carried = list(inits)
    for i in range(it.int_of(lower), it.int_of(upper), it.int_of(step)):
        it.ints[block.arguments[0]] = i
        for arg, value in zip(list(block.arguments)[1:], carried, strict=True):
            _bind(it, arg, value)
        carried = it.run_block(block)
        # the next trip's arguments are this trip's yields: copy them out before they are rebound
        snapshot = [(v, it.env.get(v), it.ints.get(v)) for v in carried]
        for v, data, number in snapshot:
            if data is not None:
                it.env[v] = data
            if number is not None:
                it.ints[v] = number
    for result, value in zip(op.results, carried, strict=True):
        _bind(it, result, value)


def _integer_width(value: ir.Value) -> int:
    try:
        width = ir.IntegerType(value.type).width
    except ValueError:
        width = 0
    if width not in (8, 16, 32, 64):
        raise Unsupported(f"a load or store of {value.type} (integers only)")
    return width // 8


def _load(it: Interpreter, op: ir.Operation) -> None:
    source, _, offset = op.operands
    width, at = _integer_width(op.results[0]), it.int_of(offset)
    data = it.bytes_of(source)[at : at + width]
    it.ints[op.results[0]] = int(data.view(f"<i{width}")[0])


def _store(it: Interpreter, op: ir.Operation) -> None:
    target, _, offset, value = op.operands
    width, at = _integer_width(value), it.int_of(offset)
    new = it.bytes_of(target).copy()
    new[at : at + width] = np.array([it.int_of(value)], dtype=f"<i{width}").view(np.uint8)
    it.env[op.results[0]] = new


def _async_constant(it: Interpreter, op: ir.Operation) -> None:
    attr = op.attributes["value"]
    try:
        tensor = ir.RankedTensorType(ir.DenseElementsAttr(attr).type)
        width = ir.IntegerType(tensor.element_type).width
    except ValueError as error:
        raise Unsupported(f"'stream.async.constant' of {attr.type} (dense integers only)") from error
    if width not in (8, 16, 32, 64):
        raise Unsupported(f"'stream.async.constant' of {tensor} (whole-byte integers only)")
    dense = ir.DenseIntElementsAttr(attr)
    values = np.array([dense[i] for i in range(len(dense))], dtype=np.int64).astype(f"<i{width // 8}")
    if ir.DenseElementsAttr(attr).is_splat:
        values = np.full(int(np.prod(tensor.shape)), int(dense[0]), dtype=np.int64).astype(f"<i{width // 8}")
    it.env[op.results[0]] = values.view(np.uint8).copy()


def _if(it: Interpreter, op: ir.Operation) -> None:
    taken = op.regions[0] if it.int_of(op.operands[0]) else op.regions[1]
    if not taken.blocks:  # an if without else yields nothing
        return
    for result, value in zip(op.results, it.run_block(taken.blocks[0]), strict=True):
        _bind(it, result, value)


_HANDLERS: dict[str, Callable[[Interpreter, ir.Operation], None]] = {
    "scf.if": _if,
    "arith.select": _select,
    "stream.async.load": _load,
    "stream.async.store": _store,
    "stream.async.constant": _async_constant,
    "util.call": _call,
    "util.global.load": _global_load,
    "util.global.store": _global_store,
    "stream.tensor.import": _import,
    "stream.tensor.export": _export,
    "scf.for": _for,
    "arith.constant": _constant,
    "stream.async.splat": _splat,
    "stream.async.fill": _fill,
    "stream.async.update": _update,
    "stream.async.copy": _copy,
    "stream.async.slice": _slice,
    "stream.async.clone": _same,
    "stream.async.transfer": _same,
    "stream.async.barrier": _same,
    "util.optimization_barrier": _passthrough,
    "stream.timepoint.await": _passthrough,
    "stream.timepoint.immediate": _nothing,
    "stream.timepoint.join": _nothing,
    "stream.resource.size": _size,
    "stream.async.dispatch": _dispatch,
    "stream.async.execute": _region,
    "stream.async.concurrent": _region,
}

"""Clobbered reads in async stream IR: a value used after an op overwrote it in place.

From `iree-stream-materialize-copy-on-write` on, the stream pipeline keeps one invariant: an op that writes
a resource in place (its result is tied to that operand: fill, update, copy, a tied dispatch, call or
execute) is the last use of the value it overwrites. Copy-on-write inserts clones to make it so; copy
elision removes a clone only where it still holds. A later pass that breaks it (a fold that moves a read
past the write, an elision judged on stale use lists) makes the program read bytes that were already
overwritten: wrong results, whether or not the scheduler then also races the two ops.

`clobbered_reads(module)` checks the invariant on async IR (the worker runs it between
`iree-stream-place-transfer-executions` and `iree-stream-schedule-execution`, where every op is still a
flat `stream.async.*` op in program order). Program order is execution order for one value's users there:
the hazard analysis that schedules them relies on exactly that.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from iree.compiler import ir

# Ops that overwrite operand 0 (their target) in place; their result is that operand's new value.
_WRITES_TARGET = frozenset({"stream.async.fill", "stream.async.update", "stream.async.copy"})
# Ops with a `tied_operands` attribute (indices into their resource operands, -1 for a fresh result),
# and the operand segment their resource operands are: a dispatch's come after its workload.
_TIED_SEGMENT = {
    "stream.async.dispatch": 1,
    "stream.async.call": 0,
    "stream.async.execute": 0,
    "stream.async.concurrent": 0,
}
# Ops whose result is their operand under another name (no bytes move): they alias, they do not read.
_PASSTHROUGH = frozenset({"stream.async.barrier", "stream.async.cast", "stream.timepoint.await"})
# Uses that do not touch the bytes.
_METADATA = frozenset({"stream.resource.size"})
_FUNCTIONS = ("util.func", "func.func", "util.initializer")


@dataclass(frozen=True)
class Clobber:
    """`reader` uses `value` after `writer` overwrote it in place. Plain data (crosses the worker pipe)."""

    value: str  # the overwritten value, as named at the writer
    writer: str  # the writer's first line as printed
    writer_name: str  # e.g. stream.async.fill
    reader: str
    reader_name: str
    location: str  # the reader's location

    def __str__(self) -> str:
        return f"{self.value} is read by '{self.reader}' after '{self.writer}' overwrote it in place"


def clobbered_reads(module: ir.Module) -> list[Clobber]:
    """Every use of a value after an op that wrote it in place, in program order (see the module doc)."""
    found: list[Clobber] = []
    for function in _functions(module):
        aliases = _Aliases()
        ops = list(_walk(function))
        for op in ops:
            if op.name in _PASSTHROUGH:
                for source, result in zip(op.operands, op.results, strict=False):
                    aliases.join(source, result)
        for writer in ops:
            for value in _overwritten(writer):
                for reader in _readers(aliases.of(value), writer):
                    if _after(reader, writer):
                        found.append(_clobber(value, writer, reader))
    return found


def _functions(module: ir.Module) -> Iterator[ir.Operation]:
    for op in module.body.operations:
        if op.operation.name in _FUNCTIONS and op.operation.regions:
            yield op.operation


def _walk(op: ir.Operation) -> Iterator[ir.Operation]:
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                yield child.operation
                yield from _walk(child.operation)


def _overwritten(op: ir.Operation) -> list[ir.Value]:
    """The operands `op` writes in place."""
    if op.name in _WRITES_TARGET:
        return [op.operands[0]]
    segment = _TIED_SEGMENT.get(op.name)
    if segment is None or "tied_operands" not in op.attributes:
        return []
    start = 0
    if "operandSegmentSizes" in op.attributes:
        sizes = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])
        start = sum(sizes[i] for i in range(segment))
    tied = [ir.IntegerAttr(a).value for a in ir.ArrayAttr(op.attributes["tied_operands"])]
    return [op.operands[start + index] for index in tied if index >= 0]


def _readers(values: list[ir.Value], writer: ir.Operation) -> Iterator[ir.Operation]:
    for value in values:
        for use in value.uses:
            user = use.owner.operation
            if user == writer or user.name in _PASSTHROUGH or user.name in _METADATA:
                continue
            yield user


def _after(op: ir.Operation, writer: ir.Operation) -> bool:
    """Does `op` run after `writer`? They are compared in the innermost block holding both (a use
    inside a later op's region counts as that op's); ops in exclusive branches are never ordered."""
    writer_chain = _ancestors(writer)
    for block, ancestor in _ancestors(op):
        mine = next((theirs for other, theirs in writer_chain if other == block), None)
        if mine is None:
            continue
        if mine == ancestor:  # `op` is (inside) the op that holds the writer: its entry came first
            return False
        for sibling in block.operations:
            if sibling.operation == mine:
                return True
            if sibling.operation == ancestor:
                return False
    return False


def _ancestors(op: ir.Operation) -> list[tuple[ir.Block, ir.Operation]]:
    """(block, the op or its ancestor in that block), innermost first, up to the function body."""
    chain: list[tuple[ir.Block, ir.Operation]] = []
    current: ir.Operation | None = op
    while current is not None and current.name not in _FUNCTIONS:
        block = current.block
        chain.append((block, current))
        parent = block.owner
        current = parent.operation if parent is not None else None
    return chain


class _Aliases:
    """Values that are one resource under several names (through barriers, casts and awaits)."""

    def __init__(self) -> None:
        self._members: list[list[ir.Value]] = []

    def join(self, a: ir.Value, b: ir.Value) -> None:
        group_a, group_b = self._group(a), self._group(b)
        if group_a is group_b:
            return
        group_a.extend(group_b)
        self._members = [g for g in self._members if g is not group_b]

    def of(self, value: ir.Value) -> list[ir.Value]:
        return list(self._group(value))

    def _group(self, value: ir.Value) -> list[ir.Value]:
        for group in self._members:
            if any(member == value for member in group):
                return group
        group = [value]
        self._members.append(group)
        return group


def _first_line(op: ir.Operation) -> str:
    text = str(op).strip().splitlines()[0]
    return text if len(text) <= 240 else text[:237] + "..."


def _clobber(value: ir.Value, writer: ir.Operation, reader: ir.Operation) -> Clobber:
    return Clobber(
        value=value.get_name(),
        writer=_first_line(writer),
        writer_name=writer.name,
        reader=_first_line(reader),
        reader_name=reader.name,
        location=str(reader.location),
    )

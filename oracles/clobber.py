"""Clobbered reads in async stream IR: a value used after an op overwrote it in place.

From `iree-stream-materialize-copy-on-write` on, the stream pipeline keeps one invariant: an op that writes
a resource in place (its result is tied to that operand: fill, update, copy, a tied dispatch, call or
execute) is the last use of the value it overwrites. Copy-on-write inserts clones to make it so; copy
elision removes a clone only where it still holds. A later pass that breaks it (a fold that moves a read
past the write, an elision judged on stale use lists) makes the program read bytes that were already
overwritten: wrong results, whether or not the scheduler then also races the two ops.

`clobbered_reads(module)` checks the invariant on async IR (the worker runs it after every pass from
copy-on-write to the end of the async stage). Before scheduling, every op is a flat `stream.async.*` op
and program order is execution order for one value's users: the hazard analysis that schedules them
relies on exactly that. After it, the ops sit in `stream.async.execute` partitions issued in program
order, and in `stream.async.concurrent` waves inside them; a region's arguments are its captures and its
results what it yields, so a read in a later execute or after a wave of a value the earlier one wrote in
place reads overwritten bytes (the scheduler ordered a read after the write it preceded). Within a wave
the order is the region's: a read before a write there is a race, which `wave/race` judges.

Reads and writes are compared as byte ranges of the storage, not as whole values: a read of bytes [a, b)
after an in-place write of [c, d) of the same storage reads overwritten bytes only when the two overlap
(copy-on-write copies nothing for a write the later reads do not see). A range whose offsets or lengths
are not constants, an op whose bytes are not spelled out (a call, a transfer, a clone, a load), and a use
that passes the old value on whole (an in-place writer's target keeps every byte it does not write) count
as the whole resource. An `arith.select` of two resources is one of two storages, which one known only at
run time, and so is an `scf.if` result its branches yield from different storages: the select counts as a
whole read of both, and a write in place through such a value may write either (`_Storage.may_be`), so a
use after it of any value that may be one of those storages is a clobbered read (copy-on-write must copy
it; a copy is new storage and ends the aliasing). Such a clobber has no one storage name to state on the
printed IR: its `scope_*` fields stay empty.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass

from iree.compiler import ir

# Ops that overwrite operand 0 (their target) in place; their result is that operand's new value.
WRITES_TARGET = frozenset(
    {
        "stream.async.fill",
        "stream.async.update",
        "stream.async.copy",
        "stream.async.collective",
        "stream.async.store",
    }
)
# Ops with a `tied_operands` attribute (indices into their resource operands, -1 for a fresh result),
# and the operand segment their resource operands are: a dispatch's come after its workload.
_TIED_SEGMENT = {
    "stream.async.dispatch": 1,
    "stream.async.call": 0,
    "stream.async.execute": 0,
    "stream.async.concurrent": 0,
}
# Ops whose region arguments are their leading resource operands (`with(%x as %arg0, ...)`).
_CAPTURES = frozenset({"stream.async.execute", "stream.async.concurrent"})
# Ops whose result is their operand under another name (no bytes move): the two are one storage.
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
    # Where the clobber can be stated on the printed IR: in the innermost block that holds both the writer
    # and the reader, `scope_value` is the name of the overwritten storage there, `scope_writer` the op of
    # that block which writes it in place (the writer, or the execute/concurrent region holding it, which
    # takes the storage in as `scope_capture`), `scope_end` the block's terminator and `scope_function`
    # the function's name. The storage is not used again after `scope_writer` (the invariant). Empty
    # when the storage has no name there (made inside the region that writes it).
    scope_function: str = ""
    scope_writer: str = ""
    scope_value: str = ""
    scope_capture: str = ""
    scope_end: str = ""
    scope_index: int = 0  # how many ops named `scope_writer` come before it in the function, as printed
    scope_indent: int = 0  # the indentation of the block's ops as iree-opt prints them (in its module)
    # The write went through a value that may be one of several storages (a select, a merging scf.if)
    # and `value` names the one read, which it may have overwritten.
    through_alias: bool = False

    def __str__(self) -> str:
        return f"{self.value} is read by '{self.reader}' after '{self.writer}' overwrote it in place"


def clobbered_reads(module: ir.Module) -> list[Clobber]:
    """Every use of a value after an op that wrote its storage in place, in program order (see the module
    doc). A value is clobbered when it shares the written value's storage (`_Storage`) and was defined
    before the write: the writer's own result, and what is computed from it, are the new contents."""
    found: list[Clobber] = []
    for function in _functions(module):
        storage = _Storage()
        ops = list(_walk(function))
        sharing: dict[ir.Value, list[ir.Value]] = {}  # a storage's root -> every value that may be it
        for value in _values(function, ops):
            for root in storage.may_be(value):
                sharing.setdefault(root, []).append(value)
        for writer in ops:
            if _copies_onto_itself(writer, storage):
                continue  # rewrites the bytes that are there: nothing is lost (copy/overlap judges it)
            for value in _overwritten(writer):
                roots = storage.may_be(value)
                older_values: dict[ir.Value, None] = {}
                for root in roots:
                    if not _carried_into_a_loop(writer, root):  # loop-carried writes are not judged
                        older_values.update(dict.fromkeys(sharing.get(root, ())))
                written = _written_range(writer, value)
                for older in older_values:
                    if not _defined_before(older, writer):
                        continue
                    for reader, read in _readers(older, writer):
                        if _after(reader, writer) and _overlap(read, written):
                            # One storage, or one of those a select (or merging scf.if) may be.
                            aliased = storage.root(older) != storage.root(value)
                            found.append(_clobber(value, writer, reader, older if aliased else None))
    return list(dict.fromkeys(found))  # one read reaches a writer by several names (a result, its yield)


class _Storage:
    """Which values are one resource's storage: an in-place writer's result and the operand it overwrote,
    a barrier's, cast's or await's result and its operand, and a loop's or branch's result and the value
    its body passes through unchanged (or only written in place). A clone, a transfer, a slice, a splat, a
    dispatch's fresh result and a call's result are new storage. A select's result, and an scf.if's whose
    branches yield different storages, are a root of their own that `may_be` relates to the choices."""

    def __init__(self) -> None:
        self._roots: dict[ir.Value, ir.Value] = {}
        self._may_be: dict[ir.Value, frozenset[ir.Value]] = {}

    def may_be(self, value: ir.Value) -> frozenset[ir.Value]:
        """The storages `value` may be at run time: its root, and when that root is a select of resources or
        an scf.if result yielded from different storages (defined outside it), every storage each of those
        may be. One root for any other value."""
        if value not in self._may_be:
            self._may_be[value] = frozenset({self.root(value)})  # a cycle through a loop ends here
            self._may_be[value] = self._find_may_be(value)
        return self._may_be[value]

    def _find_may_be(self, value: ir.Value) -> frozenset[ir.Value]:
        root = self.root(value)
        owner = root.owner
        if isinstance(owner, ir.Block):
            return frozenset({root})
        op = owner.operation
        choices: list[ir.Value] = []
        if op.name == "arith.select" and _is_resource(root):
            choices = [op.operands[1], op.operands[2]]
        elif op.name == "scf.if":
            number = ir.OpResult(root).result_number
            choices = [y.operands[number] for y in _yields(op)]
            choices = [c for c in choices if not _inside(self.root(c), op)]  # made in a branch: new storage
        found = {root}
        for choice in choices:
            found |= self.may_be(choice)
        return frozenset(found)

    def root(self, value: ir.Value) -> ir.Value:
        if value not in self._roots:
            self._roots[value] = value  # a cycle through a loop's back edge ends here
            self._roots[value] = self._find(value)
        return self._roots[value]

    def _find(self, value: ir.Value) -> ir.Value:
        owner = value.owner
        if isinstance(owner, ir.Block):  # a block argument: a loop's iter_arg starts as its initial value
            parent = owner.owner.operation if owner.owner is not None else None
            if parent is not None and parent.name == "scf.for":
                index = ir.BlockArgument(value).arg_number - 1  # after the induction variable
                if index >= 0:
                    return self.root(parent.operands[3 + index])
            if parent is not None and parent.name in _CAPTURES:
                # An execute's or concurrent region's arguments are its captured resources, in order: two
                # captures of one resource are one storage inside the region too.
                return self.root(parent.operands[ir.BlockArgument(value).arg_number])
            return value
        op = owner.operation
        number = ir.OpResult(value).result_number
        if op.name in _PASSTHROUGH:
            return self.root(op.operands[number])
        if op.name in _CAPTURES:
            # A region's results are what it yields (its timepoint result, past them, is not a resource).
            (yielded,) = _yields(op)
            if number < len(yielded.operands):
                return self.root(yielded.operands[number])
            return value
        tied = _tied_operand(op, number)
        if tied is not None:
            return self.root(tied)
        if op.name in ("scf.for", "scf.if"):
            carried = {self.root(y.operands[number]) for y in _yields(op)}
            if op.name == "scf.for" and carried == {self.root(op.regions[0].blocks[0].arguments[1 + number])}:
                return self.root(op.operands[3 + number])
            if op.name == "scf.if" and len(carried) == 1:
                (only,) = carried
                if not _inside(only, op):
                    return only
        return value


def _carried_into_a_loop(writer: ir.Operation, root: ir.Value) -> bool:
    """Is `writer` inside an scf.for whose storage `root` comes from outside the loop (an initial value or
    a capture)? Whether a later iteration or the code after the loop still needs the old bytes depends on
    the iteration, which a walk in program order cannot tell."""
    for _, ancestor in _ancestors(writer):
        if ancestor.name == "scf.for" and ancestor != writer and not _inside(root, ancestor):
            return True
    return False


def _values(function: ir.Operation, ops: list[ir.Operation]) -> list[ir.Value]:
    """Every value of a function: its arguments, block arguments and results, in program order."""
    values: list[ir.Value] = [*function.regions[0].blocks[0].arguments]
    for op in ops:
        values += list(op.results)
        for region in op.regions:
            for block in region.blocks:
                values += list(block.arguments)
    return values


def _yields(op: ir.Operation) -> list[ir.Operation]:
    return [region.blocks[0].operations[len(region.blocks[0].operations) - 1].operation
            for region in op.regions if len(region.blocks)]  # fmt: skip


def _inside(value: ir.Value, op: ir.Operation) -> bool:
    """Is `value` defined inside `op`'s regions?"""
    owner = value.owner
    current = owner.owner.operation if isinstance(owner, ir.Block) and owner.owner is not None else None
    if not isinstance(owner, ir.Block):
        current = owner.operation
    while current is not None:
        if current == op:
            return True
        parent = current.parent
        current = parent.operation if parent is not None else None
    return False


def _tied_operand(op: ir.Operation, result: int) -> ir.Value | None:
    """The operand whose storage `op`'s result `result` is, written in place; None for a fresh result."""
    if op.name in WRITES_TARGET:
        return op.operands[0]
    segment = _TIED_SEGMENT.get(op.name)
    if segment is None or "tied_operands" not in op.attributes:
        return None
    tied = ir.ArrayAttr(op.attributes["tied_operands"])
    if result >= len(tied):  # an execute's timepoint result follows its resources
        return None
    index = ir.IntegerAttr(tied[result]).value
    return op.operands[_segment_start(op, segment) + index] if index >= 0 else None


def _segment_start(op: ir.Operation, segment: int) -> int:
    if "operandSegmentSizes" not in op.attributes:
        return 0
    sizes = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])
    return sum(sizes[i] for i in range(segment))


def _defined_before(value: ir.Value, writer: ir.Operation) -> bool:
    """Was `value` defined before `writer` runs: a result of an earlier op, or an argument of a block
    that holds the writer?"""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return any(block == owner for block, _ in _ancestors(writer))
    return owner.operation != writer and _after(writer, owner.operation)


def _functions(module: ir.Module) -> Iterator[ir.Operation]:
    for op in module.body.operations:
        if op.operation.name in _FUNCTIONS and op.operation.regions and len(op.operation.regions[0].blocks):
            yield op.operation  # not a declaration (no body)


def _walk(op: ir.Operation) -> Iterator[ir.Operation]:
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                yield child.operation
                yield from _walk(child.operation)


def _copies_onto_itself(op: ir.Operation, storage: _Storage) -> bool:
    """stream.async.copy of a range onto the same range of the same storage (operands: target, its size,
    offset and end, then the same for the source, then the length)."""
    if op.name != "stream.async.copy":
        return False
    same_storage = storage.root(op.operands[0]) == storage.root(op.operands[4])
    return same_storage and _same_index(op.operands[2], op.operands[6])


def _same_index(a: ir.Value, b: ir.Value) -> bool:
    if a == b:
        return True
    constants = [_constant(v) for v in (a, b)]
    return constants[0] is not None and constants[0] == constants[1]


def _constant(value: ir.Value) -> int | None:
    owner = value.owner
    if not isinstance(owner, ir.Block) and owner.name == "arith.constant":
        return ir.IntegerAttr(owner.attributes["value"]).value
    return None


def _overwritten(op: ir.Operation) -> list[ir.Value]:
    """The operands `op` writes in place. An execute or concurrent region writes nothing itself: the ops
    in it write its captures (a tied result can also hand a capture back unchanged)."""
    if op.name in _CAPTURES:
        return []
    tied = [_tied_operand(op, number) for number in range(len(op.results))]
    return list(dict.fromkeys(value for value in tied if value is not None))


def _readers(value: ir.Value, writer: ir.Operation) -> Iterator[tuple[ir.Operation, Range]]:
    """Every op that reads `value`'s bytes (other than `writer`), with the byte range it reads."""
    for use in value.uses:
        user = use.owner.operation
        if user == writer or user.name in _METADATA:
            continue
        if _hands_out(user):  # whoever uses the region's result reads it; an unused result reads nothing
            yield from _readers(user.parent.results[use.operand_number], writer)
            continue
        if user.name in _PASSTHROUGH:  # an await, barrier or cast reads no bytes: its result's users do
            if use.operand_number < len(user.results):
                yield from _readers(user.results[use.operand_number], writer)
            continue
        yield user, _read_range(user, use.operand_number, writer)


# A byte range [start, end) of a resource; None when it is not known (the whole resource, to be safe).
Range = tuple[int, int] | None


def _overlap(a: Range, b: Range) -> bool:
    """Do two byte ranges of one storage share a byte? An unknown one shares every byte, an empty one none."""
    if a is None or b is None:
        return True
    return max(a[0], b[0]) < min(a[1], b[1])


def _span(start: ir.Value, end: ir.Value) -> Range:
    """[start, end) when both are constants."""
    first, last = _constant(start), _constant(end)
    return (first, last) if first is not None and last is not None else None


def _written_range(writer: ir.Operation, value: ir.Value) -> Range:
    """The bytes of `value` (an operand `writer` overwrites in place) that `writer` writes."""
    if writer.name in ("stream.async.fill", "stream.async.update"):
        return _span(writer.operands[2], writer.operands[3])  # target, its size, offset, end, ...
    if writer.name == "stream.async.copy":
        return _span(writer.operands[2], writer.operands[3])
    if writer.name == "stream.async.dispatch":  # a tied operand: the range it binds, written as a whole
        ranges = {_dispatch_range(writer, index) for index in _operand_indices(writer, value)}
        return ranges.pop() if len(ranges) == 1 else None
    return None  # a collective, a store, a call, an execute: not spelled out here


def _read_range(reader: ir.Operation, operand: int, writer: ir.Operation) -> Range:
    """The bytes `reader` reads through its operand number `operand`."""
    if reader.name == "stream.async.slice" and operand == 0:
        return _span(reader.operands[2], reader.operands[3])
    if reader.name == "stream.async.copy" and operand == 4:  # the source (the target keeps its other bytes)
        return _span(reader.operands[6], reader.operands[7])
    if reader.name == "stream.async.update" and operand == 4:  # the update is read whole
        size = _constant(reader.operands[5])
        return (0, size) if size is not None else None
    if reader.name == "stream.async.dispatch":
        index = operand - _segment_start(reader, 1)
        if index in _tied_indices(reader):  # written in place: its result keeps the bytes it does not bind
            return None
        return _dispatch_range(reader, index)
    if reader.name in _CAPTURES and operand < len(reader.regions[0].blocks[0].arguments):
        # A capture: the bytes the region's ops read through the block argument.
        reads = [read for _, read in _readers(reader.regions[0].blocks[0].arguments[operand], writer)]
        if not reads or any(read is None for read in reads):
            return None if reads else (0, 0)
        starts, ends = zip(*[read for read in reads if read is not None], strict=True)
        return (min(starts), max(ends))
    return None


def _tied_indices(op: ir.Operation) -> set[int]:
    if "tied_operands" not in op.attributes:
        return set()
    return {ir.IntegerAttr(index).value for index in ir.ArrayAttr(op.attributes["tied_operands"])}


def _operand_indices(op: ir.Operation, value: ir.Value) -> list[int]:
    """Where `value` is among `op`'s resource operands (a dispatch's: counted after its workload)."""
    start = _segment_start(op, 1)
    sizes = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])
    return [i for i in range(sizes[1]) if op.operands[start + i] == value]


def _dispatch_range(op: ir.Operation, index: int) -> Range:
    """[offset, end) of a dispatch's resource operand `index` (`%r[%offset to %end for %length]`). Only
    resource operands have ranges: the n-th resource among the operands has the n-th offset and end."""
    sizes = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])
    start = _segment_start(op, 1)
    operands = [op.operands[start + i] for i in range(sizes[1])]
    if not 0 <= index < len(operands) or not _is_resource(operands[index]):
        return None
    nth = sum(1 for value in operands[:index] if _is_resource(value))
    offsets = _segment_start(op, 3)  # workload, resource operands, their sizes, offsets, ends, ...
    ends = _segment_start(op, 4)
    if nth >= sizes[3] or nth >= sizes[4]:
        return None
    return _span(op.operands[offsets + nth], op.operands[ends + nth])


def _is_resource(value: ir.Value) -> bool:
    return str(value.type).startswith("!stream.resource")


def _hands_out(op: ir.Operation) -> bool:
    """The yield of an execute or concurrent region: it reads nothing itself, the region's result is the
    value (`_Storage`)."""
    parent = op.parent
    return op.name == "stream.yield" and parent is not None and parent.name in _CAPTURES


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


def _first_line(op: ir.Operation) -> str:
    text = str(op).strip().splitlines()[0]
    return text if len(text) <= 240 else text[:237] + "..."


def _clobber(
    value: ir.Value, writer: ir.Operation, reader: ir.Operation, aliased: ir.Value | None = None
) -> Clobber:
    """`aliased`: the value read, when `value` only may be its storage (a select or a merging scf.if): such
    a clobber has no one storage name to state on the printed IR (`_scope`)."""
    name = value.get_name() if aliased is None else f"{aliased.get_name()} (through {value.get_name()})"
    clobber = Clobber(
        value=name,
        writer=_first_line(writer),
        writer_name=writer.name,
        reader=_first_line(reader),
        reader_name=reader.name,
        location=str(reader.location),
        through_alias=aliased is not None,
    )
    scope = _scope(value, writer, reader) if aliased is None else None
    if scope is None:
        return clobber
    function, outer, name, capture, end, index, indent = scope
    return dataclasses.replace(
        clobber,
        scope_function=function,
        scope_writer=outer,
        scope_value=name,
        scope_capture=capture,
        scope_end=end,
        scope_index=index,
        scope_indent=indent,
    )


def _scope(
    value: ir.Value, writer: ir.Operation, reader: ir.Operation
) -> tuple[str, str, str, str, str, int, int] | None:
    """The `scope_*` fields of a Clobber: the storage followed out of the regions that hold the writer (a
    capture of an execute or concurrent region is its operand) up to the block that also holds the reader."""
    reader_blocks = [block for block, _ in _ancestors(reader)]
    meet = next(((b, op) for b, op in _ancestors(writer) if any(b == r for r in reader_blocks)), None)
    function = writer
    while function.name not in _FUNCTIONS and function.parent is not None:
        function = function.parent.operation
    if meet is None or "sym_name" not in function.attributes:
        return None  # not in a function with a name (an initializer)
    block, outer = meet
    capture, overwritten = "", value
    while _inside(value, outer):
        owner = value.owner
        parent = owner.owner.operation if isinstance(owner, ir.Block) and owner.owner is not None else None
        if parent is None or parent.name not in _CAPTURES:
            # Made inside the region that writes it, and handed out of it: no name outside. Stated in the
            # writer's own block, where that hand-out is a use after the write.
            block, outer, capture, value = writer.block, writer, "", overwritten
            break
        capture = value.get_name()
        value = parent.operands[ir.BlockArgument(value).arg_number]
    ops = list(_walk(function))
    return (
        ir.StringAttr(function.attributes["sym_name"]).value,
        outer.name,
        value.get_name(),
        capture if outer != writer else "",
        block.operations[len(block.operations) - 1].operation.name,
        sum(1 for op in ops[: ops.index(outer)] if op.name == outer.name),
        2 * (len(_ancestors(outer)) + 1),  # two spaces a level: the module's, the function's, regions'
    )

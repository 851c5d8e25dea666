"""Program facts: what an L3 program is made of that tells wrong-result bugs apart.

A wrong result's signature says only whether the first wrong result crossed devices (`l3._wrong_shape`),
so every one-device wrong result has one shape, whatever its cause. What tells the causes apart is the
program that computed it: each known wrong-result bug needs a particular arrangement of ops, read here
from the program's text with the MLIR bindings (the tensor program a campaign generates, or the stream IR
of an entry written by hand) and carried on the finding (`Finding.program_facts`), never in its shape:

- `SELF_SLICE_INSERT`: a `tensor.insert_slice` whose source is a `tensor.extract_slice` of its own
  destination, the two ranges overlapping and not the same. DispatchCreation's convertInsertSliceOps
  clones the slice into the insert's dispatch, whose load and store then are overlapping views of one
  buffer (corpus/wrong-result-insert-slice-of-its-own-slice-copied-in-place.mlir).
- `MISALIGNED_SPLAT_SLICE`: a slice of a splat at a byte offset that is not a multiple of the splat
  value's width: a `stream.async.slice` of a `stream.async.splat`, or a `tensor.extract_slice` of a
  `linalg.fill`, `tensor.splat`, `flow.tensor.splat` or splat constant seen through bitcasts and reshapes
  (only a bitcast to a narrower element makes such an offset). PropagateSplatsThroughSlices folds the
  slice into a splat of the same value, dropping the offset
  (corpus/wrong-result-slice-of-a-splat-ignores-the-slice-offset.mlir).
- `RESOURCE_IN_CARRIED_VALUE`: an `scf.for` carrying an integer value whose initial value is computed from
  constants alone (no argument, no `dense_resource`) and whose next value is computed from a
  `dense_resource` constant. arith::ConstantOp::inferResultRanges gives a resource no range, so the back
  edge's join leaves the carried value at the init's single value, which iree-util-optimize-int-arithmetic
  takes for a constant (corpus/wrong-result-int-range-optimization-folds-a-loop-carried-value-next-to-a-
  dense-resource.mlir).

A program that does not read back has no facts: its wrong result is then attributed to no known bug.
"""

from __future__ import annotations

import enum
import math

from iree.compiler import ir

from stream_fuzz.interrupts import not_interruptible
from stream_fuzz.judge.fixes import all_ops, nested_ops


class ProgramFact(enum.Enum):
    SELF_SLICE_INSERT = "self-slice-insert"
    MISALIGNED_SPLAT_SLICE = "misaligned-splat-slice"
    RESOURCE_IN_CARRIED_VALUE = "resource-in-carried-value"


# Ops that keep their operand's bytes in order: a splat seen through them is still the same bytes.
_SAME_BYTES = ("flow.tensor.bitcast", "tensor.bitcast", "flow.tensor.reshape", "tensor.collapse_shape",
               "tensor.expand_shape", "tensor.reshape")  # fmt: skip
_TENSOR_SPLATS = ("tensor.splat", "flow.tensor.splat")
_MAX_DEPTH = 32  # definitions followed back from one value


@not_interruptible
def facts_of(text: str) -> frozenset[ProgramFact]:
    """The facts `text` shows; none when it does not parse."""
    try:
        module = ir.Module.parse(text, ir.Context())
    except ir.MLIRError:
        return frozenset()
    facts: set[ProgramFact] = set()
    for op in all_ops(module):
        if op.name == "tensor.insert_slice" and _inserts_its_own_slice(op):
            facts.add(ProgramFact.SELF_SLICE_INSERT)
        elif op.name in ("stream.async.slice", "tensor.extract_slice") and _misaligned_splat_slice(op):
            facts.add(ProgramFact.MISALIGNED_SPLAT_SLICE)
        elif op.name == "scf.for" and _resource_in_carried_value(op):
            facts.add(ProgramFact.RESOURCE_IN_CARRIED_VALUE)
    return frozenset(facts)


def _producer(value: ir.Value) -> ir.Operation | None:
    """The op defining `value`; None for a block argument."""
    owner = value.owner
    return owner.operation if isinstance(owner, ir.OpView | ir.Operation) else None


def _static(op: ir.Operation, name: str) -> list[int] | None:
    """A static offsets/sizes/strides list; None when any member is dynamic."""
    values = list(ir.DenseI64ArrayAttr(op.attributes[name]))
    return None if any(v == ir.ShapedType.get_dynamic_size() for v in values) else values


def _inserts_its_own_slice(insert: ir.Operation) -> bool:
    source = _producer(insert.operands[0])
    if source is None or source.name != "tensor.extract_slice" or source.operands[0] != insert.operands[1]:
        return False
    ranges = []
    for op in (source, insert):
        offsets, sizes, strides = (_static(op, f"static_{n}") for n in ("offsets", "sizes", "strides"))
        if offsets is None or sizes is None or strides is None:
            return True  # dynamic: they may overlap
        ranges.append([(o, o + (s - 1) * t) for o, s, t in zip(offsets, sizes, strides, strict=True)])
    read, written = ranges
    # The slice the insert's source is taken by (the slice inserted may be of lower rank, not its range).
    overlap = all(a[0] <= b[1] and b[0] <= a[1] for a, b in zip(read, written, strict=False))
    return overlap and read != written


def _constant_index(value: ir.Value) -> int | None:
    op = _producer(value)
    if op is None or op.name != "arith.constant":
        return None
    attr = op.attributes["value"]
    return attr.value if isinstance(attr, ir.IntegerAttr) else None


def _byte_width(element: ir.Type) -> int | None:
    if isinstance(element, ir.IntegerType | ir.FloatType):
        return max(1, element.width // 8)
    return None


def _splat_width(value: ir.Value) -> int | None:
    """The byte width of the value `value` is a splat of (seen through ops that keep its bytes)."""
    for _ in range(_MAX_DEPTH):
        op = _producer(value)
        if op is None:
            return None
        if op.name in _SAME_BYTES:
            value = op.operands[0]
            continue
        if op.name == "stream.async.splat" or op.name in _TENSOR_SPLATS:
            return _byte_width(op.operands[0].type)
        if op.name == "linalg.fill":
            return _byte_width(op.operands[0].type)
        if op.name == "arith.constant":
            attr = op.attributes["value"]
            if isinstance(attr, ir.DenseElementsAttr) and attr.is_splat:
                return _byte_width(ir.ShapedType(attr.type).element_type)
        return None
    return None


def _misaligned_splat_slice(op: ir.Operation) -> bool:
    width = _splat_width(op.operands[0])
    if width is None:
        return False
    if op.name == "stream.async.slice":  # source, its size, the byte offset, end and the result's size
        offset = _constant_index(op.operands[2])
    else:
        offsets = _static(op, "static_offsets")
        source = ir.ShapedType(op.operands[0].type)
        element = _byte_width(source.element_type)
        if offsets is None or element is None or not source.has_static_shape:
            return False
        shape = list(source.shape)
        linear = sum(o * math.prod(shape[i + 1 :]) for i, o in enumerate(offsets))
        offset = linear * element
    return offset is not None and offset % width != 0


def _is_resource(op: ir.Operation | None) -> bool:
    if op is None or op.name != "arith.constant":
        return False
    try:
        ir.DenseResourceElementsAttr(op.attributes["value"])
    except ValueError:
        return False
    return True


def _from_constants_alone(value: ir.Value, depth: int = 0) -> bool:
    """`value` is computed from constants, none of them a `dense_resource` (its range is known)."""
    op = _producer(value)
    if op is None or _is_resource(op) or depth > _MAX_DEPTH:
        return False
    if op.name == "arith.constant":
        return True
    return all(_from_constants_alone(operand, depth + 1) for operand in op.operands)


def _reads_a_resource(value: ir.Value, body: ir.Block) -> bool:
    """`value`, computed in the loop `body`, reads a `dense_resource` constant (from anywhere)."""
    seen: set[ir.Value] = set()
    stack = [value]
    while stack and len(seen) < 256:
        current = stack.pop()
        if current in seen:
            continue
        seen.add(current)
        op = _producer(current)
        if op is None:
            continue
        if _is_resource(op):
            return True
        if _within(op, body):
            stack.extend(op.operands)
            for inner in nested_ops(op):  # a value a nested region reads counts too
                stack.extend(inner.operands)
    return False


def _within(op: ir.Operation, body: ir.Block) -> bool:
    block = op.block
    for _ in range(_MAX_DEPTH):
        if block == body:
            return True
        parent = block.owner
        if parent is None or parent.operation.name in ("func.func", "util.func", "builtin.module"):
            return False
        block = parent.operation.block
    return False


def _resource_in_carried_value(loop: ir.Operation) -> bool:
    body = loop.regions[0].blocks[0]
    inits = list(loop.operands)[3:]
    yielded = list(body.operations)[-1].operands
    for init, carried, next_value in zip(inits, list(body.arguments)[1:], yielded, strict=False):
        element = carried.type
        if isinstance(element, ir.ShapedType):
            element = element.element_type
        if not isinstance(element, ir.IntegerType):
            continue
        if _from_constants_alone(init) and _reads_a_resource(next_value, body):
            return True
    return False


__all__ = ["ProgramFact", "facts_of"]

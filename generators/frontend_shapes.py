"""L3 shapes from IREE's multi-device bugs (issue 26): values joined into disjoint slices of one tensor
(`concat`, some pieces computed on other devices first), a producer with two results feeding such slices
(`pair`), `dense_resource` constants used on a device other than the first (`resource`), a function-level
`scf.forall` writing slices of its `shared_outs` (`forall`) and ops wrapped in an `scf.execute_region`
(`region`); an `iree.abi.transients` argument is the program's (`FrontendProgram.transients`), labelled
here. Each helper
adds ops to a `frontend._Builder` and takes its choices modulo what is possible, as the builder does.
`frontend_features` names the shapes a program has, for `stream-fuzz stats --level l3`."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from .frontend_model import BINARY, CONCAT_STYLES, FrontendOp, FrontendProgram, TensorType


class _Builder(Protocol):
    """What the helpers use of `frontend._Builder` (a protocol: this module must not import that one)."""

    n: int

    def count(self) -> int: ...
    def type_of(self, value: int) -> TensorType: ...
    def device_of(self, value: int) -> int | None: ...
    def add(self, op: FrontendOp) -> int: ...
    def pick(self, back: int, want: TensorType | None = None, device: int | None = None) -> int | None: ...
    def on(self, value: int, device: int) -> int: ...
    def constant(self, type_: TensorType, splat: int) -> int: ...


MAX_JOINED = 16  # the largest dimension a join makes: shapes stay small, so programs compile fast
# A `resource` of equal elements takes one of these (nonzero, as inputs are: a zero hides a missing write).
SPLATS = (1, -1, 2, -2, 3, -3)


def build_concat(builder: _Builder, x: int, where: int, b: int, c: int) -> None:
    """`x` and one or two more values of its type but for the joined dimension, joined along it on `where`;
    unless `c % 3 == 1`, piece i is first doubled on device `where + i` (so the pieces come from several)."""
    t = builder.type_of(x)
    axis = (c >> 3) % len(t.shape)

    def joinable(v: int) -> bool:
        other = builder.type_of(v)
        return (
            other.dtype == t.dtype
            and len(other.shape) == len(t.shape)
            and all(o == s for d, (o, s) in enumerate(zip(other.shape, t.shape, strict=True)) if d != axis)
        )

    candidates = [v for v in range(builder.count()) if joinable(v)]
    pieces, total = [x], t.shape[axis]
    for i in range(1, 2 + b % 2):
        v = candidates[-1 - (b >> (1 + 2 * i)) % len(candidates)]
        if total + builder.type_of(v).shape[axis] > MAX_JOINED:
            break
        pieces.append(v)
        total += builder.type_of(v).shape[axis]
    if len(pieces) < 2:
        return
    joined: list[int] = []
    for i, piece in enumerate(pieces):
        if c % 3 != 1:  # piece i computed on device `where + i`: the pieces come from two or three devices
            there = (where + i) % builder.n
            moved = builder.on(piece, there)
            type_ = builder.type_of(piece)
            piece = builder.add(FrontendOp("binary", type_, (moved, moved), there, BINARY[type_.dtype][0]))
        joined.append(builder.on(piece, where))
    shape = tuple(total if d == axis else s for d, s in enumerate(t.shape))
    style = CONCAT_STYLES[(c >> 6) & 1]
    builder.add(
        FrontendOp("concat", TensorType(shape, t.dtype), tuple(joined), where, axis=axis, style=style)
    )


def build_pair(builder: _Builder, x: int, where: int, b: int, c: int) -> None:
    """Two elementwise ops of `x` and another value in one `linalg.generic`, its results joined into the
    two halves of one tensor (along the axis `c` picks)."""
    t = builder.type_of(x)
    axis = (c >> 4) % len(t.shape)
    if 2 * t.shape[axis] > MAX_JOINED:
        return
    y = builder.pick(b, t, where)
    y = builder.constant(t, c) if y is None or y == x else y
    names = BINARY[t.dtype]
    first, second = names[c % len(names)], names[(c >> 2) % len(names)]
    if second == first:
        second = names[(names.index(first) + 1) % len(names)]
    shape = tuple(2 * s if d == axis else s for d, s in enumerate(t.shape))
    operands = (builder.on(x, where), builder.on(y, where))
    style = CONCAT_STYLES[(c >> 6) & 1]
    pair = FrontendOp("pair", TensorType(shape, t.dtype), operands, where, first, axis=axis, second=second)
    builder.add(replace(pair, style=style))


def build_resource(builder: _Builder, x: int, a: int, b: int, c: int) -> None:
    """A `dense_resource` constant of `x`'s type (all elements equal when `c % 3 == 0`; splat constants are
    resources too, `_Builder.constant`), combined with `x` on a device other than the first: a constant
    IREE may hoist, used where it was not made."""
    t = builder.type_of(x)
    size = 1
    for d in t.shape:
        size *= d
    if c % 3 == 0:
        values = (SPLATS[(c >> 1) % len(SPLATS)],) * size
    else:  # a step coprime to 7 never repeats within 7 elements: never all equal
        start, step = (c >> 1) % 7, 1 + (c >> 4) % 6
        values = tuple((start + i * step) % 7 - 3 for i in range(size))
    target = 1 + b % (builder.n - 1)
    constant = builder.add(FrontendOp("resource", t, (), None, values=values))
    names = BINARY[t.dtype]
    moved = builder.on(x, target)
    operands = (moved, constant) if a % 2 else (constant, moved)
    builder.add(FrontendOp("binary", t, operands, target, names[(c >> 3) % len(names)]))


def build_forall(builder: _Builder, x: int, where: int, b: int, c: int) -> None:
    """A function-level `scf.forall` on `where` with `x` as its shared output, each iteration combining its
    slice (along dimension 0) with the same slice of another value of `x`'s type. Two iterations or as many
    as rows (every shape's first dimension is even) when `c % 8 == 7`, else one (what a shrink ends at).

    Known compiler bug (corpus/crash-affinity-analysis-function-level-scf-forall.mlir, IREE #24775): IREE's
    affinity analysis crashes on a function-level `scf.forall` of more than one iteration (one folds away
    first), on every release from 3.1. Not steered around entirely: it is the shape, and the entry absorbs
    it; but one forall in eight has several iterations: with one in two, 11% of L3 programs crashed the
    compile (each a new worker and a native re-run for its stack), and short runs met little else."""
    t = builder.type_of(x)
    y = builder.pick(b, t, where)
    y = builder.constant(t, c) if y is None or y == x else y
    names = BINARY[t.dtype]
    rows = t.shape[0]
    trips = (rows if (c >> 4) & 1 else 2) if c % 8 == 7 else 1
    operands = (builder.on(x, where), builder.on(y, where))
    builder.add(FrontendOp("forall", t, operands, where, names[(c >> 2) % len(names)], trips=trips))


def build_region(builder: _Builder, x: int, where: int, b: int, c: int) -> None:
    """An `scf.execute_region` on `where`: `name` of `x` and another value of its type, then `second` of
    that and the other value; when `c & 2`, the second op runs on another device (moved there and back
    inside the region, as a loop body's `via`)."""
    t = builder.type_of(x)
    y = builder.pick(b, t, where)
    y = builder.constant(t, c) if y is None or y == x else y
    names = BINARY[t.dtype]
    operands = (builder.on(x, where), builder.on(y, where))
    # Never moved when made of constants alone: IREE evaluates such a value at compile time and its
    # const-eval crashes on the transfer
    # (corpus/crash-consteval-jit-of-a-constant-transferred-to-a-device.mlir).
    computed = any(builder.device_of(v) is not None for v in operands)
    via = (where + 1 + (c >> 4) % (builder.n - 1)) % builder.n if c & 2 and computed else None
    region = FrontendOp("region", t, operands, where, names[c % len(names)], via=via)
    builder.add(replace(region, second=names[(c >> 2) % len(names)]))


def frontend_features(program: FrontendProgram) -> frozenset[str]:
    """The shapes a program has: each op kind (`op_<kind>`), and the shapes of issue 26."""
    base = len(program.arguments)
    labels = {f"op_{op.kind}" for op in program.ops} | {f"devices_{program.devices}"}

    def origin(value: int) -> int | None:
        """Where a value was computed: a transfer's source device."""
        while value >= base and program.ops[value - base].kind == "transfer":
            value = program.ops[value - base].operands[0]
        return program.device_of(value)

    for op in program.ops:
        if op.kind == "concat":
            labels.add("concat_insert_slices" if op.style == "insert_slice" else "concat_tensor_concat")
            if len({origin(v) for v in op.operands} - {None}) >= 2:
                labels.add("concat_pieces_from_2plus_devices")
        if op.kind == "pair":
            labels.add("multi_result_producer_into_slices")
            labels.add("concat_insert_slices" if op.style == "insert_slice" else "concat_tensor_concat")
        if op.kind == "resource":
            labels.add("dense_resource_all_equal" if len(set(op.values)) == 1 else "dense_resource_varied")
        if op.kind == "forall":
            labels.add("forall_shared_outs")
            if op.trips > 1:
                labels.add("forall_multi_iteration")
        if op.kind == "region":
            labels.add("execute_region")
            if op.via is not None:
                labels.add("execute_region_cross_device")
    resources = {base + i for i, op in enumerate(program.ops) if op.kind == "resource"}
    if any(op.device not in (None, 0) and resources & set(op.operands) for op in program.ops):
        labels.add("dense_resource_used_off_first_device")
    if labels & {"concat_insert_slices", "concat_tensor_concat", "multi_result_producer_into_slices"}:
        labels.add("joined_into_slices")
    if labels & {"dense_resource_all_equal", "dense_resource_varied"}:
        labels.add("dense_resource")
    return frozenset(labels | _dynamic_labels(program) | _transients_labels(program))


def _transients_labels(program: FrontendProgram) -> set[str]:
    """An `iree.abi.transients` argument (`FrontendProgram.transients`): a `!hal.buffer_view` one, and one
    whose program hands results over on two or more devices (each result's transients op then names the
    storage imported on its own device)."""
    if program.transients is None:
        return set()
    labels = {"transients_argument"}
    if program.transients_type == "buffer_view":
        labels.add("transients_buffer_view")
    homes = {r.affinity if r.affinity is not None else program.device_of(r.value) for r in program.results}
    if len(homes - {None}) >= 2:
        labels.add("transients_results_on_2plus_devices")
    return labels


def _dynamic_labels(program: FrontendProgram) -> set[str]:
    """Arguments declared with a dynamic first dimension (`FrontendProgram.dynamic`) that the program uses:
    moved to another device and back with their `tensor.dim` as the size, negated on each (f32)."""
    used = {v for op in program.ops for v in op.operands} | {r.value for r in program.results}
    trips = [
        (i, away)
        for i, away in enumerate(program.dynamic)
        if away is not None and i in used and away != program.arguments[i][1]
    ]
    labels = {"dynamic_shape_argument", "dynamic_shape_moved"} if trips else set()
    if any(program.arguments[i][0].dtype == "f32" for i, _ in trips):
        labels.add("dynamic_shape_dispatch")
    return labels

"""A frontend program as MLIR text `iree-compile` reads (every release from 3.1): device globals, one
`func.func @main`, and the `dialect_resources` blobs its `dense_resource` constants name."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .frontend_model import FrontendOp, FrontendProgram, TensorType


def device_global(index: int) -> str:
    """A device the runtime opens locally: a local device with its own ordinal (two globals with one
    target attribute are folded into one device by iree-util-fold-globals), running vmvx bytecode."""
    return (
        f'util.global private @d{index} = #hal.device.target<"local", {{ordinal = {index} : index}}, '
        '[#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device'
    )


def affinity(device: int) -> str:
    return f"#hal.device.affinity<@d{device}>"


# `iree-compile --compile-to=<phase>` keeps the module's `dialect_resources` from 3.12 (IREE #24285): before,
# L3's two-phase compile loses every `dense_resource` blob between the phases, so for those releases the
# same values are printed as a `dense<...>` literal.
RESOURCES_SURVIVE_PHASES = (3, 12)


def print_frontend(program: FrontendProgram, resources: bool = True) -> str:
    """`resources`: print `resource` constants as `dense_resource` blobs (else as `dense<...>` literals;
    see `RESOURCES_SURVIVE_PHASES`)."""
    dynamic = program.dynamic or (None,) * len(program.arguments)
    declared = [
        f"%{'a' if away is not None else 'v'}{i}: {t.dynamic() if away is not None else t.mlir()} "
        f"{{iree.abi.affinity = {affinity(d)}}}"
        for i, ((t, d), away) in enumerate(zip(program.arguments, dynamic, strict=True))
    ]
    if program.transients is not None:
        declared.insert(program.transients, transients_argument(program.transients_type))
    args = ", ".join(declared)
    result_types = ", ".join(
        program.type_of(r.value).mlir()
        + (f" {{iree.abi.affinity = {affinity(r.affinity)}}}" if r.affinity is not None else "")
        for r in program.results
    )
    lines = [device_global(i) for i in range(program.devices)]
    lines.append(f"func.func @main({args}) -> ({result_types}) {{")
    for i, ((t, d), away) in enumerate(zip(program.arguments, dynamic, strict=True)):
        if away is not None:
            lines += [f"  {line}" for line in _dynamic_argument_lines(i, t, d, away)]
    base = len(program.arguments)
    for index, op in enumerate(program.ops):
        lines += [f"  {line}" for line in _op_lines(program, base + index, op, resources)]
    returned = ", ".join(f"%v{r.value}" for r in program.results)
    types = ", ".join(program.type_of(r.value).mlir() for r in program.results)
    lines += [f"  return {returned} : {types}", "}"]
    if (default := default_device(program)) is not None:
        lines = [f"module attributes {{stream.affinity.default = {affinity(default)}}} {{", *lines, "}"]
    lines += _resources(program) if resources else []
    return "\n".join(lines) + "\n"


def default_device(program: FrontendProgram) -> int | None:
    """The module's default device (`stream.affinity.default`), for a program whose live code names no
    device once folded (`FrontendProgram.names_a_device`: an argument read only through `muli` by zero, a
    transfer only in the branch an `scf.if` on a constant does not take, name none) and computes
    something: the device the builder took for its newest value (an op on constants is on the device it
    was built for, but nothing in the text says so). Else None.

    Without it IREE has no device for that work. Nothing places it and the module has no default device
    (MaterializeTargetDevices.cpp sets one from `hal.device.targets`, `hal.device.default` or the device
    flags; the last two name a device by string, too late: 3.13 still rejects this program with either);
    the device globals, referenced only by the imports of unused arguments, go with them (the ABI
    pipeline's symbol-dce); and a dispatch left (a loop or branch const-eval does not fold) fails with "no
    HAL devices defined in the module" (MaterializeInterfaces.cpp): IREE's design, not a bug. A module
    default, not a function's `stream.affinity`: 3.13 rejects a slice of a constant returned under the
    latter ("failed to legalize unresolved target materialization";
    corpus/invalid-program-stream-conversion-of-a-load-above-its-global.mlir). A program that only returns
    constants gets none: it needs no executable (and is the shape of
    corpus/crash-memoize-outlining-of-fills-on-an-elided-device.mlir)."""
    if program.names_a_device() or all(op.kind in ("constant", "resource") for op in program.ops):
        return None
    return program.device_of(program.results[0].value) or 0


def transients_argument(type_: str) -> str:
    """The argument that hands IREE the storage for the call's transient allocations (3.9+)."""
    return f"%transients: !hal.{type_} {{iree.abi.transients}}"


def _dynamic_argument_lines(i: int, t: TensorType, home: int, away: int) -> list[str]:
    """Argument `%a<i>`, declared with a dynamic first dimension: its size read with `tensor.dim`, moved to
    `away` and back with that size (an f32 one negated on each device, so its value is the input's), then
    cast to its static type as `%v<i>`."""
    a, dyn = f"%a{i}", t.dynamic()
    out = [f"{a}_c0 = arith.constant 0 : index", f"{a}_dim = tensor.dim {a}, {a}_c0 : {dyn}"]
    out.append(f"{a}_away = flow.tensor.transfer {a} : {dyn}{{{a}_dim}} to {affinity(away)}")
    there = f"{a}_away"
    if t.dtype == "f32":
        out.append(f"{a}_neg = arith.negf {a}_away : {dyn}")
        there = f"{a}_neg"
    out.append(f"{a}_back = flow.tensor.transfer {there} : {dyn}{{{a}_dim}} to {affinity(home)}")
    back = f"{a}_back"
    if t.dtype == "f32":
        out.append(f"{a}_pos = arith.negf {a}_back : {dyn}")
        back = f"{a}_pos"
    out.append(f"%v{i} = tensor.cast {back} : {dyn} to {t.mlir()}")
    return out


def blob_key(index: int) -> str:
    """The `dialect_resources` key of value `index`'s `dense_resource` constant."""
    return f"blob_v{index}"


def blob(op: FrontendOp) -> str:
    """A resource's blob as MLIR spells it: the alignment (a little-endian u32), then the elements'
    little-endian bytes."""
    dtype = np.dtype("<f4") if op.result.dtype == "f32" else np.dtype("<i4")
    data = np.array(op.values, dtype).tobytes()
    return "0x" + (np.uint32(4).astype("<u4").tobytes() + data).hex().upper()


def _resources(program: FrontendProgram) -> list[str]:
    base = len(program.arguments)
    entries = [
        f'      {blob_key(base + i)}: "{blob(op)}"'
        for i, op in enumerate(program.ops)
        if op.kind == "resource"
    ]
    if not entries:
        return []
    joined = ",\n".join(entries)
    return ["", "{-#", "  dialect_resources: {", "    builtin: {", joined, "    }", "  }", "#-}"]


def _op_lines(program: FrontendProgram, index: int, op: FrontendOp, resources: bool = True) -> list[str]:
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
            return [f"{out} = flow.tensor.transfer {ins[0]} : {t} to {affinity(op.device or 0)}"]
        case "constant":
            value = f"{op.splat}.0" if op.result.dtype == "f32" else str(op.splat)
            return [f"{out} = arith.constant dense<{value}> : {t}"]
        case "resource" if resources:
            return [f"{out} = arith.constant dense_resource<{blob_key(index)}> : {t}"]
        case "resource":
            dtype = np.float32 if op.result.dtype == "f32" else np.int32
            literal = np.array(op.values, dtype).reshape(op.result.shape).tolist()
            return [f"{out} = arith.constant dense<{literal}> : {t}"]
        case "slice":
            sizes = ", ".join(map(str, op.result.shape))
            ones = ", ".join("1" for _ in op.result.shape)
            offsets = ", ".join(map(str, op.offsets))
            return [
                f"{out} = tensor.extract_slice {ins[0]}[{offsets}] [{sizes}] [{ones}] : {types[0]} to {t}"
            ]
        case "insert":
            return [_insert_line(out, ins[0], ins[1], program.type_of(op.operands[0]), op.result, op.offsets)]
        case "concat":
            return _join(out, op, ins, [program.type_of(v) for v in op.operands])
        case "pair":
            return _pair_lines(out, op, ins, program.type_of(op.operands[0]))
        case "loop":
            return _loop_lines(out, op, ins, t)
        case "branch":
            return _branch_lines(out, op, ins, t, program.type_of(op.operands[0]))
        case "forall":
            return _forall_lines(out, op, ins, op.result)
        case "region":
            return _execute_region_lines(out, op, ins, t, program.device_of(op.operands[1]) is None)
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


def _insert_line(
    out: str, small: str, big: str, small_type: TensorType, big_type: TensorType, offsets: tuple[int, ...]
) -> str:
    sizes = ", ".join(map(str, small_type.shape))
    ones = ", ".join("1" for _ in small_type.shape)
    at = ", ".join(map(str, offsets))
    return (
        f"{out} = tensor.insert_slice {small} into {big}[{at}] [{sizes}] [{ones}] : "
        f"{small_type.mlir()} into {big_type.mlir()}"
    )


def _into_slices(out: str, pieces: list[tuple[str, TensorType]], result: TensorType, axis: int) -> list[str]:
    """A `tensor.empty` of `result`, each piece inserted into the next disjoint slice along `axis`."""
    lines = [f"{out}_empty = tensor.empty() : {result.mlir()}"]
    into, at = f"{out}_empty", 0
    for i, (piece, type_) in enumerate(pieces):
        name = out if i == len(pieces) - 1 else f"{out}_part{i}"
        offsets = tuple(at if d == axis else 0 for d in range(len(result.shape)))
        lines.append(_insert_line(name, piece, into, type_, result, offsets))
        into, at = name, at + type_.shape[axis]
    return lines


def _join(out: str, op: FrontendOp, ins: list[str], types: list[TensorType]) -> list[str]:
    """`ins` joined along `op.axis` into `op.result`, as `op.style` says."""
    if op.style == "tensor.concat":
        listed = ", ".join(ins)
        signature = ", ".join(t.mlir() for t in types)
        return [f"{out} = tensor.concat dim({op.axis}) {listed} : ({signature}) -> {op.result.mlir()}"]
    return _into_slices(out, list(zip(ins, types, strict=True)), op.result, op.axis)


def _pair_lines(out: str, op: FrontendOp, ins: list[str], half: TensorType) -> list[str]:
    """One `linalg.generic` computing `name` and `second` of its two operands (one dispatch, two results),
    both joined into one tensor."""
    dims = ", ".join(f"d{i}" for i in range(len(half.shape)))
    identity = f"affine_map<({dims}) -> ({dims})>"
    maps = ", ".join(identity for _ in range(4))
    parallel = ", ".join('"parallel"' for _ in half.shape)
    h, e = half.mlir(), half.dtype
    return [
        f"{out}_init = tensor.empty() : {h}",
        f"{out}_pair:2 = linalg.generic {{indexing_maps = [{maps}], iterator_types = [{parallel}]}} "
        f"ins({ins[0]}, {ins[1]} : {h}, {h}) outs({out}_init, {out}_init : {h}, {h}) {{",
        f"^bb0({out}_a: {e}, {out}_b: {e}, {out}_o0: {e}, {out}_o1: {e}):",
        f"  {out}_first = arith.{op.name} {out}_a, {out}_b : {e}",
        f"  {out}_second = arith.{op.second} {out}_a, {out}_b : {e}",
        f"  linalg.yield {out}_first, {out}_second : {e}, {e}",
        f"}} -> ({h}, {h})",
        *_join(out, op, [f"{out}_pair#0", f"{out}_pair#1"], [half, half]),
    ]


def _region_body(out: str, op: FrontendOp, t: str, x: str, compute: Callable[[str], list[str]]) -> list[str]:
    """A region's body: `compute(x)` (whose last line defines `{out}_r`), moved to `op.via` and back first
    when set, then the yield."""
    lines = []
    if op.via is not None:
        lines.append(f"{out}_there = flow.tensor.transfer {x} : {t} to {affinity(op.via)}")
        x = f"{out}_there"
    lines += compute(x)
    result = f"{out}_r"
    if op.via is not None:
        lines.append(f"{out}_back = flow.tensor.transfer {result} : {t} to {affinity(op.device or 0)}")
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


def _forall_lines(out: str, op: FrontendOp, ins: list[str], type_: TensorType) -> list[str]:
    """`scf.forall` over `op.trips` slices along dimension 0 of its shared output (`ins[0]`): each
    iteration reads its slice of the shared output and of `ins[1]`, and inserts `op.name` of them back."""
    t = type_.mlir()
    chunk = type_.shape[0] // op.trips
    piece = TensorType((chunk, *type_.shape[1:]), type_.dtype)
    offsets = ", ".join([f"{out}_off", *("0" for _ in type_.shape[1:])])
    sizes = ", ".join(map(str, piece.shape))
    ones = ", ".join("1" for _ in type_.shape)
    at = f"[{offsets}] [{sizes}] [{ones}]"
    p = piece.mlir()
    return [
        f"{out} = scf.forall ({out}_i) in ({op.trips}) shared_outs({out}_acc = {ins[0]}) -> ({t}) {{",
        f"  {out}_chunk = arith.constant {chunk} : index",
        f"  {out}_off = arith.muli {out}_i, {out}_chunk : index",
        f"  {out}_a = tensor.extract_slice {out}_acc{at} : {t} to {p}",
        f"  {out}_b = tensor.extract_slice {ins[1]}{at} : {t} to {p}",
        f"  {out}_r = arith.{op.name} {out}_a, {out}_b : {p}",
        "  scf.forall.in_parallel {",
        f"    tensor.parallel_insert_slice {out}_r into {out}_acc{at} : {p} into {t}",
        "  }",
        "}",
    ]


def _execute_region_lines(out: str, op: FrontendOp, ins: list[str], t: str, constant: bool) -> list[str]:
    """`scf.execute_region`: `op.name` of both operands, then `op.second` of that and `ins[1]` (on
    `op.via` when set: both moved there first, but for a `constant` `ins[1]`, and the result moved back)."""
    lines = [f"{out}_first = arith.{op.name} {ins[0]}, {ins[1]} : {t}"]
    first, other = f"{out}_first", ins[1]
    if op.via is not None:
        lines.append(f"{out}_there = flow.tensor.transfer {first} : {t} to {affinity(op.via)}")
        first = f"{out}_there"
        if not constant:
            lines.append(f"{out}_other = flow.tensor.transfer {other} : {t} to {affinity(op.via)}")
            other = f"{out}_other"
    lines.append(f"{out}_r = arith.{op.second} {first}, {other} : {t}")
    result = f"{out}_r"
    if op.via is not None:
        lines.append(f"{out}_back = flow.tensor.transfer {result} : {t} to {affinity(op.device or 0)}")
        result = f"{out}_back"
    body = [f"  {line}" for line in [*lines, f"scf.yield {result} : {t}"]]
    return [f"{out} = scf.execute_region -> {t} {{", *body, "}"]


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

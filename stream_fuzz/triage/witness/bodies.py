"""The executables of a runtime witness: one vmvx body per placeholder dispatch entry and signature.

A body computes `witness_reference.dispatch_results`: it loads every resource operand, then stores, per
result, a constant (`witness_reference.base`) plus, elementwise, the leading elements of every operand; a
tied result is stored into its operand's binding (in place). Elements are i32, or i8 where a range is not
whole i32s. Spelled for 3.13 (`!iree_tensor_ext.dispatch.tensor`).
"""

from __future__ import annotations

from dataclasses import dataclass

from iree.compiler import ir

from stream_fuzz.triage.witness.reference import Signature, Unsupported, base

_TYPE = "!iree_tensor_ext.dispatch.tensor"
_IDENTITY = "affine_map<(d0) -> (d0)>"


@dataclass(frozen=True)
class Entry:
    """One executable function: the dispatch entry `@root::@name` with one signature."""

    root: str
    name: str
    index: int
    sig: Signature


def walk(op: ir.Operation) -> list[ir.Operation]:
    out = []
    for region in op.regions:
        for block in region.blocks:
            for child in block.operations:
                out.append(child.operation)
                out.extend(walk(child.operation))
    return out


def entries_of(functions: list[ir.Operation]) -> list[Entry]:
    """An executable function per dispatch entry and signature, in program order; a second signature of
    one entry gets a name of its own (`@f_2`)."""
    found: dict[tuple[str, str, Signature], Entry] = {}
    for op in (op for function in functions for op in walk(function)):
        if op.name != "stream.async.dispatch":
            continue
        points = ir.ArrayAttr(op.attributes["entry_points"])
        if len(points) != 1:
            raise Unsupported("'stream.async.dispatch' with several entry points")
        root, _, name = str(points[0]).partition("::")
        root, name = root.lstrip("@"), name.lstrip("@")
        sig = _signature(op)
        key = (root, name, sig)
        if key not in found:
            same = sum(1 for r, n, _ in found if (r, n) == (root, name))
            found[key] = Entry(root, name if not same else f"{name}_{same + 1}", len(found), sig)
        _set_entry(op, found[key])
    return list(found.values())


def _set_entry(op: ir.Operation, entry: Entry) -> None:
    op.attributes["entry_points"] = ir.Attribute.parse(f"[@{entry.root}::@{entry.name}]")
    op.attributes["witness.entry"] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), entry.index)


def lookup(entries: list[Entry], op: ir.Operation) -> tuple[int, Signature]:
    entry = entries[ir.IntegerAttr(op.attributes["witness.entry"]).value]
    return entry.index, entry.sig


def owner_of(value: ir.Value) -> ir.Operation | None:
    owner = value.owner
    if isinstance(owner, ir.OpView):
        return owner.operation
    return owner if isinstance(owner, ir.Operation) else None


def _const(value: ir.Value) -> int:
    owner = owner_of(value)
    if isinstance(owner, ir.Operation) and owner.name == "arith.constant":
        return int(ir.IntegerAttr(owner.attributes["value"]).value)
    raise Unsupported("'stream.async.dispatch' with a size that is not a constant")


def _signature(op: ir.Operation) -> Signature:
    sizes = [int(s) for s in ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])]
    operands = list(op.operands)
    at = sizes[0]
    every = operands[at : at + sizes[1]]  # resources and scalars, in order
    at += sizes[1] + sizes[2] + sizes[3] + sizes[4]
    lengths = [_const(v) for v in operands[at : at + sizes[5]]]
    at += sizes[5]
    results = [_const(v) for v in operands[at : at + sizes[6]]]
    resources = [i for i, v in enumerate(every) if str(v.type).startswith("!stream.resource")]
    scalars = tuple((i, str(v.type)) for i, v in enumerate(every) if i not in resources)
    if any(t not in ("i32", "index") for _, t in scalars):
        raise Unsupported(f"'stream.async.dispatch' with a scalar operand of type {scalars[0][1]}")
    tied_attr = op.attributes.get("tied_operands", None)
    tied_list = [int(ir.IntegerAttr(t).value) for t in ir.ArrayAttr(tied_attr)] if tied_attr else []
    # Tied operand indices count the scalars; the body's count resources only.
    tied = tuple(None if i < 0 else resources.index(i) for i in tied_list) or (None,) * len(results)
    # A tied result is the whole resource; its body writes the operand's range.
    tied_results = tuple(lengths[t] if t is not None else r for r, t in zip(results, tied, strict=True))
    elem = 1 if any(n % 4 for n in (*lengths, *tied_results)) else 4
    if len({t for t in tied if t is not None}) != sum(t is not None for t in tied):
        raise Unsupported("'stream.async.dispatch' with two results tied to one operand")
    return Signature(tuple(lengths), tuple(results), tied, elem, scalars, sizes[0])


def executable(root: str, entries: list[Entry]) -> list[str]:
    lines = [f"stream.executable private @{root} {{"]
    for e in entries:
        workload = ", ".join(f"%w{i}: index" for i in range(e.sig.workload))
        lines += [
            f"  stream.executable.export public @{e.name} workgroups({workload}) -> (index, index, index) {{",
            "    %c1 = arith.constant 1 : index",
            "    stream.return %c1, %c1, %c1 : index, index, index",
            "  }",
        ]
    lines.append("  builtin.module {")
    for e in entries:
        lines += ["    " + line for line in _body(e)]
    return [*lines, "  }", "}"]


def _body(e: Entry) -> list[str]:
    """`witness_reference.dispatch_results` as MLIR: loads first, then each result's sum, then stores."""
    sig = e.sig
    element = f"i{8 * sig.elem}"  # i32, or i8 where a range is not whole i32s

    def _tensor(n: int) -> str:
        return f"tensor<{n}x{element}>"

    tied = {t for t in sig.tied if t is not None}
    fresh = [j for j, t in enumerate(sig.tied) if t is None]
    # Bindings %b0.. for the resource operands then the fresh results; the scalars where they are passed.
    args = [f"%b{i}: !stream.binding" for i in range(len(sig.operands) + len(fresh))]
    for position, type_ in sig.scalars:
        args.insert(position, f"%x{position}: {type_}")
    lines = [f"func.func @{e.name}({', '.join(args)}) {{", "  %c0 = arith.constant 0 : index"]
    body: list[str] = []
    stores: list[str] = []
    ins = [n // sig.elem for n in sig.operands]

    def dtype(mode: str, n: int) -> str:
        return f"{_TYPE}<{mode}:{_tensor(n)}>"

    for i, n in enumerate(ins):
        mode = "readwrite" if i in tied else "readonly"
        body.append(f"%s{i} = stream.binding.subspan %b{i}[%c0] : !stream.binding -> {dtype(mode, n)}")
        body.append(
            f"%in{i} = iree_tensor_ext.dispatch.tensor.load %s{i}, offsets = [0], sizes = [{n}], "
            f"strides = [1] : {dtype(mode, n)} -> {_tensor(n)}"
        )
    for j, (size, t) in enumerate(zip(sig.results, sig.tied, strict=True)):
        count = (sig.operands[t] if t is not None else size) // sig.elem
        values = ", ".join(str(v) for v in base(e.index, j, count, sig.dtype))
        acc = f"%acc{j}_0"
        body.append(f"{acc} = arith.constant dense<[{values}]> : {_tensor(count)}")
        for i, n in enumerate(ins):
            m = min(n, count)
            x, p, nxt = f"%in{i}", acc, f"%acc{j}_{i + 1}"
            if m < n:
                body.append(
                    f"%x{j}_{i} = tensor.extract_slice %in{i}[0] [{m}] [1] : {_tensor(n)} to {_tensor(m)}"
                )
                x = f"%x{j}_{i}"
            if m < count:
                body.append(
                    f"%p{j}_{i} = tensor.extract_slice {acc}[0] [{m}] [1] : {_tensor(count)} to {_tensor(m)}"
                )
                p = f"%p{j}_{i}"
            add = nxt if m == count else f"%sum{j}_{i}"
            body += [
                f"{add} = linalg.generic {{indexing_maps = [{_IDENTITY}, {_IDENTITY}], "
                f'iterator_types = ["parallel"]}} ins({x} : {_tensor(m)}) outs({p} : {_tensor(m)}) {{',
                f"^bb0(%a: {element}, %b: {element}):",
                f"  %y = arith.addi %a, %b : {element}",
                f"  linalg.yield %y : {element}",
                f"}} -> {_tensor(m)}",
            ]
            if m < count:
                body.append(
                    f"{nxt} = tensor.insert_slice {add} into {acc}[0] [{m}] [1] : {_tensor(m)} into "
                    f"{_tensor(count)}"
                )
            acc = nxt
        if t is not None:
            target, mode = f"%s{t}", "readwrite"
        else:
            b = len(sig.operands) + fresh.index(j)
            target, mode = f"%o{j}", "writeonly"
            body.append(
                f"{target} = stream.binding.subspan %b{b}[%c0] : !stream.binding -> {dtype(mode, count)}"
            )
        stores.append(
            f"iree_tensor_ext.dispatch.tensor.store {acc}, {target}, offsets = [0], sizes = [{count}], "
            f"strides = [1] : {_tensor(count)} -> {dtype(mode, count)}"
        )
    body += stores  # after every result is computed: a tied store must not feed another result
    return [*lines, *("  " + line for line in body), "  return", "}"]

"""Several programs in one module, compiled once, and the compiled module split back into one per program.

Part of a stream-pipeline compile is paid per module, not per op (each pass's set-up, the pass manager's
walk), so compiling K small programs as one module can cost less than K compiles. IREE's passes are
module-level, so the programs must not see each other in the merged module:

- only programs with the same module attributes (configs, topology) and the same devices share a module
  (`merge_key`); the devices are declared once, under their own names, so every affinity reads as it
  does alone (renaming devices changed what IREE chose for some programs: it orders some choices by
  name or by attribute identity);
- every other top-level symbol of program i (globals, functions) is renamed `@b<i>_<name>`, uses included;
- the compiled module is split back: each program gets the devices, its own ops renamed back and the
  compiled module's attributes. An op that no program or several programs own (a pass that folded two
  programs' constants into one global, say) makes those programs "unsplittable": their batch verdict is
  not trusted, the caller judges them alone.

Nothing here decides what is a finding: a batch only says which programs came out clean; everything else
is judged again alone by the caller (`stream_fuzz.judge.batching`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

DEVICE_TYPE = "!hal.device"


class MergeError(ValueError):
    """The programs cannot share one module (their module attributes or devices differ)."""


def prefix(index: int) -> str:
    return f"b{index}_"


@dataclass(frozen=True)
class Merged:
    module: Any  # the merged ir.Module
    inputs: tuple[Any, ...]  # each program's own module as parsed (unrenamed): the oracle's `before`


def module_attributes(module: Any) -> dict[str, Any]:
    """As attribute objects, not text: a printed `#stream.partitioning_config` does not parse again."""
    attributes = module.operation.attributes
    return {name: attributes[name] for name in attributes}


def merge_key(module: Any) -> tuple[str, ...]:
    """Programs whose keys are equal can share a module: the same module attributes (configs,
    topology) and the same devices, declared alike."""
    attributes = module_attributes(module)
    return (*sorted(f"{k} = {v}" for k, v in attributes.items()), *map(str, _devices(module)))


def merge(ir: Any, context: Any, texts: Sequence[str], inputs: Sequence[Any] = ()) -> Merged:
    """One module holding every program of `texts` (parsed already as `inputs`, when given): their
    devices declared once, every other symbol renamed apart. Raises `ir.MLIRError` when one does not
    parse and `MergeError` when they cannot share a module (`merge_key`)."""
    inputs = tuple(inputs) or tuple(ir.Module.parse(text, context) for text in texts)
    if len({merge_key(module) for module in inputs}) > 1:
        raise MergeError("the programs' module attributes or devices differ")
    merged = ir.Module.parse("module {}", context)
    for name, value in module_attributes(inputs[0]).items():
        merged.operation.attributes[name] = value
    for index, text in enumerate(texts):
        renamed = ir.Module.parse(text, context)  # `inputs` stay as they are for the oracle
        _rename(ir, renamed, lambda name, i=index: prefix(i) + name)
        for op in list(renamed.body.operations):
            if index == 0 or not _is_device(op):
                op.detach_from_parent()
                merged.body.append(op)
    return Merged(merged, inputs)


def split(ir: Any, context: Any, merged: Merged) -> list[Any | None]:
    """The compiled merged module as one module per program (None: not separable, judge it alone):
    each gets the devices, its own ops renamed back, and the compiled module's attributes."""
    count = len(merged.inputs)
    modules = [ir.Module.parse("module {}", context) for _ in range(count)]
    unsplittable: set[int] = set()
    for name, value in module_attributes(merged.module).items():
        for module in modules:
            module.operation.attributes[name] = value
    for op in list(merged.module.body.operations):
        if _is_device(op):
            for module in modules:
                op.operation.clone(ir.InsertionPoint(module.body))
            continue
        owners = _owners(ir, op, count)
        if len(owners) != 1:
            unsplittable |= owners or set(range(count))
            continue
        op.detach_from_parent()
        modules[owners.pop()].body.append(op)
    for index, module in enumerate(modules):
        mark = prefix(index)
        _rename(ir, module, lambda name, mark=mark: name.removeprefix(mark))
    return [None if index in unsplittable else module for index, module in enumerate(modules)]


def _is_device(op: Any) -> bool:
    return op.operation.name == "util.global" and str(op.attributes["type"]) == DEVICE_TYPE


def _devices(module: Any) -> list[Any]:
    return [op for op in module.body.operations if _is_device(op)]


def _rename(ir: Any, module: Any, new_name: Any) -> None:
    """Rename every top-level symbol of `module` and its uses (module attributes excepted)."""
    for op in module.body.operations:
        if "sym_name" not in op.attributes or _is_device(op):  # devices are shared, never renamed
            continue
        old = ir.StringAttr(op.attributes["sym_name"]).value
        new = new_name(old)
        if new != old:
            ir.SymbolTable.replace_all_symbol_uses(old, new, module.operation)
            ir.SymbolTable.set_symbol_name(op, new)


def _owners(ir: Any, op: Any, count: int) -> set[int]:
    """The programs `op` belongs to: the one whose prefix its symbol name carries; for an op without
    a name (an initializer a pass made), every program whose symbols its text mentions."""
    if "sym_name" in op.attributes:
        name = ir.StringAttr(op.attributes["sym_name"]).value
        return {index for index in range(count) if name.startswith(prefix(index))}
    text = str(op)
    return {index for index in range(count) if f"@{prefix(index)}" in text}


def foreign_symbols(text: str, index: int, count: int) -> bool:
    """Program `index`'s split output still names another program's symbol: it used what a pass shared
    between programs (two equal globals folded into one, say), so it is not what it would be alone."""
    return any(f"@{prefix(other)}" in text for other in range(count) if other != index)


# What the worker answers for a program of a batch it cannot vouch for: its group did not compile, did
# not split, or the program broke a rule there. The parent judges it again (alone, or in a smaller batch).
UNSURE = "unsure"
GROUP_FAILED = "group-failed"  # its group did not compile (or merge): bisect the group


def clobbered(found: Sequence[Any], count: int) -> set[int]:
    """The programs a clobbered read of the merged module's async IR is in (every one when the read
    names no function): they are judged again alone, where the read is blamed on its stage."""
    suspects: set[int] = set()
    for clobber in found:
        function = getattr(clobber, "scope_function", "")
        owners = {i for i in range(count) if function.startswith(prefix(i))}
        suspects |= owners or set(range(count))
    return suspects


def reread_suspects(symbols: set[str], count: int) -> set[int]:
    """The programs owning the top-level ops `symbols` of the merged module that read back as other IR
    (`roundtrip.differing_symbols`; every program for an op no program's prefix names)."""
    suspects: set[int] = set()
    for symbol in symbols:
        owners = {i for i in range(count) if symbol.startswith(prefix(i))}
        suspects |= owners or set(range(count))
    return suspects

"""Several programs in one module, compiled once, and the compiled module split back into one per program.

Most of a stream-pipeline compile is paid per module, not per op (each pass's set-up, its pattern sets,
the pass manager's walk), so compiling K small programs as one module costs far less than K compiles.
IREE's passes are module-level, so the programs must not see each other in the merged module:

- every top-level symbol of program i (devices, globals, functions) is renamed `@b<i>_<name>`, uses
  included, so no program shares a device, a global or a callee with another (a device declared once per
  program: the affinity analyses see the same devices per function as alone);
- module attributes other than `stream.topology` (the resource and partitioning configs) must be equal
  across the batch (`merge_key` groups programs by them); the topologies' links, renamed, are joined;
- the compiled module is split back: each top-level op goes to the program whose prefix it carries and is
  renamed back, the module gets that program's own attributes. An op that no program or several programs
  use (a pass that folded two programs' constants into one global, say) makes those programs
  "unsplittable": their batch verdict is not trusted, the caller judges them alone.

Nothing here decides what is a finding: a batch only says which programs came out clean; everything else
is judged again alone by the caller (`stream_fuzz.judge.batching`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

TOPOLOGY = "stream.topology"
CARRIED = "stream_fuzz.batch.topology"
_TOPOLOGY_HEAD = "#hal.device.topology<links = ["


class MergeError(ValueError):
    """The programs cannot share one module (their module attributes differ)."""


def prefix(index: int) -> str:
    return f"b{index}_"


@dataclass(frozen=True)
class Merged:
    module: Any  # the merged ir.Module
    inputs: tuple[Any, ...]  # each program's own module as parsed (unrenamed): the oracle's `before`
    # Each program's module attributes (its topology is put back on its part of the output). As attribute
    # objects, not text: a printed `#stream.partitioning_config` does not parse again (a known bug).
    attributes: tuple[dict[str, Any], ...]


def module_attributes(module: Any) -> dict[str, Any]:
    attributes = module.operation.attributes
    return {name: attributes[name] for name in attributes}


def merge_key(attributes: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """Programs whose keys are equal can share a module: their module attributes but the topology's
    links (whether there is a topology matters: without one, devices are not told apart by links)."""
    return tuple(sorted((k, "" if k == TOPOLOGY else str(v)) for k, v in attributes.items()))


def merge(ir: Any, context: Any, texts: Sequence[str], inputs: Sequence[Any] = ()) -> Merged:
    """One module holding every program of `texts` (parsed already as `inputs`, when given), renamed
    apart. Raises `ir.MLIRError` when one does not parse and `MergeError` when their module attributes
    differ."""
    inputs = tuple(inputs) or tuple(ir.Module.parse(text, context) for text in texts)
    attributes = tuple(module_attributes(module) for module in inputs)
    if len({merge_key(attrs) for attrs in attributes}) > 1:
        raise MergeError("the programs' module attributes differ")
    merged = ir.Module.parse("module {}", context)
    links: list[str] = []
    for index, text in enumerate(texts):
        renamed = ir.Module.parse(text, context)  # `inputs` stay as they are for the oracle
        topology = _renamed_topology(ir, renamed, prefix(index))
        if topology is not None:
            links.append(_links(str(topology)))
        for op in list(renamed.body.operations):
            op.detach_from_parent()
            merged.body.append(op)
    for name, value in attributes[0].items():
        if name != TOPOLOGY:
            merged.operation.attributes[name] = value
    if links:
        joined = ", ".join(link for link in links if link)
        merged.operation.attributes[TOPOLOGY] = ir.Attribute.parse(f"{_TOPOLOGY_HEAD}{joined}]>", context)
    return Merged(merged, inputs, attributes)


def split(ir: Any, context: Any, merged: Merged) -> list[Any | None]:
    """The compiled merged module as one module per program (None: not separable, judge it alone)."""
    count = len(merged.inputs)
    owned: list[list[Any]] = [[] for _ in range(count)]
    unsplittable: set[int] = set()
    for op in list(merged.module.body.operations):
        owners = _owners(ir, op, count)
        if len(owners) != 1:
            unsplittable |= owners or set(range(count))
            continue
        owned[owners.pop()].append(op)
    modules: list[Any | None] = []
    for index in range(count):
        if index in unsplittable:
            modules.append(None)
            continue
        module = ir.Module.parse("module {}", context)
        # The compiled module's attributes (a pass may rewrite a config there), its own topology.
        for name, value in module_attributes(merged.module).items():
            if name != TOPOLOGY:
                module.operation.attributes[name] = value
        if TOPOLOGY in merged.attributes[index]:
            module.operation.attributes[TOPOLOGY] = merged.attributes[index][TOPOLOGY]
        for op in owned[index]:
            op.detach_from_parent()
            module.body.append(op)
        mark = prefix(index)
        _rename(ir, module, lambda name, mark=mark: name.removeprefix(mark))
        modules.append(module)
    return modules


def _renamed_topology(ir: Any, module: Any, mark: str) -> Any:
    """Rename `module`'s symbols with the prefix `mark`; return its topology with its links renamed too.
    A symbol rename does not reach the module's own attributes, so the topology rides on the module's
    first op meanwhile."""
    attributes = module.operation.attributes
    carrier = next(iter(module.body.operations), None)
    topology = attributes.get(TOPOLOGY, None)
    if topology is not None and carrier is not None:
        carrier.attributes[CARRIED] = topology
    _rename(ir, module, lambda name: mark + name)
    if topology is not None and carrier is not None:
        topology = carrier.attributes[CARRIED]
        del carrier.attributes[CARRIED]
    return topology


def _rename(ir: Any, module: Any, new_name: Any) -> None:
    """Rename every top-level symbol of `module` and its uses (module attributes excepted)."""
    for op in module.body.operations:
        if "sym_name" not in op.attributes:
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


def _links(topology: str) -> str:
    """The links of a printed `#hal.device.topology<links = [...]>` (renamed already)."""
    if not topology.startswith(_TOPOLOGY_HEAD) or not topology.endswith("]>"):
        raise MergeError(f"unexpected topology attribute: {topology}")
    return topology[len(_TOPOLOGY_HEAD) : -2]


# -- in the worker ------------------------------------------------------------------------------------

# What the worker answers for a program of a batch it cannot vouch for: its group did not compile, did
# not split, or the program broke a rule there. The parent judges it again (alone, or in a smaller batch).
UNSURE = "unsure"
GROUP_FAILED = "group-failed"  # its group did not compile (or merge): bisect the group


def answer_batch(
    ir: Any, context: Any, passes: Any, texts: Sequence[str], pipeline: str, post: Any, analyze: Any
) -> Any:
    """Compile `texts` with `pipeline` in as few merged modules as their module attributes allow; one
    `Reply` per program: "ok" with the oracle's report when it came out clean, else `UNSURE` or
    `GROUP_FAILED`. `post` (fault injection) runs on each program's part, as on a program compiled
    alone. Runs in the compiler worker (`worker.serve`)."""
    from .worker import Reply, _staging

    replies: list[Any] = [Reply(GROUP_FAILED)] * len(texts)  # one that does not parse stays so
    groups: dict[tuple[tuple[str, str], ...], list[tuple[int, Any]]] = {}
    for index, text in enumerate(texts):
        try:
            module = ir.Module.parse(text, context)
        except ir.MLIRError:
            continue
        groups.setdefault(merge_key(module_attributes(module)), []).append((index, module))
    staging = _staging(analyze, pipeline)
    for members in groups.values():
        indices = [index for index, _ in members]
        group_texts = [texts[index] for index in indices]
        inputs = [module for _, module in members]
        answers = _compile_group(ir, context, passes, group_texts, inputs, pipeline, staging, (post, analyze))
        for index, answer in zip(indices, answers, strict=True):
            replies[index] = answer
    return Reply("ok", extras={"batch": replies})


def _compile_group(
    ir: Any,
    context: Any,
    passes: Any,
    texts: list[str],
    inputs: list[Any],
    pipeline: str,
    staging: Any,
    hooks: tuple[Any, Any],
) -> list[Any]:
    from .worker import Reply, _analysis

    post, analyze = hooks
    failed = [Reply(GROUP_FAILED)] * len(texts)
    try:
        merged = merge(ir, context, texts, inputs)
    except MergeError:
        return failed
    befores = [analyze.before(module) if analyze is not None else None for module in merged.inputs]
    suspects: set[int] = set()
    try:
        if staging is None:
            passes.run(pipeline, merged.module)
        else:
            for stage in staging.head:
                passes.run(stage.pipeline, merged.module)
            suspects = _clobbered(ir, analyze.midway(merged.module), len(texts))
            for stage in staging.tail:
                passes.run(stage.pipeline, merged.module)
    except ir.MLIRError:
        return failed
    replies = []
    for index, module in enumerate(split(ir, context, merged)):
        if module is None or index in suspects:
            replies.append(Reply(UNSURE))
            continue
        if post is not None:
            post(module)
        output = str(module)
        if foreign_symbols(output, index, len(texts)):
            replies.append(Reply(UNSURE))
            continue
        try:
            ir.Module.parse(output, context)  # it must read back, as the worker checks alone
        except ir.MLIRError:
            replies.append(Reply(UNSURE))
            continue
        extras = _analysis(analyze, module, befores[index], "")
        report = extras.get("oracle")
        clean = report is None or getattr(report, "clean", False)
        replies.append(Reply("ok", output=output, extras=extras) if clean else Reply(UNSURE))
    return replies


def _clobbered(ir: Any, found: Sequence[Any], count: int) -> set[int]:
    """The programs a clobbered read of the merged module's async IR is in (every one when the read
    names no function): they are judged again alone, where the read is blamed on its stage."""
    suspects: set[int] = set()
    for clobber in found:
        function = getattr(clobber, "scope_function", "")
        owners = {i for i in range(count) if function.startswith(prefix(i))}
        suspects |= owners or set(range(count))
    return suspects

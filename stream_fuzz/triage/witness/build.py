"""`stream-fuzz witness`: a stream-level program with a data finding, made into a runtime witness.

The program's placeholder dispatches (`@ex::@f(...)`, naming no executable) get real vmvx executables
with known bodies (`witness_reference.dispatch_results`); every value it observes (a
`util.optimization_barrier` operand, a `util.return` operand) leaves `@main` through a transfer to an
external resource and a `stream.tensor.export`; the reference interpreter computes what each must be by
the stream dialect's value semantics; the result is a lit entry whose last RUN line is
`iree-run-module ... --expected_output=...` with those numbers. `iree-compile --compile-from=flow` runs the
stream pipeline onward on it, so a pass that makes a read see overwritten bytes shows as wrong numbers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np
from iree.compiler import ir

from stream_fuzz.interrupts import not_interruptible
from stream_fuzz.triage.witness.bodies import Entry, entries_of, executable, lookup, owner_of, walk
from stream_fuzz.triage.witness.reference import Interpreter, Unsupported, as_elements

_HEADER_SKIP = ("// RUN:", "// CHECK", "// REQUIRES:", "// XFAIL", "// UNSUPPORTED")
_MARK = "witness.mark"
_DEVICE_TARGET = (
    '#hal.device.target<"local", {{ordinal = {n} : index}}, '
    '[#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device'
)


@dataclass(frozen=True)
class Output:
    """One result of `@main`: its elements (i32, or i8 when its size is not whole i32s), the correct ones.
    Also an input of @main (elem 0: a scalar i1)."""

    values: tuple[int, ...]
    elem: int = 4

    @property
    def flag(self) -> str:
        if self.elem == 0:  # an i1 input
            return f"--input={self.values[0]}"
        kind = f"{len(self.values)}xi{8 * self.elem}"
        return f"--expected_output={kind}={','.join(str(v) for v in self.values)}"


@dataclass(frozen=True)
class Witness:
    text: str  # the lit entry
    outputs: tuple[Output, ...]
    devices: int
    inputs: tuple[Output, ...] = ()  # @main's arguments (buffer views), as --input flags
    compile_flags: tuple[str, ...] = ()  # on the iree-compile RUN line, after --compile-from=flow

    def run_flags(self, device: str = "local-task") -> list[str]:
        given = [i.flag.replace("--expected_output=", "--input=") for i in self.inputs]
        return (
            [f"--device={device}"] * self.devices
            + ["--function=main", *given]
            + [o.flag for o in self.outputs]
        )


def header_of(text: str) -> list[str]:
    """A corpus entry's header lines (its leading comments, without RUN/CHECK/REQUIRES lines)."""
    out: list[str] = []
    for line in text.splitlines():
        if not line.startswith("//"):
            break
        if line.startswith(_HEADER_SKIP) or (line.rstrip() == "//" and out and out[-1] == "//"):
            continue
        out.append(line.rstrip())
    while out and out[-1] == "//":
        out.pop()
    return out


@dataclass(frozen=True)
class _Parts:
    devices: list[str]
    main: ir.Operation
    functions: dict[str, ir.Operation]  # every util.func, by name (callees of util.call)
    others: list[ir.Operation]  # module-level ops kept as they are: globals, private functions


@not_interruptible
def build(text: str, compile_flags: tuple[str, ...] = (), function: str | None = None) -> Witness:
    """The witness of `text` (raises Unsupported naming what it cannot do). `compile_flags` go on the
    iree-compile RUN line (e.g. `--iree-hal-memoization=false` past a crash of a later phase); `function`
    picks the public function to witness when there are several (the others are left out)."""
    if "\n// -----" in text:
        raise Unsupported("a file of several programs (`// -----`): witness one at a time")
    with ir.Context(), ir.Location.unknown():
        try:
            module = ir.Module.parse(text)
        except Exception as error:  # the bindings raise MLIRError, a plain Exception subclass
            said = [line.strip() for line in str(error).splitlines() if line.strip()]
            raise Unsupported(f"the program does not parse: {' '.join(said[:2])}") from error
        parts = _module_parts(module, function)
        entries = entries_of(list(parts.functions.values()))
        interpreter = Interpreter(lambda op: lookup(entries, op), parts.functions)
        inputs = _inputs(interpreter, parts.main)
        points = _observe(interpreter, parts.main)
        exports: dict[int, list[tuple[str, _Point]]] = {}
        outputs: list[Output] = []
        state = ir.AsmState(parts.main)
        for mark, values in enumerate(points):
            for value in values:
                if _is_scalar(value):  # an i32 @main returns: splatted into one element, which leaves
                    outputs.append(Output((interpreter.int_of(value),), 4))
                    point = _Point(len(outputs) - 1, parts.devices[0], 4, "i32", 4, False, None)
                    exports.setdefault(mark, []).append((value.get_name(state), point))
                    continue
                raw = interpreter.bytes_of(value)
                elem = _view_elem(value) if _is_view(value) else (4 if len(raw) % 4 == 0 else 1)
                outputs.append(Output(tuple(int(x) for x in as_elements(raw, elem)), elem))
                device = _device_of(value, parts.devices)
                view, timepoint = _is_view(value), _timepoint_of(value, state)
                point = _Point(len(outputs) - 1, device, len(raw), str(value.type), elem, view, timepoint)
                exports.setdefault(mark, []).append((value.get_name(state), point))
        program = _print(parts, entries, exports, state)
        attributes = module.operation.attributes
        if len(attributes):  # resource and partitioning configs steer the passes: keep them
            # As the program spells them: the printer writes a resource config's bool as an integer it
            # cannot parse back (corpus/bad-output-resource-config-prints-a-bool-as-an-integer.mlir).
            spelled = re.search(r"^module attributes (\{.*\}) \{$", text, re.MULTILINE)
            printed = ", ".join(f"{name} = {attributes[name]}" for name in attributes)
            spelling = spelled.group(1) if spelled else f"{{{printed}}}"
            program = f"module attributes {spelling} {{\n{program}\n}}"
    header = header_of(text)
    lines = [*header, "//"] if header else []
    extra = "".join(f" {flag}" for flag in compile_flags)
    lines += [
        "// REQUIRES: iree-run-module",
        f"// RUN: iree-compile --compile-from=flow{extra} %s -o %t.vmfb",
    ]
    flags = ["--device=local-task"] * len(parts.devices) + ["--function=main"]
    flags += [i.flag.replace("--expected_output=", "--input=") for i in inputs]
    run = [f"// RUN: iree-run-module --module=%t.vmfb {' '.join(flags)} \\"]
    for i, output in enumerate(outputs):
        run.append(f"// RUN:   {output.flag}" + (" \\" if i + 1 < len(outputs) else ""))
    body = "\n".join([*lines, *run, "", program, ""])
    return Witness(body, tuple(outputs), len(parts.devices), tuple(inputs), compile_flags)


def _module_parts(module: ir.Module, function: str | None = None) -> _Parts:
    devices: list[str] = []
    functions: dict[str, ir.Operation] = {}
    others = []
    for op in module.body.operations:
        op = op.operation
        if op.name == "util.global" and str(ir.TypeAttr(op.attributes["type"]).value) == "!hal.device":
            devices.append(ir.StringAttr(op.attributes["sym_name"]).value)
            continue
        if op.name == "util.func":
            functions[ir.StringAttr(op.attributes["sym_name"]).value] = op
        elif op.name == "util.global":
            if "initial_value" in op.attributes:
                raise Unsupported("'util.global' with an initial value")
        elif op.name == "stream.executable":
            raise Unsupported("'stream.executable': the program already has executables")
        else:
            raise Unsupported(f"'{op.name}' at module level")
        others.append(op)
    public = [f for f in functions.values() if _visibility(f) == "public"]
    if function is not None:  # the one to witness; the other public ones go (they are not called)
        if function not in functions:
            raise Unsupported(f"no function @{function}")
        public = [functions[function]]
        others = [o for o in others if o.name != "util.func" or _visibility(o) != "public" or o is public[0]]
        called = {
            ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            for f in others
            for op in walk(f)
            if op.name == "util.call"
        }
        if any(f in called for f in functions if _visibility(functions[f]) == "public" and f != function):
            raise Unsupported("a call to another public function")
        functions = {n: f for n, f in functions.items() if f in others or f is public[0]}
    if len(public) != 1:
        names = ", ".join(f"@{ir.StringAttr(f.attributes['sym_name']).value}" for f in public)
        raise Unsupported(f"{len(public)} public functions ({names}): pick one with --function")
    main = public[0]
    if "main" in functions and functions["main"] is not main:
        raise Unsupported("a private function named @main")
    for each in functions.values():
        if len(each.regions[0].blocks) != 1:
            raise Unsupported("a function of several blocks (cf branches)")
    if any(str(a.type) not in ("!hal.buffer_view", "i1") for a in main.regions[0].blocks[0].arguments):
        raise Unsupported("an argument of the public function that is not a !hal.buffer_view or an i1")
    if not devices:
        raise Unsupported("no !hal.device global")
    return _Parts(devices, main, functions, [o for o in others if o is not main])


def _visibility(function: ir.Operation) -> str:
    if "sym_visibility" not in function.attributes:
        return "public"
    return ir.StringAttr(function.attributes["sym_visibility"]).value


def _is_scalar(value: ir.Value) -> bool:
    return str(value.type) == "i32"


def _is_view(value: ir.Value) -> bool:
    return str(value.type) == "!hal.buffer_view"


def _encoding(value: ir.Value) -> ir.RankedTensorType:
    """The tensor type a buffer view is exported as (or, for an argument, imported as)."""
    owner = owner_of(value)
    if owner is not None and owner.name == "stream.tensor.export":
        return ir.RankedTensorType(ir.TypeAttr(owner.attributes["source_encoding"]).value)
    types = {
        str(ir.TypeAttr(use.owner.attributes["result_encoding"]).value)
        for use in value.uses
        if use.owner.name == "stream.tensor.import"
    }
    if len(types) > 1:
        raise Unsupported(f"a buffer view imported as several types ({', '.join(sorted(types))})")
    return ir.RankedTensorType(ir.Type.parse(types.pop() if types else "tensor<4xi32>"))


def _view_elem(value: ir.Value) -> int:
    tensor = _encoding(value)
    try:
        width = ir.IntegerType(tensor.element_type).width
    except ValueError:
        width = 0
    if tensor.rank != 1 or width not in (8, 32):
        raise Unsupported(f"a buffer view of {tensor} (1-D i8 or i32 only)")
    return width // 8


def _inputs(interpreter: Interpreter, main: ir.Operation) -> list[Output]:
    """Known contents for @main's buffer view arguments (argument k: 1, 2, 3, ... + 16 k, wrapped), and
    true for its i1 arguments (branch conditions)."""
    inputs = []
    for k, arg in enumerate(main.regions[0].blocks[0].arguments):
        if str(arg.type) == "i1":  # a branch condition: true (the witness shows the then-branch)
            interpreter.ints[arg] = 1
            inputs.append(Output((1,), 0))
            continue
        elem = _view_elem(arg)
        count = _encoding(arg).shape[0]
        values = (np.arange(count, dtype=np.int64) + 1 + 16 * k).astype("<i4" if elem == 4 else "i1")
        interpreter.env[arg] = values.view(np.uint8).copy()
        inputs.append(Output(tuple(int(v) for v in values), elem))
    return inputs


@dataclass(frozen=True)
class _Point:
    """A value leaving @main: its result number, its device and its size in bytes."""

    result: int
    device: str
    size: int
    type: str
    elem: int
    view: bool  # already a !hal.buffer_view (an export of the program's own): returned as it is
    timepoint: str | None  # a result of an execute: read once its timepoint is reached (awaited)


def _observe(interpreter: Interpreter, function: ir.Operation) -> list[list[ir.Value]]:
    """Marks the ops whose operands the program observes (top-level barriers, then the return, with the
    top-level resources nothing uses) and interprets the function; returns the observed values per mark."""
    points: list[tuple[ir.Operation, list[ir.Value]]] = []
    block = function.regions[0].blocks[0]
    for op in walk(function):
        if op.name == "util.optimization_barrier":
            if op.parent.name != "util.func":
                raise Unsupported(
                    "'util.optimization_barrier' inside a region (only top-level ones are exported)"
                )
            points.append((op, [r for r in op.results if str(r.type).startswith("!stream.resource")]))
        elif op.name == "util.return" and op.parent.name != "util.func":
            raise Unsupported("'util.return' in a nested region")
    terminator = list(block.operations)[-1].operation
    # What the function computes and nothing reads (a dead result) leaves too, before the return: it has no
    # later in-place writer, so reading it at the end reads what it was.
    unused = [
        r
        for op in block.operations
        for r in op.operation.results
        if (str(r.type).startswith("!stream.resource") or _is_view(r))
        and not list(r.uses)
        and op.operation.name != "util.optimization_barrier"  # observed already
    ]
    observed = [*terminator.operands, *unused]
    for value in observed:
        if not (str(value.type).startswith("!stream.resource") or _is_view(value) or _is_scalar(value)):
            raise Unsupported(f"a returned value of type {value.type} (resources, buffer views, i32)")
    points.append((terminator, observed))
    for mark, (op, _) in enumerate(points):
        op.attributes[_MARK] = ir.IntegerAttr.get(ir.IntegerType.get_signless(32), mark)
    interpreter.run_block(block)
    return [values for _, values in points]


def _device_of(value: ir.Value, devices: list[str]) -> str:
    owner = owner_of(value)
    while owner is not None:
        for key in ("target_affinity", "affinity"):
            if key in owner.attributes:
                found = re.search(r"@([\w$.-]+)", str(owner.attributes[key]))
                if found and found.group(1) in devices:
                    return found.group(1)
        if owner.name not in ("util.optimization_barrier", "stream.timepoint.await") or not owner.operands:
            break
        owner = owner_of(owner.operands[0])
    return devices[0]


def _print(
    parts: _Parts, entries: list[Entry], exports: dict[int, list[tuple[str, _Point]]], state: ir.AsmState
) -> str:
    lines = [f"util.global private @{d} = {_DEVICE_TARGET.format(n=n)}" for n, d in enumerate(parts.devices)]
    for root in dict.fromkeys(e.root for e in entries):
        lines += executable(root, [e for e in entries if e.root == root])
    lines += [_clean(op.get_asm()) for op in parts.others]
    points = [p for mark in sorted(exports) for p in exports[mark]]
    views = ", ".join(p.type if p.view else "!hal.buffer_view" for _, p in points)
    args = ", ".join(f"{a.get_name(state)}: {a.type}" for a in parts.main.regions[0].blocks[0].arguments)
    out = [f"util.func public @main({args}) -> ({views}) {{"]
    for line in _clean(parts.main.get_asm()).splitlines()[1:]:
        mark = re.search(r"witness\.mark = (\d+) : i32", line)
        if not mark:
            out.append(line)
            continue
        here = exports.get(int(mark.group(1)), [])
        if line.lstrip().startswith("util.return"):
            out += [_export(name, point) for name, point in here if not point.view]
            names = ", ".join(name if p.view else f"%witness_v{p.result}" for name, p in points)
            out.append(f"  util.return {names} : {views}" if points else "  util.return")
            continue
        out.append(_clean(line, "mark"))
        out += [_export(name, point) for name, point in here if not point.view]
    return "\n".join([*lines, *out])


def _clean(text: str, key: str = "entry") -> str:
    """Removes the witness's own attribute (`witness.entry`, `witness.mark`) from printed IR."""
    text = re.sub(rf" ?\{{witness\.{key} = \d+ : i32\}}", "", text)
    return re.sub(rf"witness\.{key} = \d+ : i32, |, witness\.{key} = \d+ : i32", "", text)


def _timepoint_of(value: ir.Value, state: ir.AsmState) -> str | None:
    owner = owner_of(value)
    if owner is None or owner.name != "stream.async.execute":
        return None
    return owner.results[len(owner.results) - 1].get_name(state)


def _export(name: str, p: _Point) -> str:
    r, aff, sz = p.result, f"#hal.device.affinity<@{p.device}>", f"%witness_sz{p.result}"
    ready = []
    if p.timepoint:  # a result of an execute: awaited
        ready = [f"  %witness_w{r} = stream.timepoint.await {p.timepoint} => {name} : {p.type}{{{sz}}}"]
        name = f"%witness_w{r}"
    if p.type == "i32":  # a scalar result: splatted into one element
        ready = [
            f"  %witness_s{r} = stream.async.splat on({aff}) {name} : i32 -> !stream.resource<*>{{{sz}}}"
        ]
        name, p = f"%witness_s{r}", replace(p, type="!stream.resource<*>")
    return "\n".join(
        [
            f"  {sz} = arith.constant {p.size} : index",
            *ready,
            f"  %witness_x{r} = stream.async.transfer {name} : {p.type}{{{sz}}} -> to({aff}) "
            f"!stream.resource<external>{{{sz}}}",
            f"  %witness_v{r} = stream.tensor.export on({aff}) %witness_x{r} : "
            f"tensor<{p.size // p.elem}xi{8 * p.elem}> in "
            f"!stream.resource<external>{{{sz}}} -> !hal.buffer_view",
        ]
    )

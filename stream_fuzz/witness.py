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
from dataclasses import dataclass

from iree.compiler import ir

from stream_fuzz.witness_bodies import Entry, entries_of, executable, lookup, owner_of, walk
from stream_fuzz.witness_reference import Interpreter, Unsupported, as_elements

_HEADER_SKIP = ("// RUN:", "// CHECK", "// REQUIRES:", "// XFAIL", "// UNSUPPORTED")
_MARK = "witness.mark"
_DEVICE_TARGET = (
    '#hal.device.target<"local", {{ordinal = {n} : index}}, '
    '[#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device'
)


@dataclass(frozen=True)
class Output:
    """One result of `@main`: its elements (i32, or i8 when its size is not whole i32s), the correct ones."""

    values: tuple[int, ...]
    elem: int = 4

    @property
    def flag(self) -> str:
        kind = f"{len(self.values)}xi{8 * self.elem}"
        return f"--expected_output={kind}={','.join(str(v) for v in self.values)}"


@dataclass(frozen=True)
class Witness:
    text: str  # the lit entry
    outputs: tuple[Output, ...]
    devices: int

    def run_flags(self, device: str = "local-task") -> list[str]:
        return [f"--device={device}"] * self.devices + ["--function=main"] + [o.flag for o in self.outputs]


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


def build(text: str) -> Witness:
    """The witness of `text` (raises Unsupported naming what it cannot do)."""
    if "\n// -----" in text:
        raise Unsupported("a file of several programs (`// -----`): witness one at a time")
    with ir.Context(), ir.Location.unknown():
        try:
            module = ir.Module.parse(text)
        except Exception as error:  # the bindings raise MLIRError, a plain Exception subclass
            raise Unsupported(f"the program does not parse: {str(error).splitlines()[0]}") from error
        devices, function = _module_parts(module)
        entries = entries_of(function)
        interpreter = Interpreter(lambda op: lookup(entries, op))
        points = _observe(interpreter, function)
        exports: dict[int, list[tuple[str, _Point]]] = {}
        outputs: list[Output] = []
        state = ir.AsmState(function)
        for mark, values in enumerate(points):
            for value in values:
                if not str(value.type).startswith("!stream.resource"):
                    raise Unsupported(f"an observed value of type {value.type} (resources only)")
                raw = interpreter.bytes_of(value)
                elem = 4 if len(raw) % 4 == 0 else 1
                outputs.append(Output(tuple(int(x) for x in as_elements(raw, elem)), elem))
                point = _Point(len(outputs) - 1, _device_of(value, devices), len(raw), str(value.type), elem)
                exports.setdefault(mark, []).append((value.get_name(state), point))
        program = _print(function, devices, entries, exports)
    header = header_of(text)
    lines = [*header, "//"] if header else []
    lines += ["// REQUIRES: iree-run-module", "// RUN: iree-compile --compile-from=flow %s -o %t.vmfb"]
    flags = ["--device=local-task"] * len(devices) + ["--function=main"]
    run = [f"// RUN: iree-run-module --module=%t.vmfb {' '.join(flags)} \\"]
    for i, output in enumerate(outputs):
        run.append(f"// RUN:   {output.flag}" + (" \\" if i + 1 < len(outputs) else ""))
    body = "\n".join([*lines, *run, "", program, ""])
    return Witness(body, tuple(outputs), len(devices))


def _module_parts(module: ir.Module) -> tuple[list[str], ir.Operation]:
    devices: list[str] = []
    functions = []
    for op in module.body.operations:
        op = op.operation
        if op.name == "util.global" and str(ir.TypeAttr(op.attributes["type"]).value) == "!hal.device":
            devices.append(ir.StringAttr(op.attributes["sym_name"]).value)
        elif op.name == "util.func":
            functions.append(op)
        elif op.name == "stream.executable":
            raise Unsupported("'stream.executable': the program already has executables")
        else:
            raise Unsupported(f"'{op.name}' at module level")
    if len(functions) != 1:
        raise Unsupported(f"{len(functions)} functions (calls are not interpreted): one util.func only")
    function = functions[0]
    if function.regions[0].blocks[0].arguments:
        raise Unsupported("arguments of the function (imports are not interpreted)")
    if len(function.regions[0].blocks) != 1:
        raise Unsupported("a function of several blocks (cf branches)")
    if not devices:
        raise Unsupported("no !hal.device global")
    return devices, function


@dataclass(frozen=True)
class _Point:
    """A value leaving @main: its result number, its device and its size in bytes."""

    result: int
    device: str
    size: int
    type: str
    elem: int


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
    terminator = list(block.operations)[-1].operation
    # What the function computes and nothing reads (a dead result) leaves too, before the return: it has no
    # later in-place writer, so reading it at the end reads what it was.
    unused = [
        r
        for op in block.operations
        for r in op.operation.results
        if str(r.type).startswith("!stream.resource") and not list(r.uses)
    ]
    points.append((terminator, [*terminator.operands, *unused]))
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
    function: ir.Operation,
    devices: list[str],
    entries: list[Entry],
    exports: dict[int, list[tuple[str, _Point]]],
) -> str:
    lines = [f"util.global private @{d} = {_DEVICE_TARGET.format(n=n)}" for n, d in enumerate(devices)]
    for root in dict.fromkeys(e.root for e in entries):
        lines += executable(root, [e for e in entries if e.root == root])
    count = sum(len(v) for v in exports.values())
    body = function.get_asm().splitlines()
    views = ", ".join(["!hal.buffer_view"] * count)
    out = [f"util.func public @main() -> ({views}) {{"]
    for line in body[1:]:
        line = re.sub(r" ?\{witness\.entry = \d+ : i32\}", "", line)
        line = re.sub(r"witness\.entry = \d+ : i32, |, witness\.entry = \d+ : i32", "", line)
        mark = re.search(r"witness\.mark = (\d+) : i32", line)
        if not mark:
            out.append(line)
            continue
        points = exports.get(int(mark.group(1)), [])
        if line.lstrip().startswith("util.return"):
            out += [_export(name, point) for name, point in points]
            names = ", ".join(f"%witness_v{n}" for n in range(count))
            out.append(f"  util.return {names} : {views}" if count else "  util.return")
            continue
        line = re.sub(r" ?\{witness\.mark = \d+ : i32\}", "", line)
        line = re.sub(r"witness\.mark = \d+ : i32, |, witness\.mark = \d+ : i32", "", line)
        out.append(line)
        out += [_export(name, point) for name, point in points]
    return "\n".join([*lines, *out])


def _export(name: str, p: _Point) -> str:
    r, aff, sz = p.result, f"#hal.device.affinity<@{p.device}>", f"%witness_sz{p.result}"
    return "\n".join(
        [
            f"  {sz} = arith.constant {p.size} : index",
            f"  %witness_x{r} = stream.async.transfer {name} : {p.type}{{{sz}}} -> to({aff}) "
            f"!stream.resource<external>{{{sz}}}",
            f"  %witness_v{r} = stream.tensor.export on({aff}) %witness_x{r} : "
            f"tensor<{p.size // p.elem}xi{8 * p.elem}> in "
            f"!stream.resource<external>{{{sz}}} -> !hal.buffer_view",
        ]
    )

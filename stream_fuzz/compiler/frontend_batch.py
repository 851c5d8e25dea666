"""Several L3 programs in one module: compiled once to the stream phase and once to a `.vmfb`, loaded once,
and run function by function.

    reply = compiler.run_batch(FrontendBatchRequest(texts, devices, calls))  # None: crashed or hung

Each program is a module of device globals (`@d0`..) and one `func.func @main`. Programs with the same
devices share a module (`batch.merge`: the devices declared once under their own names, every other symbol
renamed `@b<i>_<name>`, so `@main` becomes `@b<i>_main`). The oracle judges each program on its own part
of the stream-phase output (`part_of`): the devices, every executable, its own functions and globals,
renamed back. A function's stream-phase IR is the one it gets alone, but for dispatch names and its ABI
declaration's name, unless IREE shared something between the programs' functions: a deduplicated
dispatch whose operands it folded by every program's sites, not the program's own, or a constant pool.
`BatchReply.sharing` names those programs (`sharing_dispatches`, `sharing_globals`).

A batch may run one program several times (Hypothesis draws the same program with other inputs): it is
compiled once and called once per input. A program an earlier batch compiled comes with that batch's part
and `.vmfb` (`Compiled`, kept by the caller): it is run in that module, not compiled again. The reply is
one `FrontendRun` per call, or `BatchFailed` when the merged module did not compile (the caller splits
it). Nothing here decides a finding: the caller trusts only the programs that came out clean
(`stream_fuzz.judge.l3_batching`).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, field
from typing import Any

from .batch import DEVICE_TYPE, MergeError, merge, prefix
from .frontend_run import (
    FrontendRun,
    consumed_arguments,
    declared_results,
    results_crossing_devices,
    runtime_available,
)

NAME = "main"  # the function every L3 program exports


@dataclass(frozen=True)
class FrontendBatchRequest:
    texts: tuple[str, ...]  # distinct programs, one function each
    devices: int
    calls: tuple[tuple[int, tuple[Any, ...]], ...]  # (program, its inputs as NumPy arrays): one run each
    execute: bool = True
    # Per program, where an earlier batch compiled it (`Compiled`), or None: compile it now. A program
    # compiled before runs in that batch's module (`modules`, by `Compiled.module`), not compiled again.
    compiled: tuple[Compiled | None, ...] = ()
    modules: tuple[tuple[int, bytes], ...] = ()


@dataclass(frozen=True)
class BatchFailed:
    """The merged module did not merge or compile: the stage and what the compiler said."""

    stage: str
    message: str
    located: frozenset[int] = frozenset()  # the programs an error's location (`source.mlir:L:C`) is in
    # The request's index of each program of the merged module (those the worker had not compiled
    # before): `@b<i>_` and `located` number the merged module's programs.
    numbering: tuple[int, ...] = ()

    @property
    def named(self) -> frozenset[int]:
        """The likely culprits, as the request numbers its programs: the programs its errors point into,
        else those it names (`called from func.func @b2_main`; an op it prints may name a dispatch
        another program shares)."""
        merged = self.located or frozenset(int(i) for i in re.findall(r"@b(\d+)_", self.message))
        if not self.numbering:
            return merged
        return frozenset(self.numbering[i] for i in merged if i < len(self.numbering))


@dataclass(frozen=True)
class BatchReply:
    runs: tuple[Any, ...]  # one `FrontendRun` per call
    timing: dict[str, float]  # seconds per stage for the whole batch
    # Programs that dispatch an executable another program of the batch dispatches too, with operands
    # (`sharing_dispatches`): IREE deduplicated equal dispatches across functions and passed constants it
    # folds alone as operands, so their part is not what they compile to alone.
    sharing: frozenset[int] = frozenset()
    # The programs compiled now, where (`Compiled.module` is `NEW_MODULE`: `module`, the `.vmfb` compiled
    # now), for the caller to keep and send again with a program drawn again.
    compiled: dict[int, Compiled] = field(default_factory=dict)
    module: bytes = b""


def function_of(index: int) -> str:
    return prefix(index) + NAME


def merged_text(ir: Any, context: Any, texts: tuple[str, ...]) -> str:
    """The programs as one module (`batch.merge`); raises `MergeError` when their devices differ."""
    return str(merge(ir, context, texts).module)


ERROR_AT = re.compile(r"^source\.mlir:(\d+):\d+: error: ", re.MULTILINE)  # how the compiler's API locates one


def programs_at(ir: Any, context: Any, text: str, said: str) -> frozenset[int]:
    """The programs whose ops the errors in `said` point at (a line of the merged module `text` within
    one program's function). A diagnostic without a location, or one outside every program's ops (the
    shared devices), points at none."""
    lines = sorted({int(line) for line in ERROR_AT.findall(said)})
    if not lines:
        return frozenset()
    starts = []  # (first line, program) of each top-level op, in order
    for op in ir.Module.parse(text, context).body.operations:
        name = ir.StringAttr(op.attributes["sym_name"]).value if "sym_name" in op.attributes else ""
        found = re.match(r"b(\d+)_", name)
        starts.append((ir.FileLineColLoc(op.location).start_line, int(found[1]) if found else None))
    located = set()
    for line in lines:
        owners = [program for start, program in starts if start <= line]
        if owners and owners[-1] is not None:
            located.add(owners[-1])
    return frozenset(located)


def part_of(ir: Any, context: Any, merged: Any, index: int, count: int) -> str:
    """Program `index`'s part of the compiled merged module, as text: the module's attributes, the devices,
    every executable (dispatches may be shared), and the ops that are its own (named with its prefix, or
    unnamed ones that mention it or no program), its prefix taken off."""
    part = ir.Module.parse("module {}", context)
    attributes = merged.operation.attributes
    for name in attributes:  # the bindings iterate an op's attributes by name
        part.operation.attributes[name] = attributes[name]
    mark = prefix(index)
    others = [prefix(i) for i in range(count) if i != index]
    for op in merged.body.operations:
        if op.operation.name != "stream.executable" and not _is_mine(ir, op, mark, others):
            continue
        op.operation.clone(ir.InsertionPoint(part.body))
    for op in part.body.operations:
        if "sym_name" in op.attributes and op.operation.name != "stream.executable":
            old = ir.StringAttr(op.attributes["sym_name"]).value
            if old.startswith(mark):
                ir.SymbolTable.replace_all_symbol_uses(old, old.removeprefix(mark), part.operation)
                ir.SymbolTable.set_symbol_name(op, old.removeprefix(mark))
    return str(part)


def _is_mine(ir: Any, op: Any, mark: str, others: list[str]) -> bool:
    if "sym_name" in op.attributes:
        name = ir.StringAttr(op.attributes["sym_name"]).value
        return name.startswith(mark) or not any(name.startswith(o) for o in others)
    text = str(op)
    return f"@{mark}" in text or not any(f"@{o}" in text for o in others)


NEW_MODULE = -1  # `Compiled.module` of a program compiled in this batch: the reply's `module`


@dataclass(frozen=True)
class Compiled:
    """One program's part of a compiled batch: what the oracle said of it, and where it runs. Hypothesis
    draws the same program again with other inputs (40% of the benchmark's L3 draws repeat a text, 18%
    of a campaign's): kept by the caller (`l3_batching.BatchMemory`, so a new worker loses nothing), it
    runs in the module it was compiled in, not compiled again."""

    module: int  # its `.vmfb`, by the caller's number for it (`NEW_MODULE`: the one compiled now)
    function: str  # its function in that module
    part: str
    report: Any
    abi: tuple[Any, ...]


def answer_batch(worker: Any, request: FrontendBatchRequest) -> BatchReply | BatchFailed:
    """What the L3 worker (`frontend._Worker`) does with a batch: merge the programs it has not compiled
    before, compile them to the stream phase, the stream hook on the merged IR, the oracle on each
    program's part, compile to a `.vmfb`, run each function (a program compiled in an earlier batch runs
    in that batch's module). A runtime error is its function's alone; a failed compile is the whole
    batch's."""
    ir, context, info = worker.ir, worker.context, worker.info
    timing: dict[str, float] = {}
    began = time.perf_counter()
    where: list[Compiled | None] = list(request.compiled) or [None] * len(request.texts)
    if worker.hook is not None:  # a stream hook rewrites each compile's output: compile every time
        where = [None] * len(request.texts)
    fresh = [index for index, found in enumerate(where) if found is None]
    modules = dict(request.modules)
    sharing: frozenset[int] = frozenset()
    defects: dict[int, str] = {}
    kept: dict[int, Compiled] = {}
    if fresh:
        compiled = _compile_fresh(worker, request, fresh, timing)
        if isinstance(compiled, BatchFailed):
            return compiled
        sharing, parts, defects, modules[NEW_MODULE] = compiled
        for index, compiled_now in parts.items():
            where[index] = compiled_now
            if index not in sharing and index not in defects:
                kept[index] = compiled_now
    outputs: list[Any] = [None] * len(request.calls)
    after: list[Any] = [None] * len(request.calls)
    errors = [""] * len(request.calls)
    missing = request.execute and worker.iree_run_module is None and not runtime_available()
    execute = request.execute and not missing
    started = time.perf_counter()
    if execute:
        places = [where[index] for index, _ in request.calls]
        outputs, after, errors = _run_each(worker, modules, places, request)
    timing["run_s"] = time.perf_counter() - started
    runs = []
    from stream_fuzz.oracles.abi import inputs_unchanged

    crossing = [results_crossing_devices(ir, context, program) for program in request.texts]
    consumed = [consumed_arguments(ir, context, program) for program in request.texts]
    for call, (index, _) in enumerate(request.calls):
        place = where[index]
        assert place is not None
        part, report, abi = place.part, place.report, place.abi
        if index in defects:
            run = FrontendRun("bad-output", "stream", info, part, report, abi, message=defects[index])
        elif not execute:
            run = FrontendRun("ok", "vmfb", info, part, report, abi, runtime_missing=missing)
        elif errors[call]:
            run = FrontendRun("runtime-error", "run", info, part, report, abi, None, True, errors[call])
        else:
            inputs = request.calls[call][1]
            written = inputs_unchanged(inputs, after[call], consumed[index]) if after[call] else ()
            run = FrontendRun(
                "ok",
                "run",
                info,
                part,
                report,
                abi + written,
                outputs[call],
                True,
                crosses_devices=crossing[index],
            )
        runs.append(run)
    timing["batch_s"] = time.perf_counter() - began
    return BatchReply(tuple(runs), timing, sharing, kept, modules.get(NEW_MODULE, b"") if kept else b"")


def _compile_fresh(
    worker: Any, request: FrontendBatchRequest, fresh: list[int], timing: dict[str, float]
) -> tuple[frozenset[int], dict[int, Compiled], dict[int, str], bytes] | BatchFailed:
    """Merge and compile the programs `fresh` (indices into the request): the programs among them whose
    part may not be what they compile to alone (`sharing_dispatches`, `sharing_globals`), each one's
    part, the programs whose part does not read back (`bad-output`), and the `.vmfb`. Indices are the
    request's throughout."""
    ir, context = worker.ir, worker.context
    texts = tuple(request.texts[index] for index in fresh)
    began = time.perf_counter()
    try:
        text = merged_text(ir, context, texts)
    except (MergeError, ir.MLIRError) as error:
        return BatchFailed("merge", str(error), numbering=tuple(fresh))
    timing["merge_s"] = time.perf_counter() - began
    started = time.perf_counter()
    ok, stream_ir, said = worker._compile(text.encode(), to_phase="stream")
    timing["stream_s"] = time.perf_counter() - started
    if not ok:
        located = programs_at(ir, context, text, said)
        return BatchFailed("stream", said, located=located, numbering=tuple(fresh))
    if worker.hook is not None:
        stream_ir = worker.hook(stream_ir.decode()).encode()
    started = time.perf_counter()
    try:
        compiled = ir.Module.parse(stream_ir.decode(), context)
    except ir.MLIRError as error:
        said = f"the stream-phase IR does not read back: {str(error)[:2000]}"
        return BatchFailed("stream", said, numbering=tuple(fresh))
    count = len(texts)
    shared = sharing_dispatches(ir, compiled, count) | sharing_globals(ir, compiled, count)
    sharing = frozenset(fresh[j] for j in shared)
    checked = []
    for j, program in enumerate(texts):
        part = part_of(ir, context, compiled, j, count)
        report, abi, defect = worker._check(part, declared_results(ir, context, program))
        checked.append((part, report, abi, defect))
    timing["oracle_s"] = time.perf_counter() - started
    started = time.perf_counter()
    ok, vmfb, said = worker._compile(stream_ir, from_phase="stream", output="vm")
    timing["vmfb_s"] = time.perf_counter() - started
    if not ok:
        return BatchFailed("vmfb", said, numbering=tuple(fresh))
    parts = {
        fresh[j]: Compiled(NEW_MODULE, function_of(j), part, report, abi)
        for j, (part, report, abi, _) in enumerate(checked)
    }
    defects = {fresh[j]: defect for j, (_, _, _, defect) in enumerate(checked) if defect}
    return sharing, parts, defects, vmfb


def _run_each(
    worker: Any, modules: dict[int, bytes], places: list[Compiled | None], request: FrontendBatchRequest
) -> tuple[list[Any], list[Any], list[str]]:
    """Load each module once (one VM context on one set of devices) and make each call: a program's
    function with its inputs. Its results and its arguments after the call, or the runtime's error."""
    import numpy as np
    from iree import runtime as rt
    from iree.runtime.function import IMPLICIT_BUFFER_ARG_MEMORY_TYPE, IMPLICIT_BUFFER_ARG_USAGE

    outputs: list[Any] = [None] * len(request.calls)
    after: list[Any] = [None] * len(request.calls)
    errors = [""] * len(request.calls)
    for key in dict.fromkeys(place.module for place in places if place is not None):
        module, context, device = worker.load(modules[key], request.devices)
        for call, (_, inputs) in enumerate(request.calls):
            place = places[call]
            if place is None or place.module != key:
                continue
            try:
                function = module.lookup_function(place.function)
                if function is None:
                    raise ValueError(f"the module has no function @{place.function}")
                # As `frontend._Worker._execute`: the invoker's own kind of buffers, read back after the
                # call (`abi/input-written`).
                arguments = [
                    rt.asdevicearray(
                        device,
                        x,
                        memory_type=IMPLICIT_BUFFER_ARG_MEMORY_TYPE,
                        allowed_usage=IMPLICIT_BUFFER_ARG_USAGE,
                    )
                    for x in inputs
                ]
                results = rt.FunctionInvoker(context, device, function)(*arguments)
                if not isinstance(results, tuple | list):
                    results = (results,)
                outputs[call] = tuple(np.array(r.to_host()) for r in results)
                after[call] = tuple(np.array(a.to_host()) for a in arguments)
            except Exception as error:  # the runtime's errors: RuntimeError/ValueError with its status text
                errors[call] = f"{type(error).__name__}: {error}"
    return outputs, after, errors


def sharing_dispatches(ir: Any, compiled: Any, count: int) -> frozenset[int]:
    """The programs whose part may not be what they compile to alone, because IREE deduplicated an
    executable they dispatch with another program's (equal dispatches across functions) and then folded
    its dispatch sites' operands by what every site of the batch passes, not what the program's own
    sites pass: `iree-stream-fold-uniform-operands` inlines an operand every site passes the same
    constant for and merges two operands every site passes alike, `iree-stream-fuse-dispatch-bindings`
    fuses two bindings every site binds to one resource. So a program is named when a shared executable
    keeps an operand its own sites all pass alike (one constant, or the same value as another operand)
    or two bindings its own sites all bind to one resource: alone that would have been folded. Where its
    own sites already differ, alone it keeps them too, as here. (A dispatch the stream phase leaves
    asynchronous, `stream.async.dispatch`, is never trusted.)"""
    sites: dict[str, dict[int, list[tuple[tuple[Any, ...], tuple[Any, ...]] | None]]] = {}
    for op in compiled.body.operations:
        if op.operation.name != "util.func":
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        owners = [i for i in range(count) if name.startswith(prefix(i))]
        for executable, site in _dispatched(ir, op):
            for owner in owners:
                sites.setdefault(executable, {}).setdefault(owner, []).append(site)
    named: set[int] = set()
    for by_program in sites.values():
        if len(by_program) < 2:
            continue
        named.update(program for program, own in by_program.items() if _would_fold(own))
    return frozenset(named)


def sharing_globals(ir: Any, compiled: Any, count: int) -> frozenset[int]:
    """The programs whose functions use a global the compiler made (no program's prefix: a hoisted or
    pooled constant, say) that another program's functions use too: IREE pools equal or same-device
    constants across functions, so such a part holds a constant pool alone it would not (a resource of
    128 bytes, not 64)."""
    made = []
    for op in compiled.body.operations:
        if op.operation.name == "util.global" and "sym_name" in op.attributes:
            name = ir.StringAttr(op.attributes["sym_name"]).value
            if not re.match(r"b\d+_", name) and str(op.attributes["type"]) != DEVICE_TYPE:
                made.append(name)
    if not made:
        return frozenset()
    users: dict[str, set[int]] = {}
    for op in compiled.body.operations:
        if op.operation.name not in ("util.func", "util.initializer"):
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value if "sym_name" in op.attributes else ""
        owners = [i for i in range(count) if name.startswith(prefix(i))]
        text = str(op)
        for global_ in made:
            if re.search(rf"@{re.escape(global_)}\b", text):
                users.setdefault(global_, set()).update(owners)
    return frozenset(i for programs in users.values() if len(programs) > 1 for i in programs)


def _would_fold(own: list[tuple[tuple[Any, ...], tuple[Any, ...]] | None]) -> bool:
    """Would a program whose sites of one executable pass these (operands, resources) have some of them
    folded alone: an operand all pass alike, two operands or two resources equal at every site?"""
    if any(site is None for site in own):
        return True
    operands = [site[0] for site in own if site is not None]
    resources = [site[1] for site in own if site is not None]
    width = len(operands[0])
    if any(len({row[k] for row in operands}) == 1 and row_is_constant(operands, k) for k in range(width)):
        return True
    for values in (operands, resources):
        columns = list(zip(*values, strict=True)) if values and values[0] else []
        if len(set(columns)) < len(columns):
            return True
    return False


def row_is_constant(operands: list[tuple[Any, ...]], k: int) -> bool:
    return all(isinstance(row[k], str) for row in operands)


UNIFORM, RESOURCES = 1, 2  # `stream.cmd.dispatch` operand groups: workload, uniform operands, resources


def _dispatched(ir: Any, function: Any) -> list[tuple[str, tuple[tuple[Any, ...], tuple[Any, ...]] | None]]:
    """Each executable a function dispatches (the root of each `@executable::@entry`) with what that
    dispatch passes it: its uniform operands (a constant as its attribute's text, another value as
    itself) and its resources; None for a `stream.async.dispatch`."""
    found: list[tuple[str, tuple[tuple[Any, ...], tuple[Any, ...]] | None]] = []

    def visit(op: Any) -> Any:
        if op.name in ("stream.cmd.dispatch", "stream.async.dispatch") and "entry_points" in op.attributes:
            site = None
            if op.name == "stream.cmd.dispatch" and "operandSegmentSizes" in op.attributes:
                sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
                first = sizes[0]
                operands = tuple(_value_key(op.operands[i]) for i in range(first, first + sizes[UNIFORM]))
                first += sizes[UNIFORM]
                resources = tuple(op.operands[i] for i in range(first, first + sizes[RESOURCES]))
                site = (operands, resources)
            for entry in op.attributes["entry_points"]:
                found.append((str(entry).split("::", 1)[0], site))
        return ir.WalkResult.ADVANCE

    function.operation.walk(visit)
    return found


def _value_key(value: Any) -> Any:
    """A constant operand as its value's text (equal constants are one), any other as the value."""
    owner = value.owner
    if hasattr(owner, "name") and owner.name == "arith.constant":
        return str(owner.attributes["value"])
    return value

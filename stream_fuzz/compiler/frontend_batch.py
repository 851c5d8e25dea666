"""Several L3 programs in one module: compiled once to the stream phase and once to a `.vmfb`, loaded once,
and run function by function.

    reply = compiler.run_batch(FrontendBatchRequest(texts, devices, calls))  # None: crashed or hung

Each program is a module of device globals (`@d0`..) and one `func.func @main`. Programs with the same
devices share a module (`batch.merge`: the devices declared once under their own names, every other symbol
renamed `@b<i>_<name>`, so `@main` becomes `@b<i>_main`). The oracle judges each program on its own part
of the stream-phase output (`part_of`): the devices, every executable, its own functions and globals,
renamed back. A function's stream-phase IR is the one it gets alone, but for dispatch names and its ABI
declaration's name, unless IREE deduplicated a dispatch it shares with another function: then constants
it folds alone may become the dispatch's operands. `BatchReply.sharing` names those programs.

A batch may run one program several times (Hypothesis draws the same program with other inputs): it is
compiled once and called once per input. The reply is one `FrontendRun` per call, or `BatchFailed` when
the merged module did not compile (the caller bisects). Nothing here decides a finding: the caller
trusts only the programs that came out clean (`stream_fuzz.judge.l3_batching`).
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass
from typing import Any

from .batch import MergeError, merge, prefix
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


@dataclass(frozen=True)
class BatchFailed:
    """The merged module did not merge or compile: the stage and what the compiler said."""

    stage: str
    message: str
    located: frozenset[int] = frozenset()  # the programs an error's location (`source.mlir:L:C`) is in

    @property
    def named(self) -> frozenset[int]:
        """The likely culprits: the programs its errors point into, else those it names (`called from
        func.func @b2_main`; an op it prints may name a dispatch another program shares)."""
        return self.located or frozenset(int(i) for i in re.findall(r"@b(\d+)_", self.message))


@dataclass(frozen=True)
class BatchReply:
    runs: tuple[Any, ...]  # one `FrontendRun` per call
    timing: dict[str, float]  # seconds per stage for the whole batch
    # Programs that dispatch an executable another program of the batch dispatches too, with operands
    # (`sharing_dispatches`): IREE deduplicated equal dispatches across functions and passed constants it
    # folds alone as operands, so their part is not what they compile to alone.
    sharing: frozenset[int] = frozenset()


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
    for attribute in attributes:
        part.operation.attributes[attribute.name] = attribute.attr
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


def answer_batch(worker: Any, request: FrontendBatchRequest) -> BatchReply | BatchFailed:
    """What the L3 worker (`frontend._Worker`) does with a batch: merge, compile to the stream phase,
    the stream hook on the merged IR, the oracle on each program's part, compile to a `.vmfb`, run each
    function. A runtime error is its function's alone; a failed compile is the whole batch's."""
    ir, context, info = worker.ir, worker.context, worker.info
    timing: dict[str, float] = {}
    began = time.perf_counter()
    try:
        text = merged_text(ir, context, request.texts)
    except (MergeError, ir.MLIRError) as error:
        return BatchFailed("merge", str(error))
    timing["merge_s"] = time.perf_counter() - began
    started = time.perf_counter()
    ok, stream_ir, said = worker._compile(text.encode(), to_phase="stream")
    timing["stream_s"] = time.perf_counter() - started
    if not ok:
        return BatchFailed("stream", said, located=programs_at(ir, context, text, said))
    if worker.hook is not None:
        stream_ir = worker.hook(stream_ir.decode()).encode()
    started = time.perf_counter()
    try:
        compiled = ir.Module.parse(stream_ir.decode(), context)
    except ir.MLIRError as error:
        return BatchFailed("stream", f"the stream-phase IR does not read back: {str(error)[:2000]}")
    count = len(request.texts)
    sharing = sharing_dispatches(ir, compiled, count)
    checked = []
    for index, program in enumerate(request.texts):
        part = part_of(ir, context, compiled, index, count)
        report, abi, defect = worker._check(part, declared_results(ir, context, program))
        checked.append((part, report, abi, defect))
    timing["oracle_s"] = time.perf_counter() - started
    started = time.perf_counter()
    ok, vmfb, said = worker._compile(stream_ir, from_phase="stream", output="vm")
    timing["vmfb_s"] = time.perf_counter() - started
    if not ok:
        return BatchFailed("vmfb", said)
    outputs: list[Any] = [None] * len(request.calls)
    after: list[Any] = [None] * len(request.calls)
    errors = [""] * len(request.calls)
    missing = request.execute and worker.iree_run_module is None and not runtime_available()
    execute = request.execute and not missing
    started = time.perf_counter()
    if execute:
        outputs, after, errors = _run_each(worker, vmfb, request)
    timing["run_s"] = time.perf_counter() - started
    runs = []
    from stream_fuzz.oracles.abi import inputs_unchanged

    crossing = [results_crossing_devices(ir, context, program) for program in request.texts]
    consumed = [consumed_arguments(ir, context, program) for program in request.texts]
    for call, (index, _) in enumerate(request.calls):
        part, report, abi, defect = checked[index]
        if defect:
            run = FrontendRun("bad-output", "stream", info, part, report, abi, message=defect)
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
    return BatchReply(tuple(runs), timing, sharing)


def _run_each(
    worker: Any, vmfb: bytes, request: FrontendBatchRequest
) -> tuple[list[Any], list[Any], list[str]]:
    """Load the module once (one VM context on one set of devices) and make each call: a program's
    function with its inputs. Its results and its arguments after the call, or the runtime's error."""
    import numpy as np
    from iree import runtime as rt
    from iree.runtime.function import IMPLICIT_BUFFER_ARG_MEMORY_TYPE, IMPLICIT_BUFFER_ARG_USAGE

    outputs: list[Any] = [None] * len(request.calls)
    after: list[Any] = [None] * len(request.calls)
    errors = [""] * len(request.calls)
    module, context, device = worker.load(vmfb, request.devices)
    for call, (index, inputs) in enumerate(request.calls):
        try:
            function = module.lookup_function(function_of(index))
            if function is None:
                raise ValueError(f"the module has no function @{function_of(index)}")
            # As `frontend._Worker._execute`: the invoker's own kind of buffers, read back after the call
            # (`abi/input-written`).
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
        except Exception as error:  # the runtime's errors are RuntimeError/ValueError with its status text
            errors[call] = f"{type(error).__name__}: {error}"
    return outputs, after, errors


def sharing_dispatches(ir: Any, compiled: Any, count: int) -> frozenset[int]:
    """The programs whose functions dispatch an executable that another program's functions dispatch too
    and that some dispatch passes operands: IREE folds a dispatch's constants into its executable when
    every site passes the same, so a shared executable no site passes operands to is what each program
    compiles alone; one with operands may hold constants that alone would have been folded in."""
    users: dict[str, set[int]] = {}
    operands: set[str] = set()
    for op in compiled.body.operations:
        if op.operation.name != "util.func":
            continue
        name = ir.StringAttr(op.attributes["sym_name"]).value
        owners = [i for i in range(count) if name.startswith(prefix(i))]
        for executable, passes in _dispatched(ir, op):
            users.setdefault(executable, set()).update(owners)
            if passes:
                operands.add(executable)
    return frozenset(i for executable in operands if len(programs := users[executable]) > 1 for i in programs)


UNIFORM = 1  # `stream.cmd.dispatch`'s operand groups: workload, uniform operands, resources, ...


def _dispatched(ir: Any, function: Any) -> list[tuple[str, bool]]:
    """Each executable a function dispatches (the root of each `@executable::@entry`), and whether that
    dispatch passes it operands (any dispatch but a `stream.cmd.dispatch` without uniform operands)."""
    found: list[tuple[str, bool]] = []

    def visit(op: Any) -> Any:
        if op.name in ("stream.cmd.dispatch", "stream.async.dispatch") and "entry_points" in op.attributes:
            passes = True
            if op.name == "stream.cmd.dispatch" and "operandSegmentSizes" in op.attributes:
                passes = ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])[UNIFORM] > 0
            for entry in op.attributes["entry_points"]:
                found.append((str(entry).split("::", 1)[0], passes))
        return ir.WalkResult.ADVANCE

    function.operation.walk(visit)
    return found

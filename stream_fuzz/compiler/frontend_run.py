"""What an L3 run answers (`FrontendRun`), and what the worker reads from the input program itself: the
device each result is declared on, and which results a transfer between devices feeds. Shared by the
one-program worker (`frontend.py`) and batches (`frontend_batch.py`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .result import CompilerInfo


class RuntimeDefect(Enum):
    """A defect of an `iree-run-module` release that crashes it on valid programs of one shape. Programs of
    that shape are compiled and checked with it but not run (`preflight.runtime_defects` probes for
    each): a broken setup is never a finding. The value says what it does, for the user."""

    UNUSED_ARGUMENT = (
        "crashes in its VM (iree_vm_bytecode_dispatch) on a function with an unused argument, a defect of "
        "iree-run-module 3.1-3.8 fixed in 3.9.0 (whose runtime also runs modules of 3.4-3.8)"
    )


@dataclass(frozen=True)
class FrontendRun:
    """How far one request got and what it produced. `outcome`: "ok", "diagnostic" (a phase rejected the
    program), "bad-output" (the stream-phase IR does not read back), "runtime-error", "crash", "timeout";
    `stage` the phase it ended in (`STAGES`)."""

    outcome: str
    stage: str
    compiler: CompilerInfo
    stream_ir: str | None = None
    report: Any = None  # the oracle's `Report` on the stream-phase IR
    abi_violations: tuple[Any, ...] = ()
    outputs: tuple[Any, ...] | None = None  # None: not executed
    executed: bool = False
    message: str = ""  # diagnostics, the runtime's error, or the crash's tail
    runtime_missing: bool = False
    input_rejected: bool = False  # the program itself does not parse or verify (a generator's bug)
    # For each result of @main: does a `flow.tensor.transfer` feed it (read from the program)?
    crosses_devices: tuple[bool, ...] = ()
    timing: dict[str, float] = field(default_factory=dict)  # seconds per stage, and oracle_s
    not_run: str = ""  # why a program that compiled was not run here (a `RuntimeDefect` of the runtime)
    # The bytes passed as @main's `iree.abi.transients` storage (the module's own size query); None: none.
    transient_bytes: int | None = None


def runtime_available() -> bool:
    try:
        import iree.runtime  # noqa: F401
    except ImportError:
        return False
    return True


def declared_results(ir: Any, context: Any, text: str) -> tuple[str | None, ...]:
    """The device each result of @main is declared on (its `iree.abi.affinity`), read from the program."""
    from stream_fuzz.oracles.affinity import devices_of

    module = ir.Module.parse(text, context)
    for op in module.body.operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == "main":
            if "res_attrs" not in op.attributes:
                return ()
            declared: list[str | None] = []
            for attrs in ir.ArrayAttr(op.attributes["res_attrs"]):
                attrs = ir.DictAttr(attrs)
                devices = devices_of(attrs["iree.abi.affinity"]) if "iree.abi.affinity" in attrs else None
                declared.append(min(devices) if devices and len(devices) == 1 else None)
            return tuple(declared)
    return ()


def consumed_arguments(ir: Any, context: Any, text: str) -> tuple[bool, ...]:
    """For each argument of @main, whether the program takes ownership of its buffer (`iree.abi.consume`,
    or `iree.abi.output`, which the ABI wrapper imports as consumed): then the call may write it."""
    main = _main_of(ir, ir.Module.parse(text, context))
    if main is None or "arg_attrs" not in main.attributes:
        return ()
    owned = ("iree.abi.consume", "iree.abi.output")
    return tuple(
        any(name in ir.DictAttr(attrs) for name in owned)
        for attrs in ir.ArrayAttr(main.attributes["arg_attrs"])
    )


def transients_argument(ir: Any, context: Any, text: str) -> tuple[int, str] | None:
    """Where @main takes an `iree.abi.transients` argument (IREE 3.9+: the storage the call's transient
    allocations are placed in) and its type ("buffer" or "buffer_view"), or None when it takes none."""
    if "iree.abi.transients" not in text:
        return None
    main = _main_of(ir, ir.Module.parse(text, context))
    if main is None or "arg_attrs" not in main.attributes:
        return None
    inputs = ir.FunctionType(ir.TypeAttr(main.attributes["function_type"]).value).inputs
    for index, attrs in enumerate(ir.ArrayAttr(main.attributes["arg_attrs"])):
        if "iree.abi.transients" in ir.DictAttr(attrs):
            return index, str(inputs[index]).removeprefix("!hal.")
    return None


def transient_size(stream_ir: str) -> tuple[int | None, str | None]:
    """What the compiled @main says of the storage its `iree.abi.transients` argument needs (read from its
    stream-phase `iree.reflection`, as IREE's samples/external_transients reads it from the module): the
    size in bytes when it is a constant (`iree.abi.transients.size.constant`), else the function that
    computes it from the call's inputs (`iree.abi.transients.size`), else (None, None)."""
    for line in stream_ir.splitlines():
        if re.match(r"\s*util\.func public @main\(", line):
            constant = re.search(r"iree\.abi\.transients\.size\.constant = (\d+)", line)
            function = re.search(r"iree\.abi\.transients\.size = @([\w$.]+)", line)
            return (int(constant[1]) if constant else None), (function[1] if function else None)
    return None, None


def _main_of(ir: Any, module: Any) -> Any:
    for op in module.body.operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == "main":
            return op
    return None


def has_unused_argument(ir: Any, context: Any, stream_ir: str) -> bool:
    """Does the compiled @main take an argument it never uses? Read from the stream-phase IR, where the
    exported `util.func @main` takes buffer views: a use the compiler folded away (an insert_slice that
    overwrites the whole destination) leaves it unused, as the runtime sees it."""
    from stream_fuzz.oracles.sanitize import parse_compiled

    # As the oracle reads it (an older release's spellings respelled); held: its ops die with it.
    module = parse_compiled(stream_ir, context)
    for op in module.body.operations:
        if op.operation.name not in ("util.func", "func.func") or not op.regions[0].blocks:
            continue
        if ir.StringAttr(op.attributes["sym_name"]).value == "main":
            return any(not list(argument.uses) for argument in op.regions[0].blocks[0].arguments)
    return False


def results_crossing_devices(ir: Any, context: Any, text: str) -> tuple[bool, ...]:
    """For each returned value of @main, whether a `flow.tensor.transfer` is among the ops it is computed
    from (its backward slice, through operands)."""
    module = ir.Module.parse(text, context)
    main = _main_of(ir, module)
    if main is None:
        return ()
    block = main.regions[0].blocks[0]
    terminator = block.operations[len(block.operations) - 1]

    def crosses(value: Any, seen: set[int]) -> bool:
        owner = value.owner
        if not isinstance(owner, ir.OpView) or id(owner.operation) in seen:
            return False
        seen.add(id(owner.operation))
        op = owner.operation
        return op.name == "flow.tensor.transfer" or any(crosses(v, seen) for v in op.operands)

    return tuple(crosses(v, set()) for v in terminator.operands)


__all__ = [
    "FrontendRun",
    "RuntimeDefect",
    "consumed_arguments",
    "declared_results",
    "has_unused_argument",
    "results_crossing_devices",
    "runtime_available",
    "transient_size",
    "transients_argument",
]

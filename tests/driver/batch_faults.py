"""Faults for one program of a batch: worker hooks that act only on a module holding the program marked
with the `fuzz.fault` attribute on a function (`mark`). In a batch the worker runs its post hook on each
program's part of the output, so only the marked program's part is broken, as a compiler bug in that
program alone would break it."""

from __future__ import annotations

import os
import signal

from iree.compiler import ir

from tests.mutants import walk

MARK = "fuzz.fault"


def mark(text: str) -> str:
    """`text` with its public function marked (the mark does not change what the pipeline does)."""
    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        module = ir.Module.parse(text)
        for op in walk(module, "util.func"):
            if "public" in str(op.attributes["sym_visibility"]):
                op.attributes[MARK] = ir.UnitAttr.get()
        return str(module)


def _marked(module: ir.Module) -> bool:
    return any(MARK in op.attributes for op in walk(module, "util.func"))


def misplace_if_marked(module: ir.Module) -> None:
    """The marked program's first expectation names another device: a placement violation there."""
    if not _marked(module):
        return
    barrier = walk(module, "util.optimization_barrier")[0]
    current = str(barrier.attributes["fuzz.expect"])
    devices = [ir.StringAttr(op.attributes["sym_name"]).value for op in walk(module, "util.global")]
    other = next(d for d in devices if f"@{d}>" not in current and f"@{d}," not in current)
    barrier.attributes["fuzz.expect"] = ir.Attribute.parse(f"#hal.device.affinity<@{other}>", module.context)


def segfault_if_marked(module: ir.Module) -> None:
    if _marked(module):
        os.kill(os.getpid(), signal.SIGSEGV)

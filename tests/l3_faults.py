"""Faults injected into L3's stream-phase IR (`FrontendCompiler(stream_hook=...)`), before compilation resumes
from it to a `.vmfb`: they stand in for a compiler that loses or misdirects a copy, a wrong result only a
run shows (local devices share host memory, so a misplacement alone computes the right numbers).
"""

from __future__ import annotations

import os
import signal

from iree.compiler import ir

from tests.mutants import walk


def drop_first_cross_device_copy(text: str) -> str:
    """Erase the first `stream.cmd.copy` in an execute that also flushes to another device: the copy a
    transfer between devices became (#19891's fix writes it, then flushes it to its consumer). Whatever
    reads the target afterwards reads memory nothing wrote."""
    with ir.Context() as context:
        module = ir.Module.parse(text, context)
        for execute in walk(module, "stream.cmd.execute"):
            inner = walk_region(execute)
            if any(op.name == "stream.cmd.flush" for op in inner):
                copies = [op for op in inner if op.name == "stream.cmd.copy"]
                if copies:
                    copies[0].erase()
                    break
        return str(module)


def walk_region(op: ir.Operation) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(inner: ir.Operation) -> ir.WalkResult:
        found.append(inner)
        return ir.WalkResult.ADVANCE

    op.walk(visit)
    return found[:-1]  # the op itself comes last (post-order)


def crash_on_cross_device_copy(text: str) -> str:
    """A compiler that dies on a copy between devices (the copy `drop_first_cross_device_copy` drops): in
    a batch, only the program holding one crashes the compile."""
    with ir.Context() as context:
        module = ir.Module.parse(text, context)
        for execute in walk(module, "stream.cmd.execute"):
            inner = walk_region(execute)
            if any(op.name == "stream.cmd.flush" for op in inner) and any(
                op.name == "stream.cmd.copy" for op in inner
            ):
                os.kill(os.getpid(), signal.SIGSEGV)
    return text


def miscompute_a_dispatch_constant(text: str) -> str:
    """Add one to the first i32 constant inside an executable: a dispatch computes with another number
    than the program's, on whatever device it runs (a wrong result of one device's, of no known bug)."""
    with ir.Context() as context:
        module = ir.Module.parse(text, context)
        for executable in walk(module, "stream.executable"):
            for op in walk_region(executable):
                value = op.attributes["value"] if op.name == "arith.constant" else None
                if isinstance(value, ir.IntegerAttr) and str(value.type) == "i32":
                    op.attributes["value"] = ir.IntegerAttr.get(value.type, value.value + 1)
                    return str(module)
        return str(module)

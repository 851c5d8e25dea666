"""The oracle as run inside the compiler worker (`Judge` names it as the worker's analyze hook).

`before` reads the program's intent from the input module (before the pipeline changes it in place);
`after` checks the compiled module against it; `read` parses another compiler's printed output. What
`after` returns crosses the pipe as it is (a frozen `Report`).
"""

from __future__ import annotations

from iree.compiler import ir

from .check import Report, check_module
from .intent import Intent, read_intent
from .sanitize import read_compiled


def before(module: ir.Module) -> Intent:
    return read_intent(module)


def after(module: ir.Module, intent: Intent | None, defect: str = "") -> dict[str, Report]:
    return {"oracle": check_module(module, intent, defect)}


def read(text: str, context: ir.Context) -> tuple[ir.Module, str]:
    reading = read_compiled(text, context)
    return reading.module, reading.defect

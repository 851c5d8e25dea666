"""The oracle as run inside the compiler worker (`Judge` names it as the worker's analyze hook).

`before` reads the program's intent from the input module (before the pipeline changes it in place);
`after` checks the compiled module against it and returns plain data that crosses the pipe.
"""

from __future__ import annotations

from iree.compiler import ir

from .check import check_module
from .intent import Intent, read_intent


def before(module: ir.Module) -> Intent:
    return read_intent(module)


def after(module: ir.Module, intent: Intent | None) -> dict:
    return {"oracle": check_module(module, intent).to_json()}

"""An analyze hook that reports which dialects the worker's context has loaded after a compile."""

from __future__ import annotations

from iree.compiler import ir

# Used by every stream program; registered by IREE's bindings but used by no stream program or pass.
DIALECTS = ("stream", "util", "llvm", "spirv", "gpu")


def before(module: ir.Module) -> None:
    return None


def after(module: ir.Module, intent: None, defect: str = "") -> dict[str, dict[str, bool]]:
    context = module.context
    return {"loaded": {name: context.is_dialect_loaded(name) for name in DIALECTS}}

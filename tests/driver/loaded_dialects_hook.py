"""An analyzer that reports which dialects the worker's context has loaded after a compile, as behaviour
labels `loaded:<dialect>` of its report."""

from __future__ import annotations

from iree.compiler import ir
from stream_fuzz.oracles import Report
from stream_fuzz.oracles.check import Midway
from stream_fuzz.oracles.checkers import Checked
from stream_fuzz.oracles.intent import Intent
from stream_fuzz.oracles.worker_hooks import Oracle

# Used by every stream program; registered by IREE's bindings but used by no stream program or pass.
DIALECTS = ("stream", "util", "llvm", "spirv", "gpu")


class LoadedDialects(Oracle):
    midway_window: tuple[str, str] | None = None

    def after(
        self,
        module: ir.Module,
        intent: Intent | None,
        defect: str = "",
        midway: Midway | None = None,
        checked: Checked | None = None,
    ) -> Report:
        loaded = (name for name in DIALECTS if module.context.is_dialect_loaded(name))
        return Report(behaviour=frozenset(f"loaded:{name}" for name in loaded))

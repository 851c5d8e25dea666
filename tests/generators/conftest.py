"""Compile helpers for generator tests: in-process IREE bindings, one MLIR context per session."""

from __future__ import annotations

import pytest

PIPELINES = {
    "stream": "builtin.module(iree-stream-transformation-pipeline)",
    "allocation": "builtin.module(iree-stream-schedule-allocation)",
}


class Compiler:
    def __init__(self) -> None:
        from iree.compiler import ir

        self.ir = ir
        self.ctx = ir.Context()

    def parse(self, text: str):
        return self.ir.Module.parse(text, self.ctx)

    def run(self, text: str, pipeline: str) -> str:
        """Compiled module text; raises ir.MLIRError with the diagnostics."""
        from iree.compiler import passmanager

        module = self.parse(text)
        passmanager.PassManager.parse(PIPELINES[pipeline], self.ctx).run(module.operation)
        return str(module)


@pytest.fixture(scope="session")
def mlir() -> Compiler:
    return Compiler()

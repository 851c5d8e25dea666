"""The compiler driver: one interface, two backends, one result type.

    with open_compiler() as compiler:                   # pinned bindings, in a worker process
        result = compiler.compile(text, resolve_pipeline("allocation"))
    with open_compiler("/path/to/iree-opt") as compiler:  # any binary: local build, older release
        ...

`result.outcome` is OK / DIAGNOSTIC / CRASH / TIMEOUT / BAD_OUTPUT; `result.compiler` says who produced it.
"""

from __future__ import annotations

from typing import Protocol

from stream_fuzz.compiler.inprocess import InProcessCompiler
from stream_fuzz.compiler.pipelines import PIPELINES, UnknownPipeline, resolve_pipeline
from stream_fuzz.compiler.result import DEFAULT_TIMEOUT_S, CompileResult, CompilerInfo, Diagnostic, Outcome
from stream_fuzz.compiler.subprocess_backend import (
    CompilerNotFound,
    SubprocessCompiler,
    iree_run_module_beside,
    native_iree_opt,
    native_iree_run_module,
)


class Compiler(Protocol):
    """What every backend offers."""

    info: CompilerInfo

    def compile(self, text: str, pipeline: str) -> CompileResult:
        """Run `pipeline` (a full `builtin.module(...)` string) on the program `text`."""
        ...

    def check_pipeline(self, pipeline: str) -> None:
        """Raise `UnknownPipeline`, naming what the compiler rejects, unless `pipeline` parses."""
        ...

    def close(self) -> None: ...


def open_compiler(
    iree_opt: str | None = None, timeout: float = DEFAULT_TIMEOUT_S
) -> InProcessCompiler | SubprocessCompiler:
    """The pinned in-process compiler, or the `iree-opt` at `iree_opt` (raises CompilerNotFound)."""
    if iree_opt:
        return SubprocessCompiler(iree_opt, timeout=timeout)
    return InProcessCompiler(timeout=timeout)


__all__ = [
    "DEFAULT_TIMEOUT_S",
    "PIPELINES",
    "CompileResult",
    "Compiler",
    "CompilerInfo",
    "CompilerNotFound",
    "Diagnostic",
    "InProcessCompiler",
    "Outcome",
    "SubprocessCompiler",
    "UnknownPipeline",
    "iree_run_module_beside",
    "native_iree_opt",
    "native_iree_run_module",
    "open_compiler",
    "resolve_pipeline",
]

"""Compile the hand-written programs once with the pinned compiler; tests read the printed output."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from iree.compiler import ir
from stream_fuzz.oracles.intent import Intent, read_intent

from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline

PROGRAMS = Path(__file__).resolve().parent / "programs"
# Hand-written programs whose pinned-compiler output breaks a rule, triaged as IREE's bug (test_lifetime says
# where): the clean and mutant tests expect exactly these rules there, and no others.
KNOWN_BUGS = {
    "stream_parameter_and_staging": {"lifetime/before-alloca"},
    "stream_if_yields_a_live_value": {"lifetime/after-dealloca"},
}


def pipeline_of(text: str) -> str:
    """Programs name their pipeline in a `// PIPELINE: allocation|stream` header line."""
    for line in text.splitlines():
        if line.startswith("// PIPELINE:"):
            return line.split(":", 1)[1].strip()
    raise AssertionError("program without a // PIPELINE: header")


@pytest.fixture(scope="session")
def compiled(compiler: InProcessCompiler) -> Callable[[str], str]:
    """compiled("seed_tp4_fanout") -> the output IR the real compiler printed for that program."""
    cache: dict[str, str] = {}

    def get(name: str) -> str:
        if name not in cache:
            text = (PROGRAMS / f"{name}.mlir").read_text()
            result = compiler.compile(text, resolve_pipeline(pipeline_of(text)))
            assert result.outcome is Outcome.OK, f"{name}: {result.summary()}"
            cache[name] = result.output or ""
        return cache[name]

    return get


@pytest.fixture
def parse() -> Callable[[str], ir.Module]:
    context = ir.Context()
    return lambda text: ir.Module.parse(text, context)


@pytest.fixture(scope="session")
def intent() -> Callable[[str], Intent]:
    """intent("seed_tp4_fanout") -> what that program transfers, read from its input IR."""
    context = ir.Context()
    return lambda name: read_intent(ir.Module.parse((PROGRAMS / f"{name}.mlir").read_text(), context))

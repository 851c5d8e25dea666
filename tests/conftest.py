"""Shared fixtures: the pinned compiler worker is expensive to start, so tests share one per session."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stream_fuzz.compiler import InProcessCompiler

ROOT = Path(__file__).resolve().parent.parent
PROGRAMS = Path(__file__).resolve().parent / "programs"


@pytest.fixture(scope="session")
def compiler() -> Iterator[InProcessCompiler]:
    with InProcessCompiler(timeout=120) as worker:
        yield worker


@pytest.fixture(scope="session")
def native_iree_opt() -> Path:
    """The native iree-opt binary shipped inside the pinned wheel (not the slow console script)."""
    import iree.compiler

    path = Path(iree.compiler.__file__).parent / "_mlir_libs" / "iree-opt"
    assert path.exists(), f"the pinned wheel has no native iree-opt at {path}"
    return path

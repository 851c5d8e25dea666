"""The pinned compiler's frontend worker, one per test module (a compile that crashes takes the worker down,
not pytest)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from stream_fuzz.compiler.frontend import FrontendCompiler


@pytest.fixture(scope="module")
def frontend() -> Iterator[FrontendCompiler]:
    with FrontendCompiler(timeout=120) as compiler:
        yield compiler

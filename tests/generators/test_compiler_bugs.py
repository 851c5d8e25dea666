"""Programs in compiler_bugs/ are compiler bugs the generator met; they must still reproduce.

When one stops failing, the pinned compiler was fixed: move the file out and drop the matching
avoidance in generators/builder.py (each is marked "Known compiler bug").
"""

from __future__ import annotations

from pathlib import Path

import pytest

BUGS = sorted((Path(__file__).parent / "compiler_bugs").glob("*.mlir"))


@pytest.mark.compiler_bug
@pytest.mark.parametrize("path", BUGS, ids=[p.stem for p in BUGS])
def test_compiler_bug_still_reproduces(mlir, path):
    from iree.compiler import ir

    text = path.read_text()
    mlir.parse(text)  # valid input: it parses and verifies
    with pytest.raises(ir.MLIRError):
        mlir.run(text, "stream")

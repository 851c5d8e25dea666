"""Programs in compiler_bugs/ are compiler bugs the generator met; they must still reproduce.

When one stops failing, the pinned compiler was fixed: move the file out and drop the matching
avoidance in generators/builder.py or generators/avoid.py (each is marked "Known compiler bug").

- compiler_bugs/*.mlir: valid input the stream pipeline rejects.
- compiler_bugs/placement/*.mlir: compiles with schedule-allocation, and the oracle reports the rule
  named on the file's `// rule: ...` line. The generator does not avoid these: campaigns report them.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

HERE = Path(__file__).parent / "compiler_bugs"
BUGS = sorted(HERE.glob("*.mlir"))
PLACEMENT = sorted((HERE / "placement").glob("*.mlir"))


@pytest.mark.compiler_bug
@pytest.mark.parametrize("path", BUGS, ids=[p.stem for p in BUGS])
def test_compiler_bug_still_reproduces(mlir, path):
    from iree.compiler import ir

    text = path.read_text()
    mlir.parse(text)  # valid input: it parses and verifies
    with pytest.raises(ir.MLIRError):
        mlir.run(text, "stream")


@pytest.mark.compiler_bug
@pytest.mark.parametrize("path", PLACEMENT, ids=[p.stem for p in PLACEMENT])
def test_misplacement_still_reproduces(mlir, path):
    from oracles import check_text

    text = path.read_text()
    rule = re.search(r"^// rule: (\S+)", text, re.M)
    assert rule, "name the oracle rule on a `// rule:` line"
    report = check_text(mlir.run(text, "allocation"), mlir.ctx)
    assert rule.group(1) in {v.rule for v in report.violations}, report.violations

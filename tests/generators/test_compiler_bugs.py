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


@pytest.fixture(scope="module")
def isolated():
    """The project's compiler driver: a worker process, so a bug that crashes the compiler (the IPO
    use-after-free sometimes segfaults instead of failing to verify) does not take pytest with it."""
    from stream_fuzz.compiler import InProcessCompiler

    with InProcessCompiler(timeout=60) as compiler:
        yield compiler


@pytest.mark.compiler_bug
@pytest.mark.parametrize("path", BUGS, ids=[p.stem for p in BUGS])
def test_compiler_bug_still_reproduces(mlir, isolated, path):
    from stream_fuzz.compiler import Outcome, resolve_pipeline

    text = path.read_text()
    mlir.parse(text)  # valid input: it parses and verifies
    result = isolated.compile(text, resolve_pipeline("stream"))
    assert result.outcome in (Outcome.DIAGNOSTIC, Outcome.CRASH), result.outcome
    if result.outcome is Outcome.DIAGNOSTIC:  # the diagnostic the header names, not another one
        header = re.search(r"^//\s+error: (.*)$", text, re.M)
        assert header, "quote the diagnostic on a `//   error: ...` header line"
        got = "\n".join(map(str, result.diagnostics))
        # Its words, between attributes (printed differently) and elisions (`...`).
        for words in re.split(r"\S*[#<>]\S*|\.\.\.", header.group(1)):
            if len(words.strip()) > 3:
                assert words.strip() in got


@pytest.mark.compiler_bug
@pytest.mark.parametrize("path", PLACEMENT, ids=[p.stem for p in PLACEMENT])
def test_misplacement_still_reproduces(mlir, path):
    from stream_fuzz.oracles import check_text

    text = path.read_text()
    rule = re.search(r"^// rule: (\S+)", text, re.M)
    assert rule, "name the oracle rule on a `// rule:` line"
    report = check_text(mlir.run(text, "allocation"), mlir.ctx)
    assert rule.group(1) in {v.rule.id for v in report.violations}, report.violations

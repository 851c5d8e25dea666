"""L3 without `iree-base-runtime`: programs are compiled and their placement checked, nothing is executed,
the run says so once, and the corpus's L3 entries are UNSUPPORTED under lit instead of failing.

The missing runtime is simulated for a child process only: a folder first on its PYTHONPATH holds an
`iree.runtime` whose import fails (`iree` is a namespace package, so that portion is found first), as the
import fails on a machine without the `runtime` extra. The compiler is the real one.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stream_fuzz.compiler.subprocess_backend import native_iree_compile, native_iree_opt
from tests.conftest import CORPUS, ROOT

pytestmark = pytest.mark.slow
L3_ENTRY = CORPUS / "wrong-result-insert-slice-of-its-own-slice-copied-in-place.mlir"


def without_runtime(tmp_path: Path) -> dict[str, str]:
    shadow = tmp_path / "shadow" / "iree" / "runtime"
    shadow.mkdir(parents=True)
    (shadow / "__init__.py").write_text('raise ImportError("no iree-base-runtime (simulated by the test)")\n')
    return {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path / "shadow"), str(ROOT)])}


def test_without_the_runtime_l3_checks_placement_and_says_so_once(tmp_path: Path) -> None:
    env = without_runtime(tmp_path)
    report, found = tmp_path / "run.json", tmp_path / "found"
    done = subprocess.run(
        [
            sys.executable, "-m", "stream_fuzz.cli", "run", "--level", "l3", "--examples", "4",
            "--workers", "1", "--corpus", str(found), "--json", str(report), "--no-shrink",
        ],
        capture_output=True, text=True, timeout=600, env=env, check=False,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr[-3000:]
    assert done.stderr.count("iree-base-runtime is not installed") == 1, done.stderr[-3000:]
    data = json.loads(report.read_text())
    assert data["runtime_missing"] is True
    assert data["programs"]["l3"] == 4 and data["compiled"]["l3"] >= 1 and data["executed"]["l3"] == 0
    assert not [f for f in data["findings"] if f["kind"] in ("runtime-error", "wrong-result")]


def test_without_the_runtime_lit_marks_l3_entries_unsupported(tmp_path: Path) -> None:
    # The compiler as a folder of scripts (a build folder without the runtime's tools): the pinned wheel's
    # iree-opt has this environment's iree-run-module beside it, which lit would find and use.
    build = tmp_path / "build"
    build.mkdir()
    for tool, path in (("iree-opt", native_iree_opt()), ("iree-compile", native_iree_compile())):
        (build / tool).write_text(f'#!/bin/sh\nexec {path} "$@"\n')
        (build / tool).chmod(0o755)
    lit = Path(sys.executable).parent / "lit"
    done = subprocess.run(
        [
            str(lit), "-v", str(L3_ENTRY), "-D", f"exec_root={tmp_path / 'lit'}",
            "-D", f"iree_opt={build / 'iree-opt'}",
        ],
        capture_output=True, text=True, timeout=300, env=without_runtime(tmp_path), check=False,
    )  # fmt: skip
    assert "UNSUPPORTED" in done.stdout, done.stdout + done.stderr

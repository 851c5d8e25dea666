"""L3 with an external compiler: the `iree-compile` beside a given `iree-opt`, run as a child process.

The external compiler here is the pinned wheel's own native `iree-compile` (and `iree-opt`), reached
through a folder of two-line scripts that exec them, as a local build directory would hold them: the real
compiler, only another backend. A runtime that cannot run the compiler's modules is simulated by a script
that writes a broken .vmfb: a broken setup, which must never become a finding.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from stream_fuzz.compiler.frontend import FrontendCompiler, FrontendRequest, runtime_available
from stream_fuzz.compiler.subprocess_backend import native_iree_compile, native_iree_opt
from stream_fuzz.corpus.entry import read_entry
from stream_fuzz.judge.l3 import case_from_entry, judge_case
from stream_fuzz.judge.preflight import KNOWN_GOOD, preflight_l3
from tests.conftest import CORPUS

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not runtime_available(), reason="iree-base-runtime is not installed (the runtime extra)"
    ),
]
CRASH_ENTRY = CORPUS / "crash-memoize-outlining-of-fills-on-an-elided-device.mlir"


def script(path: Path, body: str) -> Path:
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)
    return path


def build_folder(folder: Path, iree_compile: bool = True, broken_vmfb: bool = False) -> Path:
    """A folder with `iree-opt` (and `iree-compile`) scripts calling the pinned wheel's binaries."""
    folder.mkdir(parents=True, exist_ok=True)
    script(folder / "iree-opt", f'exec {native_iree_opt()} "$@"')
    if iree_compile:
        body = f'exec {native_iree_compile()} "$@"'
        if broken_vmfb:  # compile as asked, then overwrite a .vmfb with bytes no runtime loads
            body = (
                f'{native_iree_compile()} "$@" || exit $?\n'
                'case "$*" in *vm-bytecode*)\n'
                '  for a; do [ "$prev" = -o ] && echo junk > "$a"; prev=$a; done;;\n'
                "esac"
            )
        script(folder / "iree-compile", body)
    return folder


def stream_fuzz(*argv: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stream_fuzz.cli", *argv], capture_output=True, text=True, timeout=timeout
    )


@pytest.fixture(scope="module")
def external(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FrontendCompiler]:
    folder = build_folder(tmp_path_factory.mktemp("build"))
    with FrontendCompiler(timeout=120, iree_compile=folder / "iree-compile") as compiler:
        yield compiler


def test_an_external_iree_compile_compiles_checks_and_runs(external: FrontendCompiler) -> None:
    assert external.info.backend == "subprocess" and external.info.version.startswith("3.")
    assert preflight_l3(external) == ""
    text = (KNOWN_GOOD / "l3.mlir").read_text()
    run = external.run(FrontendRequest(text, 2, (np.arange(4, dtype=np.float32),)))
    assert run.outcome == "ok" and run.executed, run.message
    assert run.outputs is not None and run.outputs[0].tolist() == [0, 4, 8, 12]
    assert run.report is not None and not run.report.violations
    rejected = external.run(FrontendRequest(text.replace("%a, %a", "%a, %nope"), 2))
    assert rejected.outcome == "diagnostic" and rejected.input_rejected
    assert "<stdin>" in rejected.message and "stream-fuzz-l3-" not in rejected.message  # no temp paths


def test_a_crash_of_the_binary_is_the_finding_the_pinned_compiler_records(
    external: FrontendCompiler,
) -> None:
    entry = read_entry(CRASH_ENTRY)
    verdict = judge_case(external, case_from_entry(entry.text))
    assert verdict.run.outcome == "crash", verdict.run.message
    assert verdict.finding is not None and verdict.finding.signature in entry.signatures


def test_run_level_l3_against_iree_opt_uses_the_iree_compile_beside_it(tmp_path: Path) -> None:
    folder = build_folder(tmp_path / "build")
    report = tmp_path / "run.json"
    done = stream_fuzz(
        "run", "--level", "l3", "--iree-opt", str(folder / "iree-opt"), "--examples", "6",
        "--workers", "1", "--corpus", str(tmp_path / "found"), "--json", str(report), "--no-shrink",
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr[-3000:]
    data = json.loads(report.read_text())
    # 6 drawn; a finding among them is judged once more when Hypothesis replays it to report it.
    assert data["programs"]["l3"] >= 6 and data["executed"]["l3"] >= 1, data
    assert str(folder) in data["compiler"]["path"]


def test_without_iree_compile_beside_it_l3_is_refused_and_all_is_a_setup_error(tmp_path: Path) -> None:
    folder = build_folder(tmp_path / "build", iree_compile=False)
    done = stream_fuzz("run", "--level", "l3", "--iree-opt", str(folder / "iree-opt"), "--examples", "2")
    assert done.returncode == 2 and f"no executable {folder / 'iree-compile'}" in done.stderr, done.stderr
    # Without iree-compile the release cannot be told either (iree-opt names only LLVM): L1 and L2 would
    # print a guessed syntax and misattribute findings, so the whole run is a setup error that writes nothing.
    found = tmp_path / "found"
    done = stream_fuzz(
        "run", "--level", "all", "--iree-opt", str(folder / "iree-opt"), "--examples", "2",
        "--workers", "1", "--corpus", str(found), "--json", str(tmp_path / "run.json"),
    )  # fmt: skip
    assert done.returncode == 2 and "cannot tell which IREE release" in done.stderr, done.stderr[-3000:]
    assert not list(found.glob("*.mlir"))


def test_a_runtime_that_cannot_run_its_modules_is_said_once_and_is_no_finding(tmp_path: Path) -> None:
    folder = build_folder(tmp_path / "build", broken_vmfb=True)
    report, found = tmp_path / "run.json", tmp_path / "found"
    done = stream_fuzz(
        "run", "--level", "l3", "--iree-opt", str(folder / "iree-opt"), "--examples", "6",
        "--workers", "1", "--corpus", str(found), "--json", str(report), "--no-shrink",
    )  # fmt: skip
    assert done.stderr.count("cannot run what") == 1, done.stderr[-3000:]
    data = json.loads(report.read_text())
    assert data["programs"]["l3"] >= 6 and data["executed"]["l3"] == 0
    assert not [f for f in data["findings"] if f["signature"].startswith("runtime-error")]
    assert not list(found.glob("runtime-error-*.mlir"))


def test_the_matrix_fuzzes_l3_with_each_compilers_iree_compile(tmp_path: Path) -> None:
    folder = build_folder(tmp_path / "build")
    done = stream_fuzz(
        "matrix", "--level", "l3", "--iree-opt", str(folder / "iree-opt"), "--examples", "4",
        "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    (row,) = [line for line in done.stdout.splitlines() if line.startswith("l3 executed")]
    assert row.split()[-1] == "4/4", done.stdout

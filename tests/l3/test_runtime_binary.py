"""L3's programs run by an `iree-run-module` binary, as with an older release's compiler (whose modules only
its own release's runtime loads): inputs and results through .npy files, compared with NumPy exactly as the
in-process runtime's are.

CI has one release, so the "external" runtime here is the pinned wheel's own native `iree-run-module`; a
runtime that refuses every module is a script that says "bytecode version mismatch" and exits 1, as another
release's runtime does: a broken setup, said once, never a finding.
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from stream_fuzz.generators.frontend import frontend_cases

from stream_fuzz.compiler import CompilerNotFound, iree_run_module_beside, native_iree_run_module
from stream_fuzz.compiler.frontend import FrontendCompiler, FrontendRequest, l3_runtime_of
from stream_fuzz.compiler.result import CompilerInfo
from stream_fuzz.corpus.entry import Entry, read_corpus, read_entry
from stream_fuzz.corpus.replay import AS_RECORDED, CANNOT_RUN, L3Replayer
from stream_fuzz.judge.l3 import case_from_entry, case_of, judge_case
from stream_fuzz.judge.preflight import KNOWN_GOOD, preflight_l3
from tests.conftest import CORPUS

RUNTIME = native_iree_run_module()
needs_runtime = pytest.mark.skipif(RUNTIME is None, reason="iree-base-runtime is not installed")
OPEN_BUGS = frozenset(
    signature
    for entry in read_corpus(CORPUS)
    if isinstance(entry, Entry) and entry.status == "open"
    for signature in entry.signatures
)
RUN_ENTRIES = sorted(CORPUS.glob("wrong-result-*.mlir")) + sorted(CORPUS.glob("runtime-error-*.mlir"))


def script(path: Path, body: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"#!/bin/sh\n{body}\n")
    path.chmod(0o755)
    return path


def refusing_runtime(folder: Path) -> Path:
    """What another release's runtime says of a module: a status line, exit status 1."""
    said = (
        "verifier.c:184: INVALID_ARGUMENT; bytecode version mismatch; runtime supports 17.0, module has 15.0"
    )
    return script(folder / "iree-run-module", f'echo "{said}" >&2\nexit 1')


# -- where a compiler's runtime is ---------------------------------------------------------------------


def test_the_runtime_beside_a_compiler_is_found_in_a_build_folder_and_in_a_release_venv(
    tmp_path: Path,
) -> None:
    build = tmp_path / "build" / "tools"
    opt = script(build / "iree-opt", "exit 0")
    assert iree_run_module_beside(opt) is None
    run = script(build / "iree-run-module", "exit 0")
    assert iree_run_module_beside(opt) == run
    # A release's venv: iree/compiler/_mlir_libs/iree-opt and iree/_runtime_libs/iree-run-module.
    site = tmp_path / "venv" / "site-packages" / "iree"
    opt = script(site / "compiler" / "_mlir_libs" / "iree-opt", "exit 0")
    assert iree_run_module_beside(opt) is None
    run = script(site / "_runtime_libs" / "iree-run-module", "exit 0")
    assert iree_run_module_beside(opt) == run
    external = CompilerInfo(version="3.4.0", path=str(opt), backend="subprocess")
    assert l3_runtime_of(external) == run
    assert l3_runtime_of(CompilerInfo(version="3.13.0", path="", backend="in-process")) is None
    given_one = script(tmp_path / "other" / "iree-run-module", "exit 0")
    assert l3_runtime_of(external, given_one) == given_one  # the one given wins
    with pytest.raises(CompilerNotFound, match="no executable iree-run-module"):
        l3_runtime_of(external, tmp_path / "missing")


# -- the binary runs the programs ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def binary() -> Iterator[FrontendCompiler]:
    with FrontendCompiler(timeout=120, iree_run_module=RUNTIME) as compiler:
        yield compiler


@pytest.mark.slow
@needs_runtime
def test_the_binary_runs_the_known_good_program(binary: FrontendCompiler) -> None:
    assert preflight_l3(binary) == ""
    text = (KNOWN_GOOD / "l3.mlir").read_text()
    run = binary.run(FrontendRequest(text, 2, (np.arange(4, dtype=np.float32),)))  # results: it counts
    assert run.outcome == "ok" and run.executed, run.message
    assert run.outputs is not None and run.outputs[0].tolist() == [0, 4, 8, 12]


@pytest.mark.slow
@needs_runtime
@pytest.mark.parametrize("path", RUN_ENTRIES, ids=lambda p: p.stem[:40])
def test_the_entries_that_only_running_shows_fail_as_recorded_on_the_binary(
    binary: FrontendCompiler, path: Path
) -> None:
    """The same signature as in process: a wrong result is the same comparison with NumPy, a runtime
    error the same status line."""
    entry = read_entry(path)
    verdict = judge_case(binary, case_from_entry(entry.text))
    assert verdict.finding is not None and verdict.finding.signature in entry.signatures, verdict.run.message


@pytest.mark.slow
@needs_runtime
@settings(max_examples=8, derandomize=True)
@given(frontend_cases())
def test_the_binary_agrees_with_numpy(binary: FrontendCompiler, drawn) -> None:
    case = case_of(*drawn)
    verdict = judge_case(binary, case)
    finding = verdict.finding
    if finding is not None and finding.signature in OPEN_BUGS:
        return
    assert verdict.run.outcome == "ok" and verdict.executed, verdict.run.message
    assert finding is None or finding.kind == "violation", finding


# -- a runtime that cannot run the modules -------------------------------------------------------------


@pytest.mark.slow
def test_a_refusing_runtime_turns_execution_off_with_one_message(tmp_path: Path) -> None:
    runtime = refusing_runtime(tmp_path / "rel")
    with FrontendCompiler(timeout=120, iree_run_module=runtime) as compiler:
        why_not = preflight_l3(compiler)
    assert "bytecode version mismatch" in why_not and "not executed" in why_not and str(runtime) in why_not
    report, found = tmp_path / "run.json", tmp_path / "found"
    done = stream_fuzz(
        "run", "--level", "l3", "--iree-run-module", str(runtime), "--examples", "4",
        "--workers", "1", "--corpus", str(found), "--json", str(report), "--no-shrink",
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr[-3000:]
    assert done.stderr.count("bytecode version mismatch") == 1, done.stderr[-3000:]
    data = json.loads(report.read_text())
    assert data["programs"]["l3"] >= 4 and data["executed"]["l3"] == 0 and data["l3_runtime"] is None
    assert not [f for f in data["findings"] if f["signature"].startswith(("runtime-error", "crash"))]
    assert not list(found.glob("runtime-error-*.mlir"))


@pytest.mark.slow
def test_replay_with_a_refusing_runtime_says_so_once_and_does_not_call_a_wrong_result_fixed(
    tmp_path: Path,
) -> None:
    from stream_fuzz.judge.verdict import Judge

    said: list[str] = []
    with Judge(None) as judge:
        replayer = L3Replayer(judge, str(refusing_runtime(tmp_path)), said.append)
        try:
            witnesses = [replayer.witness(read_entry(path)) for path in RUN_ENTRIES * 2]
        finally:
            replayer.close()
    assert len(said) == 1 and "bytecode version mismatch" in said[0]
    # A witness either cannot run here, or shows its entry's bug without running (the slice/update fold's
    # overlapping copy is also the entry's structural alias): never fixed, never failing differently.
    for entry, witness in zip(RUN_ENTRIES * 2, witnesses, strict=True):
        signatures = read_entry(entry).signatures
        shown_without_running = witness.state == AS_RECORDED and witness.reason.startswith(tuple(signatures))
        cannot_run = witness.state == CANNOT_RUN and witness.reason.startswith("not run:")
        assert cannot_run or shown_without_running, (entry.name, witness)
    assert sum(w.state == CANNOT_RUN for w in witnesses) >= len(RUN_ENTRIES)  # the wrong-result ones


@pytest.mark.slow
@needs_runtime
def test_run_with_iree_run_module_executes_on_it_and_says_so(tmp_path: Path) -> None:
    report = tmp_path / "run.json"
    done = stream_fuzz(
        "run", "--level", "l3", "--iree-run-module", str(RUNTIME), "--examples", "4",
        "--workers", "1", "--corpus", str(tmp_path / "found"), "--json", str(report), "--no-shrink",
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr[-3000:]
    data = json.loads(report.read_text())
    assert data["executed"]["l3"] >= 1 and data["l3_runtime"] == str(RUNTIME), data
    missing = stream_fuzz(
        "run", "--level", "l3", "--iree-run-module", str(tmp_path / "nope"), "--examples", "1"
    )
    assert missing.returncode == 2 and "no executable iree-run-module" in missing.stderr, missing.stderr


@pytest.mark.slow
@needs_runtime
def test_the_matrix_runs_each_compilers_programs_on_the_runtime_beside_it(tmp_path: Path) -> None:
    from stream_fuzz.compiler.subprocess_backend import native_iree_compile, native_iree_opt

    build = tmp_path / "build"
    for tool, path in (
        ("iree-opt", native_iree_opt()),
        ("iree-compile", native_iree_compile()),
        ("iree-run-module", RUNTIME),
    ):
        script(build / tool, f'exec {path} "$@"')
    done = stream_fuzz(
        "matrix", "--level", "l3", "--iree-opt", str(build / "iree-opt"), "--examples", "3",
        "--out", str(tmp_path / "out"),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert f"l3 programs run on {build / 'iree-run-module'}" in done.stderr, done.stderr[-3000:]
    (row,) = [line for line in done.stdout.splitlines() if line.startswith("l3 executed")]
    assert row.split()[-1] == "3/3", done.stdout
    mismatched = stream_fuzz(
        "matrix", "--iree-opt", str(build / "iree-opt"), "--iree-run-module", str(RUNTIME),
        "--iree-run-module", str(RUNTIME),
    )  # fmt: skip
    assert mismatched.returncode == 2 and "one --iree-run-module per --iree-opt" in mismatched.stderr


def stream_fuzz(*argv: str, timeout: float = 600) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "stream_fuzz.cli", *argv], capture_output=True, text=True, timeout=timeout
    )

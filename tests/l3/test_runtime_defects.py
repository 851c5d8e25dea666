"""A runtime with a known defect runs what it can and leaves the rest unrun, never a finding.

iree-run-module 3.1-3.8 segfaults in its VM (iree_vm_bytecode_dispatch) on a function whose compiled form
has an unused argument; 3.9.0 fixed it. Measured with each release's own compiler and runtime: all 21
crashes among 36 drawn L3 programs had an unused argument, none with every argument used did, and 3.9's
runtime ran all 36 (3.8's modules included). Unchecked, 3.1-3.8 campaigns reported that runtime defect as a
crash finding (crash-931719412bdb) and ran only about 45% of their L3 programs.

CI has one release, so the defective runtime here is a stand-in: the pinned wheel's native iree-run-module
behind a script that kills itself with SIGSEGV when given two inputs, as the old runtimes do on the probe
program (an unused argument, then the known-good one's). The probe, the reading of the compiled program and
the worker's skipping are the real thing.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from iree.compiler import ir

from stream_fuzz.compiler import native_iree_run_module
from stream_fuzz.compiler.frontend import FrontendCompiler, FrontendRequest
from stream_fuzz.compiler.frontend_run import RuntimeDefect, has_unused_argument
from stream_fuzz.judge.preflight import KNOWN_GOOD, defects_notice, preflight_l3, runtime_defects

RUNTIME = native_iree_run_module()
needs_runtime = pytest.mark.skipif(RUNTIME is None, reason="iree-base-runtime is not installed")
PROBE = (KNOWN_GOOD / "l3-unused-argument.mlir").read_text()
PROBE_INPUTS = (np.array([9, 9], np.float32), np.array([1, 2, 3, 4], np.float32))
KNOWN = (KNOWN_GOOD / "l3.mlir").read_text()
# @main uses an argument in the source but not once compiled (an insert_slice overwrites all of it).
OVERWRITTEN = (Path(__file__).resolve().parent / "inputs" / "argument_overwritten_whole.mlir").read_text()
UNUSED = RuntimeDefect.UNUSED_ARGUMENT


def stream_ir(compiler: FrontendCompiler, text: str, devices: int) -> str:
    run = compiler.run(FrontendRequest(text, devices, execute=False))
    assert run.outcome == "ok" and run.stream_ir is not None, run.message
    return run.stream_ir


def crashing_on_two_inputs(folder: Path) -> Path:
    """The stand-in for a 3.1-3.8 runtime: the real one, but SIGSEGV when given two inputs."""
    assert RUNTIME is not None
    script = folder / "iree-run-module"
    script.write_text(
        "#!/bin/sh\n"
        'inputs=$(printf "%s\\n" "$@" | grep -c "^--input=")\n'
        'if [ "$inputs" -ge 2 ]; then kill -SEGV $$; fi\n'
        f'exec "{RUNTIME}" "$@"\n'
    )
    script.chmod(0o755)
    return script


def test_an_unused_argument_is_read_from_the_compiled_program() -> None:
    with FrontendCompiler(timeout=120) as compiler:
        compiled = {
            "known-good": stream_ir(compiler, KNOWN, 2),
            "probe": stream_ir(compiler, PROBE, 2),
            "overwritten": stream_ir(compiler, OVERWRITTEN, 2),
        }
    context = ir.Context()
    unused = {name: has_unused_argument(ir, context, text) for name, text in compiled.items()}
    assert unused == {"known-good": False, "probe": True, "overwritten": True}


@pytest.mark.slow
@needs_runtime
def test_the_probe_finds_the_defect_and_the_worker_then_runs_only_what_the_runtime_can(
    tmp_path: Path,
) -> None:
    with FrontendCompiler(timeout=120, iree_run_module=RUNTIME) as sound:
        assert preflight_l3(sound) == "" and runtime_defects(sound) == frozenset()
    defective = crashing_on_two_inputs(tmp_path)
    with FrontendCompiler(timeout=120, iree_run_module=defective) as compiler:
        assert preflight_l3(compiler) == ""  # it runs the known-good program: L3 stays on
        assert runtime_defects(compiler) == {UNUSED} and compiler.runtime_defects == {UNUSED}
        probe = compiler.run(FrontendRequest(PROBE, 2, PROBE_INPUTS, results=1))
        assert probe.outcome == "ok" and not probe.executed, probe.message
        assert str(defective) in probe.not_run and "fixed in 3.9.0" in probe.not_run
        known = compiler.run(FrontendRequest(KNOWN, 2, (np.arange(4, dtype=np.float32),), results=1))
        assert known.executed and known.outputs is not None and known.outputs[0].tolist() == [0, 4, 8, 12]
    notice = defects_notice(str(defective), frozenset({UNUSED}))
    assert str(defective) in notice and "unused argument" in notice and "--iree-run-module" in notice
    assert defects_notice(str(defective), frozenset()) == ""


@pytest.mark.slow
@needs_runtime
def test_without_the_defect_named_the_runtime_crash_shows(tmp_path: Path) -> None:
    """The skip is what hides the crash: the same stand-in, not told of its defect, crashes on the probe
    (the skip is no blanket, and the stand-in does crash where the probe says)."""
    with FrontendCompiler(timeout=120, iree_run_module=crashing_on_two_inputs(tmp_path)) as compiler:
        probe = compiler.run(FrontendRequest(PROBE, 2, PROBE_INPUTS, results=1))
    assert probe.outcome == "crash" and probe.stage == "run" and not probe.not_run, probe


def test_an_older_releases_compiled_program_is_read_as_the_oracle_reads_it() -> None:
    """The defect is probed for on old releases, whose stream-phase IR the current parser may refuse as
    printed (3.11's `util.buffer.constant {alignment = ...}`): it is read with the oracle's respelling,
    never a driver error that would stop the campaign."""
    older = Path(__file__).resolve().parents[1] / "oracles" / "release_outputs"
    text = (older / "l3_buffer_constant.iree-3.11.0.stream.mlir").read_text()
    with pytest.raises(ir.MLIRError):
        ir.Module.parse(text, ir.Context())
    assert has_unused_argument(ir, ir.Context(), text) is False  # its one argument is used

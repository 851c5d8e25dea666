"""Checks made before a campaign starts, so that a broken setup is an error (exit 2), never a finding.

- `preflight(judge, levels)`: the compiler compiles a known-good program of each level. A compiler that
  is missing, fails on everything, hangs or crashes stops the run here, with its own words, before a
  single finding could be written.
- `preflight_l3(compiler)` and `runtime_defects(compiler)`: L3's compiler and runtime run a known-good
  program; a runtime that cannot run its modules leaves L3 unexecuted, one with a known defect leaves
  unexecuted only the programs of the shape it crashes on.
- `writable_folder` / `writable_file`: the corpus folder and the report files can be written now (a
  read-only folder, a path that is a file, a full disk), instead of failing at the first finding or
  after the whole campaign.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from stream_fuzz.compiler import CompilerInfo, Outcome, resolve_pipeline
from stream_fuzz.compiler.frontend import FrontendCompiler, FrontendRequest
from stream_fuzz.compiler.frontend_run import RuntimeDefect
from stream_fuzz.judge.verdict import Judge


class SetupError(Exception):
    """The environment cannot run a campaign: one line naming the culprit (exit status 2)."""


# Known-good programs every release from 3.1 parses and compiles: a value moved between two devices.
KNOWN_GOOD = Path(__file__).parent.parent / "known_good"  # package data of stream_fuzz
PIPELINE_OF = {"l1": "stream", "l2": "allocation"}

RUNTIME_MISSING = (
    "stream-fuzz: iree-base-runtime is not installed: L3 programs are compiled and their placement checked, "
    "but not executed (pip install 'iree-stream-fuzz[runtime]' to run them)"
)


def preflight(judge: Judge, levels: tuple[str, ...]) -> None:
    """Compile each level's known-good program; raise `SetupError` with the compiler's complaint if it
    does not compile (placement is not judged here: a misplacement would be a finding)."""
    who = judge.compiler_info
    for level in levels:
        program = (KNOWN_GOOD / f"{level}.mlir").read_text()
        pipeline = resolve_pipeline(PIPELINE_OF[level])
        result = judge.judge(program, pipeline).result
        if result.outcome is not Outcome.OK:
            raise SetupError(
                f"the compiler fails on a known-good {level} program, so it cannot be fuzzed: "
                f"{result.summary()} [{who.path}]"
            )


def identified(info: CompilerInfo) -> None:
    """A compiler given by path must name its IREE release: programs are printed in that release's
    syntax, and entries record it. One whose version probe names none (a wrapper script with no
    `iree-compile` beside it, say) is a setup error, never fuzzed with a guessed syntax."""
    if info.backend == "in-process" or info.release is not None:
        return
    raise SetupError(
        f"cannot tell which IREE release {info.path} is (its version probe says {info.version!r}): "
        "programs would be printed in a guessed syntax and its findings misattributed. Give the native "
        "iree-opt of a release or build, with the iree-compile beside it (`iree-compile --version` names "
        "the release)"
    )


def preflight_l3(compiler: FrontendCompiler) -> str:
    """Compile L3's known-good program and, with the runtime installed, run it on two local devices;
    raise `SetupError` unless it gives the right numbers. Returns "" when L3 programs will be executed,
    else why not, for the caller to say once: the runtime is not installed, or it cannot run the modules
    of an external `iree-compile` (another release's bytecode, say; an `iree-run-module` that fails,
    crashes or hangs on it), whose L3 then checks placement only."""
    import numpy as np

    text = (KNOWN_GOOD / "l3.mlir").read_text()
    inputs = (np.array([1, 2, 3, 4], np.float32),)
    who = compiler.info
    try:
        run = compiler.run(FrontendRequest(text, 2, inputs, results=1))
    except RuntimeError as error:  # the worker could not start: a broken install
        raise SetupError(f"L3 cannot start the compiler and runtime: {error}") from error
    said = run.message.strip().splitlines()[-1] if run.message.strip() else ""
    runtime = compiler.iree_run_module or "the installed iree-base-runtime"
    external = who.backend != "in-process" or compiler.iree_run_module is not None
    if external and run.stage == "run" and run.outcome in ("runtime-error", "crash", "timeout"):
        return (
            f"stream-fuzz: {runtime} cannot run what {who.path} ({who.version}) compiles ({said}): "
            "L3 programs are compiled and their placement checked, but not executed"
        )
    if run.outcome != "ok":
        raise SetupError(
            f"the compiler fails on the known-good l3 program ({run.outcome} in {run.stage}): {said} "
            f"[{who.path}]"
        )
    if run.runtime_missing:
        return RUNTIME_MISSING
    got = [list(map(float, output.ravel())) for output in run.outputs or ()]
    if got != [[4.0, 8.0, 12.0, 16.0]]:
        raise SetupError(
            f"the runtime ({runtime}) computes {got} for the known-good l3 program, not [[4, 8, 12, 16]]"
        )
    return ""


def runtime_defects(compiler: FrontendCompiler) -> frozenset[RuntimeDefect]:
    """What an `iree-run-module` binary, which ran the known-good program (`preflight_l3`), crashes on among
    valid programs: each `RuntimeDefect`'s probe program crashes it. The installed runtime (in process)
    is the pinned release's, which has none. The compiler given is told them (`runtime_defects`)."""
    if compiler.iree_run_module is None:
        return frozenset()
    import numpy as np

    text = (KNOWN_GOOD / "l3-unused-argument.mlir").read_text()
    inputs = (np.array([9, 9], np.float32), np.array([1, 2, 3, 4], np.float32))
    run = compiler.run(FrontendRequest(text, 2, inputs, results=1))
    found = (
        frozenset({RuntimeDefect.UNUSED_ARGUMENT})
        if run.stage == "run" and run.outcome == "crash"
        else frozenset()
    )
    compiler.runtime_defects = compiler.runtime_defects | found
    return found


def defects_notice(runtime: str | None, defects: frozenset[RuntimeDefect]) -> str:
    """What to tell the user, once, about the runtime's defects ("" for none)."""
    if not defects:
        return ""
    what = "; it ".join(defect.value for defect in sorted(defects, key=lambda d: d.name))
    return (
        f"stream-fuzz: {runtime} {what}: L3 programs of that shape are compiled and checked but not run "
        "(give another runtime with --iree-run-module to run them)"
    )


def writable_folder(path: Path, what: str) -> None:
    """`path` is (or can be made) a folder we can create files in; raise `SetupError` otherwise."""
    if path.exists() and not path.is_dir():
        raise SetupError(f"{what} {path} is not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(dir=path, prefix=".stream-fuzz-probe-")
        try:
            os.write(fd, b"probe\n")
            os.fsync(fd)
        finally:
            os.close(fd)
            with contextlib.suppress(OSError):
                os.unlink(probe)
    except OSError as error:
        raise SetupError(f"{what} {path} is not writable: {error.strerror or error}") from error


def writable_file(path: Path, what: str) -> None:
    """A report can be written at `path` (its folder exists and takes files; the file, if any, is one)."""
    if path.is_dir():
        raise SetupError(f"{what} {path} is a folder")
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        raise SetupError(f"{what} {path} cannot be written: no folder {folder}")
    try:
        writable_folder(folder, "")
    except SetupError as error:
        reason = str(error).rsplit(": ", 1)[-1]
        raise SetupError(f"{what} {path} cannot be written: {reason}") from error
    if path.exists() and not os.access(path, os.W_OK):
        raise SetupError(f"{what} {path} cannot be written: permission denied")

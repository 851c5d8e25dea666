"""Compile and run a runtime witness (`stream-fuzz witness --check`): does the bug show at run time?

The witness compiles with the `iree-compile` beside the compiler under test and runs on the
`iree-run-module` of the same release (found as corpus/lit.cfg.py finds it: beside that compiler, else
this Python's `iree-base-runtime`): another release's runtime refuses its modules.
"""

from __future__ import annotations

import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from stream_fuzz.compiler import native_iree_opt
from stream_fuzz.triage.witness.build import Witness

State = Literal["fails", "passes", "error"]
SHOWS = "fails: the bug shows at run time"
KEEP = "passes: does not show at run time on local-task: keep a structural witness"


@dataclass(frozen=True)
class CheckResult:
    """`fails`: a result is wrong (the bug shows); `passes`: every result right; `error`: the witness did
    not compile or run (`detail` says which, with the tool's last lines)."""

    state: State
    detail: str
    seconds: float

    @property
    def summary(self) -> str:
        if self.state == "fails":
            return f"{SHOWS}\n{self.detail}"
        if self.state == "passes":
            return KEEP
        return f"error: {self.detail}"


def tools(iree_opt: str | None) -> tuple[Path, Path | None]:
    """(iree-compile, iree-run-module or None) of the compiler `iree_opt` names (default: the pinned)."""
    opt = Path(iree_opt) if iree_opt else native_iree_opt()
    if opt.is_dir():
        opt = opt / "iree-opt"
    compile_ = opt.parent / "iree-compile"
    beside = opt.resolve().parents[2] / "_runtime_libs" / "iree-run-module"
    if beside.is_file():
        return compile_, beside
    try:
        import iree.runtime
    except ImportError:
        return compile_, None
    path = Path(iree.runtime.__file__).resolve().parents[1] / "_runtime_libs" / "iree-run-module"
    return compile_, path if path.is_file() else None


def _tail(text: str, lines: int = 8) -> str:
    return "\n".join(text.strip().splitlines()[-lines:])


def check(witness: Witness, iree_opt: str | None = None, timeout: float = 120.0) -> CheckResult:
    """Compiles `witness` (`--compile-from=flow`) and runs it with its expected outputs."""
    start = time.monotonic()
    compile_, run = tools(iree_opt)
    if run is None:
        return CheckResult("error", "no iree-run-module (install the `runtime` extra)", 0.0)
    with tempfile.TemporaryDirectory(prefix="stream-fuzz-witness-") as folder:
        source, module = Path(folder) / "witness.mlir", Path(folder) / "witness.vmfb"
        source.write_text(witness.text)
        try:
            built = subprocess.run(
                [
                    str(compile_),
                    "--compile-from=flow",
                    *witness.compile_flags,
                    str(source),
                    "-o",
                    str(module),
                ],
                capture_output=True,
                text=True,
                timeout=timeout,
            )
            if built.returncode != 0:
                detail = f"iree-compile exited {built.returncode}:\n{_tail(built.stderr)}"
                return CheckResult("error", detail, time.monotonic() - start)
            ran = subprocess.run(
                [str(run), f"--module={module}", *witness.run_flags()],
                capture_output=True,
                text=True,
                timeout=timeout,
            )
        except subprocess.TimeoutExpired as error:
            return CheckResult(
                "error", f"timed out after {timeout:g} s: {error.cmd[0]}", time.monotonic() - start
            )
    seconds = time.monotonic() - start
    out = ran.stdout + ran.stderr
    if "[FAILED]" in out:
        failed = [line for line in out.splitlines() if line.startswith("[FAILED]")]
        return CheckResult("fails", _tail(out[out.index("[FAILED]") :], 12) if failed else "", seconds)
    if ran.returncode == 0:
        return CheckResult("passes", "", seconds)
    return CheckResult("error", f"iree-run-module exited {ran.returncode}:\n{_tail(out)}", seconds)

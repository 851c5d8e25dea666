"""The two ways L3 compiles and runs a program: the pinned compiler's C API in this process, and the
`iree-compile` / `iree-run-module` binaries of a release as children. `frontend.py`'s worker picks one per
step; both answer alike (a phase's failure is its diagnostics, a binary's crash or hang `BinaryFailed`).
"""

from __future__ import annotations

import ctypes
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from .subprocess_backend import CRASH_MARKERS, crash_report_of, run_bounded

STAGE_MARK = "[stream-fuzz l3 stage: "  # the worker's stage markers on its stderr

# `faulthandler`'s report of a dying worker: its frames name files by this machine's paths, which stay out
# of findings (they reach corpus entries): each keeps its path from the package on (`stream_fuzz/...`,
# `iree/runtime/...`), else its file name. The list of loaded extension modules says nothing.
_FRAME = re.compile(r'^(\s*File ")([^"]*)(".*)$')
_PACKAGE_ROOT = re.compile(r"(?:^|[/\\])((?:stream_fuzz|tests|iree|numpy)[/\\])")


def python_stack(lines: list[str]) -> list[str]:
    """`lines` with faulthandler's frames freed of this machine's paths."""
    kept = []
    for line in lines:
        if line.startswith("Extension modules:"):
            continue
        frame = _FRAME.match(line)
        if frame:
            path = frame.group(2)
            roots = list(_PACKAGE_ROOT.finditer(path))
            path = path[roots[-1].start(1) :] if roots else re.split(r"[/\\]", path)[-1]
            line = f"{frame.group(1)}{path}{frame.group(3)}"
        kept.append(line)
    return kept


class BinaryFailed(Exception):
    """An `iree-compile` or `iree-run-module` binary crashed or hung: `outcome` is "crash" or "timeout"."""

    def __init__(self, outcome: str, message: str) -> None:
        super().__init__(message)
        self.outcome = outcome
        self.message = message


def compile_with_binary(
    iree_compile: str,
    timeout: float,
    source: bytes,
    to_phase: str,
    from_phase: str,
    output: str,
    flags: tuple[str, ...] = (),
) -> tuple[bool, bytes, str]:
    """`compile_in_process` through an `iree-compile` binary; its crash or hang raises `BinaryFailed`
    (with the pass it died in, as the pinned compiler's crash reports say it)."""
    command = [iree_compile, f"--compile-from={from_phase}", f"--compile-to={to_phase}", *flags]
    if output == "vm":
        command.append("--output-format=vm-bytecode")
    with tempfile.TemporaryDirectory(prefix="stream-fuzz-l3-") as folder:
        made = Path(folder) / "output"  # the input goes through stdin: no path of this machine in messages
        text = source.decode(errors="replace")
        code, _, said = run_bounded([*command, "-", "-o", str(made)], text, timeout)
        if code is None:
            raise BinaryFailed("timeout", f"iree-compile killed after {timeout:g} s")
        if code < 0 or any(marker in said for marker in CRASH_MARKERS):
            report = crash_report_of(command, text, timeout, symbolize=False)
            tail = "\n".join(said.strip().splitlines()[-30:])
            raise BinaryFailed("crash", f"{report or tail}\n[iree-compile exited with status {code}]")
        if code != 0 or not made.exists():
            return False, b"", said.strip()
        return True, made.read_bytes(), ""


class RuntimeFailed(Exception):
    """`iree-run-module` exited with an error: its message, the runtime's status line first."""


INVOKE_FAILED = "Error invoking function: "  # how the Python runtime's ValueError begins when @main fails


# What fills the storage handed to @main for its transients (the byte 0xA5): a correct program never reads
# transient memory before writing it, and a value read so shows as garbage, not as a plausible zero.
STORAGE_FILL = -91


def storage_input(kind: str, size: int) -> str:
    """`iree-run-module`'s `--input` for an `iree.abi.transients` argument of `size` bytes: a `!hal.buffer`
    is a `&`-prefixed storage literal (tools/test/iree-run-module-in-place.mlir), a `!hal.buffer_view` a
    plain one."""
    literal = f"{size}xi8={STORAGE_FILL}" if size else "0xi8"
    return f"&{literal}" if kind == "buffer" else literal


def run_with_binary(
    iree_run_module: str,
    timeout: float,
    vmfb: bytes,
    devices: int,
    inputs: tuple[Any, ...],
    results: int | None,
    storage: tuple[int, str, int] | None = None,
    function: str = "main",
) -> tuple[Any, ...]:
    """Run `@main` (or `function`) of `vmfb` with the `iree-run-module` binary on one `local-task` device per
    program device: its results as NumPy arrays; its error raises `RuntimeFailed`, its crash or hang
    `BinaryFailed`. It runs in a folder of its own with relative file names, so that what it says names
    no path of this machine. `storage`: (its place among the arguments, its type, its bytes) of an
    `iree.abi.transients` argument (`storage_input`)."""
    import numpy as np

    with tempfile.TemporaryDirectory(prefix="stream-fuzz-l3-run-") as folder:
        here = Path(folder)
        (here / "module.vmfb").write_bytes(vmfb)
        command = [iree_run_module, "--module=module.vmfb"]
        command += ["--device=local-task"] * devices
        command.append(f"--function={function}")
        arguments = []
        for index, value in enumerate(inputs):
            np.save(here / f"in{index}.npy", np.asarray(value), allow_pickle=False)
            arguments.append(f"--input=@in{index}.npy")
        if storage is not None:
            place, kind, size = storage
            arguments.insert(place, f"--input={storage_input(kind, size)}")
        command += arguments
        # One --output flag per result (one more than there are is an error of its own); when the caller
        # does not say how many, a first run prints them.
        count = results if results is not None else _result_count(command, here, timeout)
        command += [f"--output=@out{index}.npy" for index in range(count)]
        code, said = _run_in(command, here, timeout)
        if code is None:
            raise BinaryFailed("timeout", f"iree-run-module killed after {timeout:g} s")
        if code < 0:
            tail = "\n".join(said.strip().splitlines()[-30:])
            raise BinaryFailed("crash", f"{tail}\n[iree-run-module killed by signal {-code}]".strip())
        if code != 0:
            said = said.strip() or f"iree-run-module exited with status {code}"
            # Worded as the in-process runtime words a failure of @main, so that one bug has one signature
            # on either runtime (`l3._status` reads the first line).
            raise RuntimeFailed(f"{INVOKE_FAILED}{said}" if "invoking function" in said else said)
        return tuple(np.load(here / f"out{index}.npy", allow_pickle=False) for index in range(count))


def query_transient_size(
    iree_run_module: str,
    timeout: float,
    vmfb: bytes,
    devices: int,
    inputs: tuple[Any, ...],
    storage: tuple[int, str],
    function: str,
) -> int:
    """The bytes @main's `iree.abi.transients` storage needs for these inputs, as its module's size query
    `function` (`iree.abi.transients.size`, taking @main's arguments; the storage passed empty) answers,
    run by the `iree-run-module` binary. Its failure raises `RuntimeFailed`, its crash or hang
    `BinaryFailed`, as a run of @main's would."""
    import subprocess

    import numpy as np

    with tempfile.TemporaryDirectory(prefix="stream-fuzz-l3-size-") as folder:
        here = Path(folder)
        (here / "module.vmfb").write_bytes(vmfb)
        command = [iree_run_module, "--module=module.vmfb", *["--device=local-task"] * devices]
        arguments = []
        for index, value in enumerate(inputs):
            np.save(here / f"in{index}.npy", np.asarray(value), allow_pickle=False)
            arguments.append(f"--input=@in{index}.npy")
        arguments.insert(storage[0], f"--input={storage_input(storage[1], 0)}")
        command += [f"--function={function}", *arguments]
        try:
            done = subprocess.run(
                command, cwd=here, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout, check=False
            )
        except subprocess.TimeoutExpired:
            raise BinaryFailed("timeout", f"iree-run-module killed after {timeout:g} s") from None
        said = done.stderr.decode(errors="replace").strip()
        if done.returncode < 0:
            killed = f"[iree-run-module killed by signal {-done.returncode}]"
            raise BinaryFailed("crash", f"{said}\n{killed}".strip())
        size = re.search(rb"^result\[0\]: i64=(\d+)", done.stdout, re.MULTILINE)
        if done.returncode != 0 or size is None:
            raise RuntimeFailed(said or f"the transient size query @{function} returned no i64")
        return int(size[1])


def _result_count(command: list[str], folder: Path, timeout: float) -> int:
    import subprocess

    try:
        done = subprocess.run(
            command, cwd=folder, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout, check=False
        )
    except (subprocess.TimeoutExpired, OSError):
        return 0  # the run proper says what is wrong
    return len(re.findall(rb"^result\[\d+\]", done.stdout, re.MULTILINE))


def _run_in(command: list[str], folder: Path, timeout: float) -> tuple[int | None, str]:
    """Run `command` in `folder`: (its status, None when killed after `timeout`; what it said on stderr)."""
    import subprocess

    try:
        done = subprocess.run(
            command, cwd=folder, stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout, check=False
        )
    except subprocess.TimeoutExpired:
        return None, ""
    except OSError as error:  # not executable, not a program for this machine
        raise RuntimeFailed(f"cannot run iree-run-module: {error.strerror or error}") from error
    return done.returncode, done.stderr.decode(errors="replace")


def compile_in_process(
    source: bytes,
    to_phase: str = "end",
    from_phase: str = "start",
    output: str = "ir",
) -> tuple[bool, bytes, str]:
    """One invocation of the compiler's C API: (succeeded, output, what it said on stderr)."""
    from iree.compiler import api
    from iree.compiler.api import ctypes_dl

    before = _stderr_size()
    session = api.Session()
    invocation = session.invocation()
    try:
        invocation.enable_console_diagnostics()
        library = ctypes_dl._dylib
        # The Python wrapper does not expose the phase setters of the C API (embedding_api.h); call them.
        for setter, phase in (
            ("ireeCompilerInvocationSetCompileFromPhase", from_phase),
            ("ireeCompilerInvocationSetCompileToPhase", to_phase),
        ):
            function = getattr(library, setter)
            function.argtypes, function.restype = [ctypes.c_void_p, ctypes.c_char_p], None
            function(invocation._inv_p, phase.encode())
        source_buffer = api.Source.wrap_buffer(session, source)
        ok = invocation.parse_source(source_buffer) and invocation.execute()
        if not ok:
            return False, b"", _stderr_since(before)
        out = api.Output.open_membuffer()
        if output == "vm":
            invocation.output_vm_bytecode(out)
        else:
            invocation.output_ir(out)
        return True, bytes(out.map_memory()), ""
    finally:
        invocation.close()
        session.close()


def _stderr_size() -> int:
    return os.lseek(2, 0, os.SEEK_CUR)


def _stderr_since(offset: int) -> str:
    with open("/proc/self/fd/2", errors="replace") as f:
        f.seek(offset)
        return "\n".join(line for line in f.read().splitlines() if not line.startswith(STAGE_MARK)).strip()


# The execution models whose exported functions take a wait and a signal fence after their arguments
# (`coarse-fences`): `iree-run-module` passes them, the Python runtime's FunctionInvoker does not.
FENCED_ABI_FLAGS = frozenset({"--iree-execution-model=async-external"})


def needs_run_binary(flags: tuple[str, ...]) -> bool:
    """Must a module compiled with `flags` be run by `iree-run-module` rather than the Python runtime?"""
    return any(flag in FENCED_ABI_FLAGS for flag in flags)


def compiler_options(iree_compile: str | Path) -> dict[str, frozenset[str]]:
    """The options an `iree-compile` binary knows (`--help-hidden`): each `--name` with the values it
    lists for it (empty for an option that takes a free value or none). Raises `OSError` when it does
    not run."""
    import subprocess

    done = subprocess.run(
        [str(iree_compile), "--help-hidden"], capture_output=True, timeout=60, check=False, text=True
    )
    known: dict[str, set[str]] = {}
    current: set[str] | None = None
    for line in done.stdout.splitlines():
        option = re.match(r"^  (--[\w.-]+)", line)
        value = re.match(r"^    =([\w.-]+)", line)
        if option:
            current = known.setdefault(option[1], set())
        elif value and current is not None:
            current.add(value[1])
    return {name: frozenset(values) for name, values in known.items()}

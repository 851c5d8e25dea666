"""L3's compiler and runtime: a frontend program through `iree-compile`'s phases, then run on local devices.

    with FrontendCompiler() as compiler:
        run = compiler.run(FrontendRequest(text, devices=2, inputs=(a, b)))

One request, in a worker process (a crash or hang of the compiler or the runtime kills only the worker):

1. the pinned compiler's C API (`iree.compiler.api`), in-process, from the input phase to the end of the
   stream phase (`--compile-to=stream`); the printed IR must read back, and the placement oracle
   (`oracles.check_module`, plus `oracles.abi` for declared result devices) checks it;
2. a `stream_hook` may rewrite that IR (fault injection for quality tests);
3. the same API resumes from it (`--compile-from=stream`) to a `.vmfb`;
4. `iree-base-runtime` runs `@main` with one `local-task` device per program device and returns the
   results as NumPy arrays. Without the runtime installed, step 4 is skipped and the reply says so.

With `iree_compile` given (an external compiler), steps 1 and 3 run that binary, a child of the worker,
instead of the API (`frontend_tools.py` drives both). With `iree_run_module` given (the runtime of that
compiler's release: another release's refuses its bytecode), step 4 runs that binary instead: inputs and
results go through `.npy` files (`--input=@in0.npy`, `--output=@out0.npy`, which every release from 3.1
reads and writes), and a failure of the run is its status line on stderr, as the in-process runtime's
error says it.

`stage` in the reply says how far the request got; on a crash or timeout the worker's last stage marker
on stderr does.
"""

from __future__ import annotations

import faulthandler
import os
import re
import signal
import time
import traceback
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .frontend_batch import BatchFailed, BatchReply, FrontendBatchRequest, answer_batch
from .frontend_run import (
    FrontendRun,
    RuntimeDefect,
    consumed_arguments,
    declared_results,
    has_unused_argument,
    results_crossing_devices,
    runtime_available,
    transient_size,
    transients_argument,
)
from .frontend_tools import (
    INVOKE_FAILED,
    STAGE_MARK,
    BinaryFailed,
    RuntimeFailed,
    compile_in_process,
    compile_with_binary,
    needs_run_binary,
    python_stack,
    query_transient_size,
    run_with_binary,
)
from .inprocess import bindings_info
from .result import DEFAULT_TIMEOUT_S, CompilerInfo
from .subprocess_backend import (
    CompilerNotFound,
    crash_report_of,
    iree_compile_beside,
    iree_run_module_beside,
    native_iree_compile,
    probe_version,
)
from .worker import load_hook
from .worker_process import WorkerProcess

STAGES = ("stream", "vmfb", "run")
RECYCLE_AFTER = 500  # each compile session and runtime context leaves a little behind
# What the fork server L3 workers are forked from imports (`WorkerProcess(preload=...)`); `iree.runtime`
# is most of it (its `ml_dtypes`: ~0.5 CPU-s). Nothing here makes a context or starts a thread.
PRELOAD = (
    "iree.compiler.ir",
    "iree.compiler.api",
    "iree.runtime",
    "stream_fuzz.compiler.frontend",
    "stream_fuzz.oracles.abi",
    "stream_fuzz.oracles.affinity",
    "stream_fuzz.oracles.check",
    "stream_fuzz.oracles.sanitize",
)


@dataclass(frozen=True)
class FrontendRequest:
    text: str
    devices: int
    inputs: tuple[Any, ...] = ()  # NumPy arrays, one per argument of @main
    execute: bool = True
    results: int | None = None  # how many @main returns (an `iree-run-module` binary is told; None: it says)
    flags: tuple[str, ...] = ()  # `iree-compile` options for both compiles (L3's option variants)
    # What the runtime is known to crash on (`preflight.runtime_defects`): such programs are not run.
    runtime_defects: frozenset[RuntimeDefect] = frozenset()


def l3_compiler_of(info: CompilerInfo) -> Path | None:
    """The `iree-compile` L3 uses with a compiler: None for the pinned one (its API, in-process); raises
    `CompilerNotFound` when an external `iree-opt` has none beside it."""
    return None if info.backend == "in-process" else iree_compile_beside(info.path)


def l3_runtime_of(info: CompilerInfo, given: str | Path | None = None) -> Path | None:
    """The `iree-run-module` L3 runs a compiler's programs with: the one given (`--iree-run-module`), else
    for an external compiler the one of its own release beside it (`iree_run_module_beside`); None for the
    pinned compiler, and for an external one with none beside it: the installed `iree-base-runtime`, in
    process. Raises `CompilerNotFound` when the one given is not an executable file."""
    if given is not None:
        path = Path(given).expanduser().absolute()
        if not (path.is_file() and os.access(path, os.X_OK)):
            raise CompilerNotFound(f"no executable iree-run-module at {path} (--iree-run-module {given})")
        return path
    return None if info.backend == "in-process" else iree_run_module_beside(info.path)


def takes_l3(info: CompilerInfo) -> bool:
    try:
        l3_compiler_of(info)
    except CompilerNotFound:
        return False
    return True


class FrontendCompiler:
    """The pinned compiler (or the `iree-compile` binary given) and the runtime for L3 programs, in a
    restartable worker process."""

    def __init__(
        self,
        timeout: float = DEFAULT_TIMEOUT_S,
        stream_hook: str | None = None,
        iree_compile: str | Path | None = None,
        iree_run_module: str | Path | None = None,
        runtime_defects: frozenset[RuntimeDefect] = frozenset(),
    ) -> None:
        self.timeout = timeout
        self.iree_run_module = str(iree_run_module) if iree_run_module is not None else None
        self.runtime_defects = runtime_defects  # every request carries them (`preflight` finds them)
        self.stream_hook = stream_hook
        load_hook(stream_hook)  # a typo is a clear error now, not a crash of every program
        self.iree_compile = str(iree_compile) if iree_compile is not None else None
        if self.iree_compile is None:
            self.info = bindings_info()
        else:
            version = probe_version(Path(self.iree_compile))
            self.info = CompilerInfo(version=version, path=self.iree_compile, backend="subprocess")
        # The worker bounds each compile of a binary by `timeout`; its own wait covers both compiles, the
        # crash report's re-runs and the run.
        self._wait_s = timeout if self.iree_compile is None else 5 * timeout + 10
        # The worker says it is ready once the compiler and runtime libraries are loaded: one that dies
        # before that is a broken setup (or our own bug), never a compiler crash to report as a finding.
        self._worker = WorkerProcess(
            serve,
            (self.stream_hook, self.iree_compile, self.timeout, self.info, self.iree_run_module),
            log_prefix="stream-fuzz-l3-",
            recycle_after=RECYCLE_AFTER,
            ready_s=max(self.timeout, 60.0),
            name="L3 worker",
            preload=PRELOAD,
        )

    def __enter__(self) -> FrontendCompiler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._worker.close()

    def run(self, request: FrontendRequest) -> FrontendRun:
        started = time.perf_counter()
        if self.runtime_defects:
            request = replace(request, runtime_defects=request.runtime_defects | self.runtime_defects)
        answer = self._worker.ask(request, self._wait_s)
        if answer.reply is not None:
            reply: FrontendRun = answer.reply
            if reply.outcome == "internal-error":
                raise RuntimeError(f"stream-fuzz L3 worker failed (a driver bug):\n{reply.message}")
            return reply
        stderr = self._worker.stderr()
        stage = _last_stage(stderr)
        elapsed = time.perf_counter() - started
        if answer.timed_out:
            return FrontendRun(
                "timeout",
                stage,
                self.info,
                message=f"killed after {self.timeout:g} s in {stage}",
                timing={"elapsed_s": elapsed},
            )
        code = answer.exitcode
        how = f"killed by signal {-code}" if code is not None and code < 0 else f"exited with status {code}"
        said = [line for line in stderr.splitlines() if not line.startswith(STAGE_MARK)]
        tail = "\n".join(python_stack(said[-30:]))
        report = self._native_crash_report(request, stage)
        if report:
            tail = f"{tail}\n{report}".strip()
        return FrontendRun(
            "crash",
            stage,
            self.info,
            message=f"{tail}\n[L3 worker {how} in {stage}]".strip(),
            timing={"elapsed_s": elapsed},
        )

    def run_batch(self, request: FrontendBatchRequest) -> BatchReply | BatchFailed | None:
        """Several programs as one module (`frontend_batch.py`): one run per program, `BatchFailed` when the
        merged module did not compile, None when the worker crashed or hung on it (the caller bisects).
        The wait grows with the batch: a batch of 16 compiles in about 2 s alone, 10 s on a loaded machine."""
        wait_s = self._wait_s * (1 + len(request.texts) / 16)
        answer = self._worker.ask(request, wait_s, programs=len(request.texts))
        reply = answer.reply
        if isinstance(reply, FrontendRun) and reply.outcome == "internal-error":
            raise RuntimeError(f"stream-fuzz L3 worker failed on a batch (a driver bug):\n{reply.message}")
        return reply if isinstance(reply, BatchReply | BatchFailed) else None

    def _native_crash_report(self, request: FrontendRequest, stage: str) -> str:
        """The bindings install no crash handler, so a dead worker says only its signal: the native
        `iree-compile` of the same wheel, run on the program, says in which pass it dies and prints
        LLVM's stack, without symbol names (no frame reaches a finding; "" when it does not crash there,
        e.g. a crash only the stream hook causes)."""
        if stage not in ("stream", "vmfb"):
            return ""
        try:
            command = [self.iree_compile or str(native_iree_compile())]
        except CompilerNotFound:
            return ""
        if stage == "stream":
            command.append("--compile-to=stream")
        command += request.flags
        return crash_report_of(command, request.text, self.timeout, symbolize=False)


def _last_stage(stderr: str) -> str:
    marks = re.findall(re.escape(STAGE_MARK) + r"(\w+)\]", stderr)
    return marks[-1] if marks else STAGES[0]


# -- the worker ---------------------------------------------------------------------------------------


def serve(
    conn: Any,
    stderr_path: str,
    stream_hook: str | None,
    iree_compile: str | None,
    timeout: float,
    info: CompilerInfo,
    iree_run_module: str | None = None,
) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    fd = os.open(stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 2)
    os.close(fd)
    # A segfault in the runtime bindings (or anything this process calls) then says where in Python it
    # happened: the bindings install no crash handler, and such a crash is rare and does not repeat.
    faulthandler.enable(all_threads=False)
    worker = _Worker(load_hook(stream_hook), info, iree_compile, timeout, iree_run_module)
    _load_libraries()
    conn.send("ready")
    while True:
        try:
            request: FrontendRequest | FrontendBatchRequest = conn.recv()
        except EOFError:
            return
        os.ftruncate(2, 0)
        os.lseek(2, 0, os.SEEK_SET)
        reply: FrontendRun | BatchReply | BatchFailed
        try:
            if isinstance(request, FrontendBatchRequest):
                reply = answer_batch(worker, request)
            else:
                reply = worker.answer(request)
        except Exception:
            reply = FrontendRun("internal-error", "", worker.info, message=traceback.format_exc())
        conn.send(reply)


def _load_libraries() -> None:
    """Import what a request needs before the worker says it is ready, not during its first request
    (forked from the fork server, `PRELOAD`, a worker has them already)."""
    from iree.compiler import api  # noqa: F401

    import stream_fuzz.oracles.abi
    import stream_fuzz.oracles.affinity
    import stream_fuzz.oracles.check
    import stream_fuzz.oracles.sanitize  # noqa: F401

    runtime_available()  # imports `iree.runtime` when installed


class _Worker:
    def __init__(
        self,
        stream_hook: Any,
        info: CompilerInfo,
        iree_compile: str | None,
        timeout: float,
        iree_run_module: str | None = None,
    ) -> None:
        from iree.compiler import ir

        self.ir = ir
        self.context = ir.Context()
        self.hook = stream_hook
        self.info = info
        self.iree_compile = iree_compile
        self.timeout = timeout
        self.iree_run_module = iree_run_module
        self._runtime: Any = None
        self._devices: list[Any] = []

    def answer(self, request: FrontendRequest) -> FrontendRun:
        try:
            return self._answer(request)
        except BinaryFailed as failed:
            return FrontendRun(failed.outcome, _STAGE_NOW[0], self.info, message=failed.message)

    def _compile(
        self,
        source: bytes,
        to_phase: str = "end",
        from_phase: str = "start",
        output: str = "ir",
        flags: tuple[str, ...] = (),
    ) -> tuple[bool, bytes, str]:
        if self.iree_compile is None and not flags:
            return compile_in_process(source, to_phase, from_phase, output)
        # A session of the C API takes its own option groups only, not LLVM's global options (the stream
        # partitioning favour is one), which can be set once per process: options need the binary.
        binary = self.iree_compile or str(native_iree_compile())
        return compile_with_binary(binary, self.timeout, source, to_phase, from_phase, output, flags)

    def _answer(self, request: FrontendRequest) -> FrontendRun:
        timing: dict[str, float] = {}
        _mark("stream")
        started = time.perf_counter()
        ok, stream_ir, said = self._compile(request.text.encode(), to_phase="stream", flags=request.flags)
        timing["stream_s"] = time.perf_counter() - started
        if not ok:
            rejected = self._rejects(request.text)
            return FrontendRun(
                "diagnostic", "stream", self.info, message=said, timing=timing, input_rejected=rejected
            )
        if self.hook is not None:
            stream_ir = self.hook(stream_ir.decode()).encode()
        text = stream_ir.decode()
        started = time.perf_counter()
        report, abi, defect = self._check(text, declared_results(self.ir, self.context, request.text))
        timing["oracle_s"] = time.perf_counter() - started
        if defect:
            return FrontendRun(
                "bad-output", "stream", self.info, text, report, abi, message=defect, timing=timing
            )
        _mark("vmfb")
        started = time.perf_counter()
        ok, vmfb, said = self._compile(stream_ir, from_phase="stream", output="vm", flags=request.flags)
        timing["vmfb_s"] = time.perf_counter() - started
        if not ok:
            return FrontendRun(
                "diagnostic", "vmfb", self.info, text, report, abi, message=said, timing=timing
            )
        if self.iree_run_module is None and not runtime_available():
            return FrontendRun(
                "ok", "vmfb", self.info, text, report, abi, runtime_missing=True, timing=timing
            )
        if not request.execute:
            return FrontendRun("ok", "vmfb", self.info, text, report, abi, timing=timing)
        unused = RuntimeDefect.UNUSED_ARGUMENT
        if unused in request.runtime_defects and has_unused_argument(self.ir, self.context, text):
            why = f"{self.iree_run_module} {unused.value}"
            return FrontendRun("ok", "vmfb", self.info, text, report, abi, timing=timing, not_run=why)
        _mark("run")
        started = time.perf_counter()
        storage: list[int] = []  # the transient storage's bytes, once known
        try:
            outputs, inputs_after = self._execute(vmfb, request, text, storage)
        except BinaryFailed:
            raise
        except Exception as error:  # the runtime's errors are RuntimeError/ValueError with its status text
            timing["run_s"] = time.perf_counter() - started
            # A binary's failure of @main reads as the Python runtime's (`ValueError: Error invoking ...`).
            invoking = isinstance(error, RuntimeFailed) and str(error).startswith(INVOKE_FAILED)
            kind = "ValueError" if invoking else type(error).__name__
            return FrontendRun(
                "runtime-error",
                "run",
                self.info,
                text,
                report,
                abi,
                None,
                True,
                f"{kind}: {error}",
                timing=timing,
                transient_bytes=storage[0] if storage else None,
            )
        timing["run_s"] = time.perf_counter() - started
        if inputs_after is not None:
            from stream_fuzz.oracles.abi import inputs_unchanged

            consumed = consumed_arguments(self.ir, self.context, request.text)
            abi += inputs_unchanged(request.inputs, inputs_after, consumed)
        crossing = results_crossing_devices(self.ir, self.context, request.text)
        return FrontendRun(
            "ok",
            "run",
            self.info,
            text,
            report,
            abi,
            outputs,
            True,
            timing=timing,
            crosses_devices=crossing,
            transient_bytes=storage[0] if storage else None,
        )

    def _rejects(self, text: str) -> bool:
        try:
            self.ir.Module.parse(text, self.context)
        except self.ir.MLIRError:
            return True
        return False

    def _check(self, text: str, declared: tuple[str | None, ...]) -> tuple[Any, tuple[Any, ...], str]:
        from stream_fuzz.oracles.abi import results_on_declared_devices
        from stream_fuzz.oracles.check import check_module
        from stream_fuzz.oracles.sanitize import read_compiled

        try:
            reading = read_compiled(text, self.context)
        except self.ir.MLIRError as error:
            return None, (), f"the stream-phase IR does not read back: {str(error).strip()[:2000]}"
        report = check_module(reading.module, None, reading.defect)
        return report, results_on_declared_devices(reading.module, declared), reading.defect

    def load(self, vmfb: bytes, device_count: int) -> tuple[Any, Any, Any]:
        """The module in a fresh VM context on this worker's first `device_count` local-task devices
        (the instance and devices are made once and kept), and the device its arguments go to."""
        from iree import runtime as rt

        if self._runtime is None:
            self._runtime = rt.VmInstance()
        while len(self._devices) < device_count:
            self._devices.append(rt.get_driver("local-task").create_default_device())
        hal = rt.create_hal_module(self._runtime, devices=self._devices[:device_count])
        module = rt.VmModule.copy_buffer(self._runtime, vmfb)
        return module, rt.VmContext(self._runtime, modules=[hal, module]), self._devices[0]

    def _execute(
        self, vmfb: bytes, request: FrontendRequest, stream_ir: str, storage: list[int]
    ) -> tuple[tuple[Any, ...], tuple[Any, ...] | None]:
        """The results, and each input's buffer read back after the call (None: a binary ran it, whose
        input buffers this process cannot see). A program with an `iree.abi.transients` argument is run
        by the binary (the Python runtime's FunctionInvoker takes no `!hal.buffer`), with storage of the
        size the module's own query says (appended to `storage`), as IREE's samples/external_transients
        sizes it: the constant its reflection states, else its size function's answer for these inputs."""
        transients = transients_argument(self.ir, self.context, request.text)
        binary = self.iree_run_module
        if binary is None and (needs_run_binary(request.flags) or transients is not None):
            pinned = iree_run_module_beside(native_iree_compile())
            if pinned is None:
                needs = " ".join(request.flags) or "an iree.abi.transients argument"
                raise RuntimeFailed(f"{needs} needs iree-run-module; none is installed")
            binary = str(pinned)
        if binary is not None:
            place = None
            if transients is not None:
                size, query = transient_size(stream_ir)
                if size is None and query is not None:
                    size = query_transient_size(
                        binary, self.timeout, vmfb, request.devices, request.inputs, transients, query
                    )
                storage.append(size or 0)  # neither: the module needs none
                place = (*transients, storage[0])
            outputs = run_with_binary(
                binary, self.timeout, vmfb, request.devices, request.inputs, request.results, place
            )
            return outputs, None
        import numpy as np
        from iree import runtime as rt
        from iree.runtime.function import IMPLICIT_BUFFER_ARG_MEMORY_TYPE, IMPLICIT_BUFFER_ARG_USAGE

        module, context, device = self.load(vmfb, request.devices)
        function = module.lookup_function("main")
        if function is None:
            raise ValueError("the module has no function @main")
        # The buffers the invoker would make of the arrays (same memory type and usage), made here so that
        # they can be read back after the call: `abi/input-written`.
        arguments = [
            rt.asdevicearray(
                device,
                x,
                memory_type=IMPLICIT_BUFFER_ARG_MEMORY_TYPE,
                allowed_usage=IMPLICIT_BUFFER_ARG_USAGE,
            )
            for x in request.inputs
        ]
        results = rt.FunctionInvoker(context, device, function)(*arguments)
        if not isinstance(results, tuple | list):
            results = (results,)
        outputs = tuple(np.array(r.to_host()) for r in results)
        return outputs, tuple(np.array(a.to_host()) for a in arguments)


_STAGE_NOW = [STAGES[0]]  # the stage the worker is in, for a binary's crash or hang


def _mark(stage: str) -> None:
    _STAGE_NOW[0] = stage
    os.write(2, f"{STAGE_MARK}{stage}]\n".encode())

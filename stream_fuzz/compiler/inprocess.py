"""In-process backend: the pinned `iree-base-compiler` Python bindings, in a restartable worker process."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence
from dataclasses import replace

from .analyzer import Analyzer
from .pipelines import UnknownPipeline
from .result import DEFAULT_TIMEOUT_S, CompileResult, CompilerInfo, Outcome, crash_result
from .subprocess_backend import CompilerNotFound, crash_report, native_iree_opt
from .worker import Reply, Request, load_hook, serve
from .worker_process import Answer, WorkerProcess

# In a batch result's extras: why the batch did not vouch for the program (`batch.UNSURE` or `GROUP_FAILED`).
BATCH_STATE = "batch_state"
# A crash the native binary does not reproduce is retried this many times in a fresh worker.
CRASH_RETRIES = 2
# Recycle the worker after this many programs: one MLIR context uniques every attribute and type it has
# ever seen, so a long campaign would otherwise grow without bound.
RECYCLE_AFTER = 5000


def bindings_info() -> CompilerInfo:
    """Version and location of the installed bindings, read without starting a worker."""
    import iree.compiler as package
    from iree.compiler import version

    revision = version.REVISIONS.get("IREE", "")
    text = f"{version.VERSION} @ {revision}" if revision else version.VERSION
    return CompilerInfo(version=text, path=os.path.dirname(package.__file__), backend="in-process")


class InProcessCompiler:
    """Runs pass pipelines with `iree.compiler.passmanager` in a long-lived worker process.

    A crash (signal, abort) or a hang past `timeout` seconds kills only the worker; it is restarted on
    the next call and the program's outcome is reported as CRASH or TIMEOUT.

    `post_hook` is a `module:function` path run inside the worker on the compiled module; it may change
    it (fault injection). `analyzer` is built in the worker and runs around each compile (`analyzer.py`):
    its report on the compiled module becomes `result.report`.
    """

    def __init__(
        self,
        timeout: float = DEFAULT_TIMEOUT_S,
        post_hook: str | None = None,
        analyzer: type[Analyzer] | None = None,
    ) -> None:
        self.timeout = timeout
        self.post_hook = post_hook
        self.analyzer = analyzer
        # Resolve the hook here first: a typo must be a clear error now, not a "crash" of every compile.
        load_hook(post_hook)
        self.info = bindings_info()
        self._worker = WorkerProcess(
            serve, (post_hook, analyzer), log_prefix="stream-fuzz-worker-", recycle_after=RECYCLE_AFTER
        )

    def close(self) -> None:
        self._worker.close()

    def __enter__(self) -> InProcessCompiler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _stderr_tail(self, lines: int = 40) -> str:
        return "".join(self._worker.stderr().splitlines(keepends=True)[-lines:])

    # -- compiling --------------------------------------------------------------------------------
    def compile(self, text: str, pipeline: str) -> CompileResult:
        """Run `pipeline` (a full `builtin.module(...)` string) on the program `text`."""
        if not pipeline:
            raise ValueError("compile() needs a pipeline; use analyze() to read IR without passes")
        return self._request(Request(text, pipeline))

    def compile_batch(self, texts: Sequence[str], pipeline: str) -> list[CompileResult] | None:
        """Compile `texts` together (`batch.py`): per program, its clean result (OK, with the oracle's
        report), or a result whose outcome is not OK when the batch cannot vouch for it (`batch.UNSURE`:
        judge it alone; `batch.GROUP_FAILED`: its group failed, bisect it). None when the worker crashed
        or hung on the batch: the caller splits it. A batch is never retried nor reported as a crash."""
        if not pipeline:
            raise ValueError("compile_batch() needs a pipeline")
        result = self._request(Request("", pipeline, batch=tuple(texts)), retry_crash=False, batch=True)
        if result.outcome is not Outcome.OK:
            return None
        replies: list[Reply] = result.extras["batch"]
        return [self._batch_result(reply, pipeline, result.elapsed_s / len(texts)) for reply in replies]

    def _batch_result(self, reply: Reply, pipeline: str, elapsed: float) -> CompileResult:
        ok = reply.outcome == "ok"
        return CompileResult(
            outcome=Outcome.OK if ok else Outcome.DIAGNOSTIC,
            compiler=self.info,
            pipeline=pipeline,
            elapsed_s=elapsed,
            output=reply.output,
            report=reply.report if ok else None,
            extras=reply.extras if ok else {BATCH_STATE: reply.outcome},
        )

    def check_pipeline(self, pipeline: str) -> None:
        """Raise `UnknownPipeline` (naming what the pass manager rejects) unless `pipeline` parses."""
        self._request(Request("", pipeline, parse_pipeline_only=True))

    def analyze(
        self, output: str, program: str | None = None, midway: bool = False, stage: str = ""
    ) -> CompileResult:
        """Read IR some compiler printed (no passes run) and analyze it, knowing the `program` it was
        compiled from when given. BAD_OUTPUT: it does not parse, or only after repairing a print defect.
        `midway`: the IR is from the middle of the pipeline; the hook's midway check runs on it too, and
        `stage` names the stage after which what it finds first shows."""
        return self._request(Request(output, "", program, midway=midway, stage=stage))

    def _request(self, request: Request, retry_crash: bool = True, batch: bool = False) -> CompileResult:
        pipeline = request.pipeline
        started = time.perf_counter()
        # The context grows with every program of a batch.
        answer = self._worker.ask(request, self.timeout, programs=max(1, len(request.batch)))
        elapsed = time.perf_counter() - started
        if answer.reply is None:
            if batch:  # no crash report nor retry: the caller splits the batch and judges the parts
                return CompileResult(Outcome.CRASH, self.info, pipeline, elapsed)
            return self._dead_worker_result(request, elapsed, answer, retry_crash)
        return self._result_from_reply(answer.reply, pipeline)

    def _dead_worker_result(
        self, request: Request, elapsed: float, answer: Answer, retry_crash: bool = True
    ) -> CompileResult:
        pipeline = request.pipeline
        if answer.timed_out:
            return CompileResult(
                Outcome.TIMEOUT,
                self.info,
                pipeline,
                elapsed,
                stderr_tail=self._stderr_tail() + f"\n[killed after {self.timeout:g} s]",
            )
        report = self._native_crash_report(request) if retry_crash else ""
        crashed = crash_result(
            self.info, pipeline, elapsed, self._stderr_tail() + report, "compiler worker", answer.exitcode
        )
        if report or not retry_crash:
            return crashed
        # The crash does not reproduce in the native binary: a use-after-free, say, that crashes only
        # sometimes. Run the program again in a fresh worker; if the compiler then rejects it, that
        # diagnostic is the same bug seen deterministically (and signs the finding stably). Otherwise
        # the crash stands: it is never traded for a pass, nor for a clean run.
        for attempt in range(CRASH_RETRIES):
            again = self._request(request, retry_crash=False)
            if again.outcome in (Outcome.DIAGNOSTIC, Outcome.BAD_OUTPUT):
                how = crashed.stderr_tail.splitlines()[-1]
                note = f"[the worker crashed on this program {attempt + 1} time(s) ({how}); then:]"
                return replace(again, stderr_tail=f"{note}\n{again.stderr_tail}".strip())
            if again.outcome is not Outcome.CRASH:
                break
        return crashed

    def _native_crash_report(self, request: Request) -> str:
        """The bindings install no crash handler, so a dead worker says only its signal. The native
        iree-opt of the same wheel, run on the same input, says in which pass it crashes and prints
        LLVM's stack (`crash_report`). Empty when it does not crash there too."""
        try:
            binary = native_iree_opt()
        except CompilerNotFound:
            return ""
        return crash_report(binary, request.pipeline or "builtin.module()", request.text, self.timeout)

    def _result_from_reply(self, reply: Reply, pipeline: str) -> CompileResult:
        if reply.outcome == "bad-pipeline":
            said = reply.stderr_tail
            lines = [line for line in said.splitlines() if "error: " in line] or [said]
            detail = lines[0].rsplit("error: ", 1)[-1].strip()
            raise UnknownPipeline(f"the compiler rejects the pipeline {pipeline!r}: {detail}")
        if reply.outcome == "internal-error":
            raise RuntimeError(f"stream-fuzz compiler worker failed (a driver bug):\n{reply.stderr_tail}")
        return CompileResult(
            outcome=Outcome(reply.outcome),
            compiler=self.info,
            pipeline=pipeline,
            elapsed_s=reply.elapsed_s,
            output=reply.output,
            diagnostics=list(reply.diagnostics),
            report=reply.report,
            extras=reply.extras,
            failed_pass=reply.failed_pass,
        )

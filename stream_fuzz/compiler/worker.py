"""The body of the in-process compiler worker: a separate process holding one MLIR context.

The parent (`inprocess.InProcessCompiler`) sends `Request`s over a pipe; this loop answers each with a
`Reply`. Keeping the compiler in its own process is what lets a segfault or abort in IREE be reported as a
result instead of killing the fuzzer. One context is reused for every program: creating one costs ~10 ms,
reusing it ~0.
"""

from __future__ import annotations

import importlib
import os
import signal
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .batch import (
    GROUP_FAILED,
    UNSURE,
    MergeError,
    clobbered,
    foreign_symbols,
    merge,
    merge_key,
    reread_suspects,
    split,
)
from .pipelines import resolve_pipeline
from .result import Diagnostic, failed_pass_in
from .roundtrip import differing_symbols, generic, reread_defect
from .staging import Staging, stage_stream_pipeline

if TYPE_CHECKING:  # imported where it is built, in the worker process: the parent needs no MLIR bindings
    from stream_fuzz.oracles import Report
    from stream_fuzz.oracles.check import Midway
    from stream_fuzz.oracles.checkers import Checked

    from .analyzer import Analyzer


@dataclass(frozen=True)
class Request:
    text: str
    pipeline: str  # a full `builtin.module(...)` string; "" reads and analyzes `text` without passes
    input_text: str | None = None  # analyze only: the program `text` was compiled from
    parse_pipeline_only: bool = False  # only check that the pass manager accepts `pipeline`
    midway: bool = False  # analyze only: `text` is async IR from the middle of the pipeline (its MIDWAY)
    stage: str = ""  # analyze only, with midway: the stage after which what it finds first shows
    # Compile these programs together (`batch.answer_batch`; `text` is unused): the reply's
    # extras["batch"] holds one `Reply` per program.
    batch: tuple[str, ...] = ()


@dataclass(frozen=True)
class Reply:
    # An `Outcome` value; "bad-pipeline" (the pass manager rejects the pipeline: the user's input); or
    # "internal-error" (a bug in the driver or a hook).
    outcome: str
    elapsed_s: float = 0.0
    output: str | None = None
    diagnostics: tuple[Diagnostic, ...] = ()
    failed_pass: str = ""  # the pass the pass manager reported failing (diagnostic outcomes)
    report: Report | None = None  # the analyzer's, on the compiled module
    extras: dict[str, Any] = field(default_factory=dict)  # timings; a batch's replies
    stderr_tail: str = ""


def _diagnostics(error: Exception) -> tuple[Diagnostic, ...]:
    """Flatten an `ir.MLIRError` (and its notes) into `Diagnostic`s."""
    out: list[Diagnostic] = []

    def add(diag: Any) -> None:
        severity = str(diag.severity).rsplit(".", 1)[-1].lower()
        out.append(Diagnostic(severity, str(diag.location), diag.message))
        for note in getattr(diag, "notes", ()):
            add(note)

    for diag in getattr(error, "error_diagnostics", ()):
        add(diag)
    if not out:
        out.append(Diagnostic("error", "unknown", str(error)))
    return tuple(out)


def load_hook(path: str | None) -> Any:
    """Resolve `package.module:function`, or `package.module` itself when no function is named."""
    if not path:
        return None
    module_name, _, attr = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


# The dialects of the ops that pass pipelines nest on: the stages' `func.func(...)`, `util.func(...)`,
# `util.initializer(...)`, the stream pipeline's `stream.executable(...)` and IREE's function-like nesting.
# A pass manager parsed while such an op is unknown fails to run once its dialect loads later ("unable to
# schedule pass ... on a PassManager intended to run on 'func.func'"), so they are loaded from the start.
ANCHOR_DIALECTS = ("builtin", "func", "util", "stream")


def new_context(ir: Any) -> Any:
    """A context that loads the other dialects when a program first uses them, as `iree-opt` does. The
    bindings' default loads every registered dialect up front, and IREE's util apply-patterns and
    fold-globals passes gather the canonicalization patterns of every loaded op each time they run: the L1
    stream pipeline ran 2.4 times slower in such a context (issue 30)."""
    return ir.Context(load_on_create_dialects=list(ANCHOR_DIALECTS))


def serve(conn: Any, stderr_path: str, post_hook: str | None, analyzer: type[Analyzer] | None) -> None:
    """Answer requests until the parent closes the pipe."""
    # Ctrl-C reaches the whole process group; the parent decides when this worker stops. Dying of it here
    # would look like a compiler crash.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # Send the compiler's own stderr (LLVM crash reports, the IR dump of a failing pass) to a file the
    # parent can read after a crash; a dead process cannot send it over the pipe.
    fd = os.open(stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 2)
    os.close(fd)

    from iree.compiler import ir, passmanager

    context = new_context(ir)
    post = load_hook(post_hook)  # a function: module -> None
    analyze = analyzer() if analyzer is not None else None
    passes = _Passes(ir, passmanager, context)

    while True:
        try:
            request: Request = conn.recv()
        except EOFError:
            return
        start = time.perf_counter()
        _restart_stderr()
        try:
            reply = _answer(ir, context, passes, request, post, analyze)
        except Exception:  # a bug in this driver or a hook, not in the compiler: report, keep serving
            reply = Reply("internal-error", stderr_tail=traceback.format_exc())
        conn.send(_timed(reply, time.perf_counter() - start))


def _restart_stderr() -> None:
    """Each request's stderr starts empty: what the parent reads after a crash is this program's, and
    the failing pass is found in this program's IR dump only."""
    os.ftruncate(2, 0)
    os.lseek(2, 0, os.SEEK_SET)


def _stderr_now() -> str:
    with open("/proc/self/fd/2", errors="replace") as f:
        return f.read()


def _timed(reply: Reply, elapsed: float) -> Reply:
    return replace(reply, elapsed_s=elapsed)


class _Passes:
    """Parsed pass managers, reused across programs (parsing one costs more than running it)."""

    def __init__(self, ir: Any, passmanager: Any, context: Any) -> None:
        self.ir, self.passmanager, self.context = ir, passmanager, context
        self._managers: dict[str, Any] = {}

    def manager(self, pipeline: str) -> Any:
        if pipeline not in self._managers:
            manager = self.passmanager.PassManager.parse(pipeline, self.context)
            # Print nothing unless a pass fails; then its IR dump's header names the pass.
            manager.enable_ir_printing(print_after_all=True, print_after_failure=True)
            self._managers[pipeline] = manager
        return self._managers[pipeline]

    def run(self, pipeline: str, module: Any) -> None:
        self.manager(pipeline).run(module.operation)

    def run_staged(
        self, staging: Staging, module: Any, text: str, analyze: Analyzer
    ) -> tuple[Midway | None, Checked | None, str]:
        """Run the staged pipeline on `module`, with the hook's `midway(module)` (and IREE's checkers, when
        the hook runs them) between head and tail. When midway finds something, the head is run again on
        `text` one stage at a time to name the first stage after which it holds (and keep the IR before
        it: a one-pass reproducer's input). Also returns the defect when the IR there, printed, reads back
        as other IR (`midway_reread`), else ""."""
        for stage in staging.head:
            self.run(stage.pipeline, module)
        found = analyze.midway(module)
        midway = self._blame(staging, text, analyze, found) if found else None
        checked = _checkpoint(analyze, "midway", module, text)
        reread = midway_reread(self.ir, self.context, module)
        for stage in staging.tail:
            self.run(stage.pipeline, module)
        return midway, checked, reread

    def _blame(self, staging: Staging, text: str, analyze: Analyzer, found: tuple[Any, ...]) -> Midway:
        from stream_fuzz.oracles.check import Midway

        module = self.ir.Module.parse(text, self.context)
        for index, stage in enumerate(staging.head):
            self.run(stage.pipeline, module)
            first = analyze.midway(module) if index >= staging.watch_from else ()
            if first:
                # Printing before every stage would cost more than running the head once more.
                before = self.ir.Module.parse(text, self.context)
                for earlier in staging.head[:index]:
                    self.run(earlier.pipeline, before)
                return Midway(found, stage.label, stage.pipeline, str(before), tuple(first))
        return Midway(found)


def _answer(
    ir: Any, context: Any, passes: _Passes, request: Request, post: Any, analyze: Analyzer | None
) -> Reply:
    if not request.pipeline:
        return _read_and_analyze(ir, context, request, analyze)
    try:
        manager = passes.manager(request.pipeline)
    except (ValueError, ir.MLIRError) as error:
        return Reply("bad-pipeline", stderr_tail=str(error).strip() or _stderr_now().strip())
    if request.parse_pipeline_only:
        return Reply("ok")
    if request.batch:
        return answer_batch(ir, context, passes, request.batch, request.pipeline, post, analyze)
    staging = _staging(analyze, request.pipeline)
    try:
        module = ir.Module.parse(request.text, context)
    except ir.MLIRError as error:
        return Reply("diagnostic", diagnostics=_diagnostics(error))
    # What the program asked for, read before the pipeline rewrites the module in place.
    before = analyze.before(module) if analyze is not None else None
    midway: Midway | None = None
    checked: Checked | None = None
    midway_defect = ""
    _checkers_s[0] = 0.0
    _reread_s[0] = 0.0
    try:
        if staging is None:
            manager.run(module.operation)
        else:
            assert analyze is not None  # only an analyzer's midway window stages a pipeline
            midway, checked, midway_defect = passes.run_staged(staging, module, request.text, analyze)
    except ir.MLIRError as error:
        return Reply("diagnostic", diagnostics=_diagnostics(error), failed_pass=failed_pass_in(_stderr_now()))
    if post is not None:
        post(module)
    output = str(module)
    defect = ""
    outcome = "ok"
    readable = True
    # The printed IR must read back, as the same IR: a lit test of it would otherwise fail before any
    # CHECK line, or check another program than the compiler's.
    try:
        reread = ir.Module.parse(output, context)
    except ir.MLIRError as error:
        outcome, defect, readable = "bad-output", _first(error), False
    else:
        started = time.perf_counter()
        differs = reread_defect(ir, context, module, output, reread)
        _reread_s[0] += time.perf_counter() - started
        defect = f"{OUTPUT}: {differs}" if differs else midway_defect
        outcome = "bad-output" if defect else "ok"
    if request.pipeline == resolve_pipeline("allocation"):  # checked as the oracle reads it: after `post`
        checked = _checkpoint(analyze, "allocation-output", module, request.text, readable=readable)
    # Placement is judged on the live module anyway.
    report, extras = _analysis(analyze, module, before, defect, midway, checked)
    diagnostics = _diagnostics_of(defect)
    return Reply(outcome, output=output, diagnostics=diagnostics, report=report, extras=extras)


# Where a printed IR that reads back as other IR was printed (a defect's location, `_diagnostics_of`).
OUTPUT = "the printed output"
MIDWAY_IR = "the async IR in the middle of the stream pipeline"


def midway_reread(ir: Any, context: Any, module: Any) -> str:
    """The defect (`MIDWAY_IR: how it differs`) when `module`, the IR between the staged pipeline's head
    and tail, printed, reads back as other IR; else "". The async IR holds what the final output no longer
    does (`stream.async.*` ops and their ties). A print there that does not parse is not reported here:
    only the output's parse errors are findings."""
    started = time.perf_counter()
    printed = module.operation.get_asm(assume_verified=True)
    differs = reread_defect(ir, context, module, printed)
    _reread_s[0] += time.perf_counter() - started
    return f"{MIDWAY_IR}: {differs}" if differs else ""


def midway_symbols(ir: Any, context: Any, module: Any) -> set[str]:
    """`midway_reread` for a merged module: the names of its top-level ops that read back as other IR."""
    try:
        reread = ir.Module.parse(module.operation.get_asm(assume_verified=True), context)
    except ir.MLIRError:
        return set()
    return differing_symbols(generic(module), generic(reread))


_checkers_s = [0.0]  # this request's time in IREE's checkers (`extras["checkers_s"]`, for benchmarks)
_reread_s = [0.0]  # and in the round-trip checks, beyond the output's parse (`extras["reread_s"]`)


def _checkpoint(
    analyze: Analyzer | None, point: str, module: Any, text: str, readable: bool = True
) -> Checked | None:
    """IREE's own checkers of `point` (a key of `oracles.checkers.POINTS`), when the analyzer runs them.
    `readable`: the IR there reads back (else they are skipped: invalid IR is no checker's input)."""
    if analyze is None:
        return None
    started = time.perf_counter()
    try:
        return analyze.checkpoint(point, module, text, readable)
    finally:
        _checkers_s[0] += time.perf_counter() - started


def _read_and_analyze(ir: Any, context: Any, request: Request, analyze: Analyzer | None) -> Reply:
    """`text` is some compiler's output: read it (repairing known print defects) and analyze it against
    the program it came from."""
    try:
        if analyze is not None:
            module, defect = analyze.read(request.text, context)
        else:
            module, defect = ir.Module.parse(request.text, context), ""
    except ir.MLIRError as error:
        return Reply("bad-output", output=request.text, diagnostics=_diagnostics(error))
    source = _parse_or_none(ir, context, request.input_text)
    before = analyze.before(source) if analyze is not None and source is not None else None
    from stream_fuzz.oracles.check import Midway

    found = analyze.midway(module) if request.midway and analyze is not None else ()
    midway = Midway(found, request.stage) if found else None
    report, extras = _analysis(analyze, module, before, defect, midway)
    return Reply(
        "bad-output" if defect else "ok",
        output=request.text,
        diagnostics=_diagnostics_of(defect),
        report=report,
        extras=extras,
    )


def _analysis(
    analyze: Analyzer | None,
    module: Any,
    before: Any,
    defect: str,
    midway: Midway | None = None,
    checked: Checked | None = None,
) -> tuple[Report | None, dict[str, Any]]:
    """The analyzer's report, and the time it and IREE's checkers took (`extras`, for benchmarks)."""
    if analyze is None:
        return None, {}
    started = time.perf_counter()
    report = analyze.after(module, before, defect, midway, checked)
    analyze_s = time.perf_counter() - started
    return report, {"analyze_s": analyze_s, "checkers_s": _checkers_s[0], "reread_s": _reread_s[0]}


_STAGINGS: dict[tuple[str, str], Staging] = {}


def _staging(analyze: Analyzer | None, pipeline: str) -> Staging | None:
    """How to run `pipeline` in stages for the analyzer's `midway_window` = (from pass, before pass) check,
    or None to run it whole. Only the stream pipeline is staged; a failure to stage it is an error of
    this driver (StagingError), never a silently skipped check."""
    window = analyze.midway_window if analyze is not None else None
    if window is None or pipeline != resolve_pipeline("stream"):
        return None
    if window not in _STAGINGS:
        _STAGINGS[window] = stage_stream_pipeline(*window)
    return _STAGINGS[window]


def _first(error: Any) -> str:
    diagnostics = _diagnostics(error)
    return f"{diagnostics[0].location}: {diagnostics[0].message}"


def _diagnostics_of(defect: str) -> tuple[Diagnostic, ...]:
    if not defect:
        return ()
    location, _, message = defect.partition(": ")
    return (Diagnostic("error", location, message),)


def _parse_or_none(ir: Any, context: Any, text: str | None) -> Any:
    if not text:
        return None
    try:
        return ir.Module.parse(text, context)
    except ir.MLIRError:
        return None


# -- several programs in one compile (`batch.py`) ----------------------------------------------------


def answer_batch(
    ir: Any,
    context: Any,
    passes: Any,
    texts: Sequence[str],
    pipeline: str,
    post: Any,
    analyze: Analyzer | None,
) -> Any:
    """Compile `texts` with `pipeline` in as few merged modules as their module attributes allow; one
    `Reply` per program: "ok" with the oracle's report when it came out clean, else `UNSURE` or
    `GROUP_FAILED`. `post` (fault injection) runs on each program's part, as on a program compiled
    alone. Runs in the compiler worker (`worker.serve`)."""
    replies: list[Any] = [Reply(GROUP_FAILED)] * len(texts)  # one that does not parse stays so
    groups: dict[tuple[str, ...], list[tuple[int, Any]]] = {}
    for index, text in enumerate(texts):
        try:
            module = ir.Module.parse(text, context)
        except ir.MLIRError:
            continue
        groups.setdefault(merge_key(module), []).append((index, module))
    staging = _staging(analyze, pipeline)
    for members in groups.values():
        indices = [index for index, _ in members]
        group_texts = [texts[index] for index in indices]
        inputs = [module for _, module in members]
        answers = _compile_group(ir, context, passes, group_texts, inputs, pipeline, staging, (post, analyze))
        for index, answer in zip(indices, answers, strict=True):
            replies[index] = answer
    return Reply("ok", extras={"batch": replies})


def _compile_group(
    ir: Any,
    context: Any,
    passes: Any,
    texts: list[str],
    inputs: list[Any],
    pipeline: str,
    staging: Any,
    hooks: tuple[Any, Any],
) -> list[Any]:
    post, analyze = hooks
    failed = [Reply(GROUP_FAILED)] * len(texts)
    try:
        merged = merge(ir, context, texts, inputs)
    except MergeError:
        return failed
    befores = [analyze.before(module) if analyze is not None else None for module in merged.inputs]
    suspects: set[int] = set()
    try:
        if staging is None:
            passes.run(pipeline, merged.module)
        else:
            for stage in staging.head:
                passes.run(stage.pipeline, merged.module)
            suspects = clobbered(analyze.midway(merged.module), len(texts))
            # IREE's checkers there judge the merged module: a rejection anywhere is judged alone.
            midway_checked = _checkpoint(analyze, "midway", merged.module, texts[0])
            if midway_checked is not None and midway_checked.rejections:
                suspects = set(range(len(texts)))
            # Programs whose async IR reads back as other IR: judged alone, where it is a finding.
            suspects |= reread_suspects(midway_symbols(ir, context, merged.module), len(texts))
            for stage in staging.tail:
                passes.run(stage.pipeline, merged.module)
    except ir.MLIRError:
        return failed
    replies = []
    for index, module in enumerate(split(ir, context, merged)):
        if module is None or index in suspects:
            replies.append(Reply(UNSURE))
            continue
        if post is not None:
            post(module)
        output = str(module)
        if foreign_symbols(output, index, len(texts)):
            replies.append(Reply(UNSURE))
            continue
        try:
            reread = ir.Module.parse(output, context)  # it must read back, as the worker checks alone
        except ir.MLIRError:
            replies.append(Reply(UNSURE))
            continue
        if reread_defect(ir, context, module, output, reread):  # as the same IR
            replies.append(Reply(UNSURE))
            continue
        checked = None  # IREE's checkers of the allocation output, on this program's part as alone
        if pipeline == resolve_pipeline("allocation"):
            checked = _checkpoint(analyze, "allocation-output", module, texts[index])
        report, extras = _analysis(analyze, module, befores[index], "", checked=checked)
        clean = report is None or report.clean
        replies.append(Reply("ok", output=output, report=report, extras=extras) if clean else Reply(UNSURE))
    return replies

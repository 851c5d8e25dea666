"""The body of the in-process compiler worker: a separate process holding one MLIR context.

The parent (`inprocess.InProcessCompiler`) sends requests over a pipe; this loop answers them. Keeping the
compiler in its own process is what lets a segfault or abort in IREE be reported as a result instead of
killing the fuzzer. One context is reused for every program: creating one costs ~10 ms, reusing it ~0.
"""

from __future__ import annotations

import importlib
import os
import time
import traceback
from typing import Any


def _diagnostics(error: Exception) -> list[dict[str, str]]:
    """Flatten an `ir.MLIRError` (and its notes) into plain dicts that cross the pipe."""
    out: list[dict[str, str]] = []

    def add(diag: Any) -> None:
        severity = str(diag.severity).rsplit(".", 1)[-1].lower()
        out.append({"severity": severity, "location": str(diag.location), "message": diag.message})
        for note in getattr(diag, "notes", ()):
            add(note)

    for diag in getattr(error, "error_diagnostics", ()):
        add(diag)
    if not out:
        out.append({"severity": "error", "location": "unknown", "message": str(error)})
    return out


def load_hook(path: str | None) -> Any:
    """Resolve `package.module:function`, or `package.module` itself when no function is named."""
    if not path:
        return None
    module_name, _, attr = path.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attr) if attr else module


def serve(conn: Any, stderr_path: str, post_hook: str | None, analyze_hook: str | None) -> None:
    """Answer compile requests until the parent closes the pipe."""
    # Send the compiler's own stderr (LLVM crash reports, debug prints) to a file the parent can read
    # after a crash; a dead process cannot send it over the pipe.
    fd = os.open(stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.dup2(fd, 2)
    os.close(fd)

    from iree.compiler import ir, passmanager

    context = ir.Context()
    post = load_hook(post_hook)  # a function: module -> None
    analyze = load_hook(analyze_hook)  # a module with before(input module) and after(module, before's result)
    pipelines: dict[str, Any] = {}  # parsed pass managers, reused across programs

    while True:
        try:
            request = conn.recv()
        except EOFError:
            return
        start = time.perf_counter()
        reply: dict[str, Any] = {}
        try:
            reply = _compile(ir, passmanager, context, pipelines, request, post, analyze)
        except Exception:  # a bug in this driver or a hook, not in the compiler: report, keep serving
            reply = {"outcome": "internal-error", "stderr_tail": traceback.format_exc()}
        reply["elapsed_s"] = time.perf_counter() - start
        conn.send(reply)


def _compile(
    ir: Any,
    passmanager: Any,
    context: Any,
    pipelines: dict[str, Any],
    request: dict[str, Any],
    post: Any,
    analyze: Any,
) -> dict[str, Any]:
    pipeline: str = request["pipeline"]
    try:
        if pipeline:
            module = ir.Module.parse(request["text"], context)
        else:
            # No pipeline: the text is some compiler's output to be read, possibly from an older release
            # whose executable bodies the current parser rejects.
            from stream_fuzz.oracles.sanitize import parse_compiled

            module = parse_compiled(request["text"], context)
    except ir.MLIRError as error:
        return {"outcome": "diagnostic", "diagnostics": _diagnostics(error)}
    before = None
    if analyze is not None:
        # What the program asked for, read before the pipeline rewrites the module in place (or, when only
        # reading another compiler's output, from the program that compiler was given).
        source = module if pipeline else _parse_or_none(ir, context, request.get("input_text"))
        before = analyze.before(source) if source is not None else None
    if pipeline:
        try:
            if pipeline not in pipelines:
                pipelines[pipeline] = passmanager.PassManager.parse(pipeline, context)
            pipelines[pipeline].run(module.operation)
        except ir.MLIRError as error:
            return {"outcome": "diagnostic", "diagnostics": _diagnostics(error)}
    if post is not None:
        post(module)
    output = str(module)
    # The printed IR must read back: a lit test of it would otherwise fail before any CHECK line.
    # (With no pipeline the input is already printed IR that just parsed.)
    if pipeline or post is not None:
        try:
            ir.Module.parse(output, context)
        except ir.MLIRError as error:
            return {"outcome": "bad-output", "output": output, "diagnostics": _diagnostics(error)}
    reply: dict[str, Any] = {"outcome": "ok", "output": output}
    if analyze is not None:
        started = time.perf_counter()
        reply["extras"] = analyze.after(module, before)
        reply["extras"]["analyze_s"] = time.perf_counter() - started
    return reply


def _parse_or_none(ir: Any, context: Any, text: str | None) -> Any:
    if not text:
        return None
    try:
        return ir.Module.parse(text, context)
    except ir.MLIRError:
        return None

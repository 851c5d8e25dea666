"""The stream pipeline run in stages (so the oracle can read the async IR on the way) is the same pipeline:
the same passes in the same order, and the same output, diagnostics and failing pass as run whole."""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from stream_fuzz.oracles.worker_hooks import MIDWAY, Oracle

from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline
from stream_fuzz.compiler.pipelines import STREAM_STAGES
from stream_fuzz.compiler.staging import stage_stream_pipeline
from stream_fuzz.compiler.subprocess_backend import _split_dump
from stream_fuzz.compiler.worker import ANCHOR_DIALECTS, MIDWAY_IR, new_context
from stream_fuzz.corpus.entry import read_corpus
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.verdict import Judge
from tests.conftest import CORPUS, PROGRAMS
from tests.driver.whole_pipeline_hook import WholePipeline

STREAM = resolve_pipeline("stream")


def _dump(native_iree_opt: Path, pipeline: str) -> list[str]:
    done = subprocess.run(
        [str(native_iree_opt), f"--pass-pipeline={pipeline}", "--dump-pass-pipeline", "-o", "/dev/null", "-"],
        input="", capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stderr.splitlines()[1:]  # after "Pass Manager with N passes:"


def test_the_registered_stages_are_the_stream_pipeline(native_iree_opt: Path) -> None:
    stages = "builtin.module(" + ",".join(stage[len("builtin.module(") : -1] for stage in STREAM_STAGES) + ")"
    assert _dump(native_iree_opt, stages) == _dump(native_iree_opt, STREAM)


def test_the_async_stage_splits_after_scheduling_and_watches_from_copy_on_write() -> None:
    staging = stage_stream_pipeline(*MIDWAY)
    assert staging.head[staging.watch_from].label == "iree-stream-materialize-copy-on-write"
    assert "iree-stream-schedule-concurrency" in [stage.label for stage in staging.head]
    assert staging.tail[0].label == "iree-stream-verify-lowering-to-async"
    labels = [stage.label for stage in (*staging.head, *staging.tail)]
    assert len(set(labels)) == len(labels)  # a clobber's signature names its pass by this label


def _programs() -> list[tuple[str, str]]:
    """Every L1 corpus witness (they fail in many passes) and the hand-written stream programs."""
    found = [(p.stem, p.read_text()) for p in sorted(PROGRAMS.glob("*.mlir"))]
    found += [
        (p.stem, p.read_text()) for p in sorted((PROGRAMS.parent / "oracles" / "programs").glob("stream_*"))
    ]
    for entry in read_corpus(CORPUS):
        if not isinstance(entry, Exception) and entry.pipeline == STREAM and entry.kind != "timeout":
            found += [(f"{entry.path.stem}-{i + 1}", w) for i, w in enumerate(entry.programs)]
    return found


@pytest.fixture(scope="module")
def both() -> Iterator[tuple[InProcessCompiler, InProcessCompiler]]:
    with (
        InProcessCompiler(analyzer=Oracle) as staged,
        InProcessCompiler(analyzer=WholePipeline) as whole,
    ):
        yield staged, whole


@pytest.mark.parametrize(("name", "text"), _programs(), ids=[name for name, _ in _programs()])
def test_staged_and_whole_give_the_same_result(
    name: str, text: str, both: tuple[InProcessCompiler, InProcessCompiler]
) -> None:
    staged, whole = (compiler.compile(text, STREAM) for compiler in both)
    if any(d.location == MIDWAY_IR for d in staged.diagnostics):
        # Only the staged run looks between head and tail, where this async IR reads back as other IR
        # (corpus/bad-output-tied-results-of-a-repeated-operand-read-back-tied-to-its-first-slot.mlir):
        # a finding of its own; the output is the same.
        assert (staged.outcome, whole.outcome) == (Outcome.BAD_OUTPUT, Outcome.OK)
        assert staged.output == whole.output
        return
    assert staged.outcome == whole.outcome
    assert staged.output == whole.output
    assert [str(d) for d in staged.diagnostics] == [str(d) for d in whole.diagnostics]
    assert staged.failed_pass == whole.failed_pass


def test_a_dialect_loaded_late_does_not_break_a_pass_manager_parsed_before() -> None:
    # The worker's context loads a dialect when a program or pass first needs it, and keeps its parsed
    # pass managers. One nested on `func.func`, parsed before the func dialect was loaded (a one-pass
    # entry's pipeline is a stage's), would no longer run after that ("unable to schedule pass").
    text = (PROGRAMS / "flat_fanout.mlir").read_text()
    staging = stage_stream_pipeline(*MIDWAY)
    [one_pass] = [s.pipeline for s in staging.head if s.label == "iree-stream-schedule-execution"]
    with InProcessCompiler(analyzer=Oracle) as worker:
        alone = worker.compile(text, one_pass)
        whole = worker.compile(text, STREAM)  # its stages load the func dialect, then run that one
        with_func = worker.compile("func.func @f() {\n  return\n}\n", STREAM)
    assert alone.outcome is Outcome.OK, alone.summary()
    assert whole.outcome is Outcome.OK, whole.summary()
    assert with_func.outcome is Outcome.OK, with_func.summary()


def test_every_op_a_pipeline_nests_on_is_of_a_dialect_loaded_from_the_start() -> None:
    from iree.compiler import ir, passmanager

    context = new_context(ir)
    staging = stage_stream_pipeline(*MIDWAY)
    stages = [stage.pipeline for stage in (*staging.head, *staging.tail)]
    anchors: set[str] = set()
    for pipeline in (STREAM, resolve_pipeline("allocation"), *STREAM_STAGES, *stages):
        printed = str(passmanager.PassManager.parse(pipeline, context))
        anchors |= set(re.findall(r"(\w+)\.[\w.]+\(", printed))  # `func.func(` -> func
    assert {"builtin", "func", "util", "stream"} <= anchors <= set(ANCHOR_DIALECTS)


def test_an_external_compiler_is_checked_for_clobbered_reads_midway_too(native_iree_opt: Path) -> None:
    """The pinned compiler's own iree-opt, run as an external compiler, shows each clobbered read of the
    corpus under the signature the in-process worker gives it: same first pass, same entry."""
    names = [
        "async-clobbered-read-copy-on-write-skips-async-store",
        "async-clobbered-read-cse-after-copy-on-write-merges-a-value-with-its-copy",
    ]
    with Judge() as pinned, Judge(str(native_iree_opt)) as external:
        for name in names:
            program = (CORPUS / f"{name}.mlir").read_text()
            inside, outside = pinned.judge(program, STREAM), external.judge(program, STREAM)
            assert [v.rule.id for v in outside.violations][:1] == ["async/clobbered-read"], name
            found_outside, found_inside = finding_from(outside), finding_from(inside)
            assert found_outside is not None and found_inside is not None
            assert found_outside.signature == found_inside.signature, name
            assert outside.blamed_pipeline == inside.blamed_pipeline and outside.before_blamed


def test_the_async_ir_is_cut_out_of_stderr_in_both_header_styles() -> None:
    module = "module {\n  util.func public @f() {\n  }\n}\n"
    headers = (
        "// -----// IR Dump Before VerifyPass: iree-stream-verify-lowering-to-async //----- //",
        "// -----// IR Dump Before VerifyPass (iree-stream-verify-lowering-to-async) //----- //",
    )
    for header in headers:
        stderr = f"warning: before\n{header}\n{module}<stdin>:3:4: error: after\n"
        dump, rest = _split_dump(stderr, "iree-stream-verify-lowering-to-async")
        assert dump == module
        assert rest == "warning: before\n<stdin>:3:4: error: after\n"  # diagnostics after it are kept
    assert _split_dump("no dump\n", "iree-stream-verify-lowering-to-async") == ("", "no dump\n")

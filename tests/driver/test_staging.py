"""The stream pipeline run in stages (so the oracle can read the async IR on the way) is the same pipeline:
the same passes in the same order, and the same output, diagnostics and failing pass as run whole."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from stream_fuzz.oracles.worker_hooks import MIDWAY

from stream_fuzz.compiler import InProcessCompiler, resolve_pipeline
from stream_fuzz.compiler.pipelines import STREAM_STAGES
from stream_fuzz.compiler.staging import stage_stream_pipeline
from stream_fuzz.corpus import read_corpus
from stream_fuzz.judge import ORACLE_HOOK
from tests.conftest import CORPUS, PROGRAMS

STREAM = resolve_pipeline("stream")
WHOLE_HOOK = "tests.driver.whole_pipeline_hook"  # the oracle without its midway check


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
        InProcessCompiler(analyze_hook=ORACLE_HOOK) as staged,
        InProcessCompiler(analyze_hook=WHOLE_HOOK) as whole,
    ):
        yield staged, whole


@pytest.mark.parametrize(("name", "text"), _programs(), ids=[name for name, _ in _programs()])
def test_staged_and_whole_give_the_same_result(
    name: str, text: str, both: tuple[InProcessCompiler, InProcessCompiler]
) -> None:
    staged, whole = (compiler.compile(text, STREAM) for compiler in both)
    assert staged.outcome == whole.outcome
    assert staged.output == whole.output
    assert [str(d) for d in staged.diagnostics] == [str(d) for d in whole.diagnostics]
    assert staged.failed_pass == whole.failed_pass

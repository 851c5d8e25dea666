"""Compile helpers for generator tests: the project's isolated compiler worker (a pass that crashes, as the
IPO bug sometimes does, takes the worker down, not pytest), and in-process parsing for checking validity."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from iree.compiler import ir

from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline
from stream_fuzz.corpus.entry import Entry, read_corpus
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.verdict import Verdict

CORPUS = Path(__file__).resolve().parents[2] / "corpus"


class CompileError(Exception):
    """The compiler rejected the program, crashed or hung; the message holds what it said."""


class KnownCompilerBug(CompileError):
    """The compiler failed as an open corpus entry records (same signature)."""


# Signatures of the open entries in corpus/, aliases too.
OPEN_BUGS = frozenset(
    signature
    for entry in read_corpus(CORPUS)
    if isinstance(entry, Entry) and entry.status == "open"
    for signature in entry.signatures
)


class Compiler:
    def __init__(self, worker: InProcessCompiler) -> None:
        self.worker = worker
        self.ctx = ir.Context()
        self.known_bugs: Counter[str] = Counter()

    def parse(self, text: str) -> ir.Module:
        """Parse and verify (no pass runs, so nothing can crash)."""
        return ir.Module.parse(text, self.ctx)

    def run(self, text: str, pipeline: str) -> str:
        """The compiled module's text; raises CompileError with the diagnostics.

        Output that does not read back is the compiler's known print bug (nested optimal affinities,
        corpus/bad-output-optimal-joinor-nests-members), not the generator's: the program compiled."""
        result = self.worker.compile(text, resolve_pipeline(pipeline))
        if result.outcome is Outcome.BAD_OUTPUT and result.output:
            return result.output
        if result.outcome is not Outcome.OK:
            said = "\n".join(map(str, result.diagnostics)) or result.stderr_tail
            signature = finding_from(Verdict(result)).signature  # type: ignore[union-attr]
            if signature in OPEN_BUGS:
                # A known compiler bug on a route the generator's rewrites (generators/avoid.py) miss:
                # the compiler's fault, recorded in corpus/, and counted for the test to bound.
                self.known_bugs[signature] += 1
                raise KnownCompilerBug(f"{signature}: {said[:300]}")
            raise CompileError(f"{result.outcome.value}: {said}")
        return result.output or ""


@pytest.fixture(scope="session")
def mlir() -> Iterator[Compiler]:
    with InProcessCompiler(timeout=120) as worker:
        yield Compiler(worker)

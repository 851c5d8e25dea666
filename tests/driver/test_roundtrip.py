"""Printed IR that reads back as other IR is a bad-output finding (`compiler/roundtrip.py`).

The real compiler: the known case is IREE's own (corpus/bad-output-tied-results-of-a-repeated-operand-read-
back-tied-to-its-first-slot.mlir); the same program with the second update left where the pass declines to
emplace it reads back as printed and must pass. The generic-form comparison is held to a mutant of real
output (one tie moved) and to the one difference that is representation only (untied results spelled
`[]` or `[-1, ...]`)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from iree.compiler import ir

from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline
from stream_fuzz.compiler.batch import prefix, reread_suspects
from stream_fuzz.compiler.roundtrip import difference, differing_symbols, generic, normalized
from stream_fuzz.compiler.worker import MIDWAY_IR, OUTPUT, new_context
from stream_fuzz.corpus.entry import read_entry
from stream_fuzz.judge.batching import BatchCounts, judge_batch
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.verdict import Judge, Verdict
from tests.conftest import CORPUS, corpus_witness

ENTRY = "bad-output-tied-results-of-a-repeated-operand-read-back-tied-to-its-first-slot"
EMPLACE = "builtin.module(util.func(iree-stream-emplace-allocations))"
SECOND_UPDATE = "%u1 = stream.async.update on(#hal.device.affinity<@d0>)"


def one_pass_witness() -> str:
    return read_entry(CORPUS / "one-pass" / f"{ENTRY}.mlir").programs[0]


def declined(text: str) -> str:
    """The program with the second update's affinity dropped: EmplaceAllocations declines it (affinities
    differ), so no two results are tied to slots holding one value."""
    assert SECOND_UPDATE in text
    return text.replace(SECOND_UPDATE, "%u1 = stream.async.update")


def signature_of(verdict: Verdict) -> str:
    finding = finding_from(verdict)
    return finding.signature if finding else "clean"


def test_the_tied_case_is_caught_and_a_faithful_print_passes(compiler: InProcessCompiler) -> None:
    caught = compiler.compile(one_pass_witness(), EMPLACE)
    assert caught.outcome is Outcome.BAD_OUTPUT
    (said,) = caught.diagnostics
    assert said.location == OUTPUT
    assert said.message.startswith("stream.async.dispatch reads back with other tied_operands:")
    assert "printed [1 : index, 2 : index], read back [1 : index, 1 : index]" in said.message
    assert caught.output and "-> (%1{%c8}, %1{%c8})" in caught.output  # the tie by the value's name, twice
    # The same pass on the declined program ties its results to two different values: it reads back.
    faithful = compiler.compile(declined(one_pass_witness()), EMPLACE)
    assert faithful.outcome is Outcome.OK, faithful.diagnostics
    assert "tied" not in "".join(map(str, faithful.diagnostics))


def test_the_entry_has_the_signature_the_check_gives(real: Judge) -> None:
    """The entry's pipeline (the async stage's output), its one-pass file and the campaign's stream
    pipeline (where the check runs on the async IR in the middle) sign the finding alike."""
    entry = read_entry(CORPUS / f"{ENTRY}.mlir")
    whole = real.judge(entry.programs[0], resolve_pipeline(custom=entry.pipeline))
    midway = real.judge(entry.programs[0], resolve_pipeline("stream"))
    one_pass = real.judge(one_pass_witness(), EMPLACE)
    assert {signature_of(v) for v in (whole, midway, one_pass)} == {entry.signature}
    assert midway.result.diagnostics[0].location == MIDWAY_IR  # the final output has no async ops left
    assert finding_from(midway).kind == "bad-output"  # type: ignore[union-attr]
    assert real.judge(declined(entry.programs[0]), resolve_pipeline("stream")).clean


def test_generic_comparison_catches_a_moved_tie_and_ignores_untied_spellings(
    compiler: InProcessCompiler,
) -> None:
    context = new_context(ir)
    output = compiler.compile(declined(one_pass_witness()), EMPLACE).output or ""
    text = generic(ir.Module.parse(output, context))
    assert "tied_operands = [1 : index, 2 : index]" in text
    assert difference(text, text) == ""
    moved = text.replace("tied_operands = [1 : index, 2 : index]", "tied_operands = [1 : index, 1 : index]")
    said = difference(text, moved)
    assert said.startswith("stream.async.dispatch reads back with other tied_operands:"), said
    # A result untied, stored either way, is the same op.
    assert normalized("tied_operands = [-1 : index, -1 : index]}>") == "tied_operands = []}>"
    assert normalized("tied_operands = [-1 : index, 2 : index]") == "tied_operands = [-1 : index, 2 : index]"


def test_only_the_programs_whose_ops_differ_are_suspects() -> None:
    """In a merged module (programs' symbols prefixed `b<i>_`) the top-level op that reads back otherwise
    names its program; an op that differs in how many top-level ops there are suspects every program."""
    before = (
        '"builtin.module"() ({\n'
        '  "util.func"() <{sym_name = "b0_f", tied_operands = [0 : index]}> ({\n    x\n  }) : () -> ()\n'
        '  "util.func"() <{sym_name = "b1_f"}> ({\n    y\n  }) : () -> ()\n'
        "}) : () -> ()"
    )
    after = before.replace("tied_operands = [0 : index]", "tied_operands = [1 : index]")
    assert differing_symbols(before, after) == {"b0_f"}
    assert reread_suspects({"b0_f"}, 3) == {0}
    assert reread_suspects({""}, 3) == {0, 1, 2}
    assert differing_symbols(before, before) == set()
    assert prefix(1) == "b1_"


@pytest.fixture(scope="module")
def alone() -> Iterator[Judge]:
    with Judge(timeout=60) as judge:
        yield judge


def test_a_batch_judges_alone_only_the_program_that_reads_back_otherwise(alone: Judge) -> None:
    clean = corpus_witness(ENTRY).replace("@concat_of_two_halves", "@other")
    texts = [declined(clean), corpus_witness(ENTRY), declined(clean)]
    counts = BatchCounts()
    verdicts = judge_batch(alone, texts, resolve_pipeline("stream"), counts)
    known = read_entry(CORPUS / f"{ENTRY}.mlir").signature
    assert [signature_of(v) for v in verdicts] == ["clean", known, "clean"]
    assert counts.vouched == 2 and counts.alone == 1

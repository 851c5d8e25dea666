"""The known wrong-result bugs are told apart by what their program is made of, not by their shape.

Every one-device wrong result of L3 has one signature (wrong-result-781bf1e6b299: the kind, the level and
whether the first wrong result crossed devices), and three open entries list it. Each names a symptom
that reads the finding's program facts (stream_fuzz/judge/program_facts.py): the entry's own program,
compiled and run for real, shows its symptom and not the other two, and is known as that entry's; a wrong
result of a program with none of the three (a dispatch constant miscompiled by a fault, tests/l3_faults.py)
is new, "probably a duplicate", whatever predicate a mutant would put in place of the symptoms.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.corpus.entry import read_entry
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge import symptoms
from stream_fuzz.judge.findings import Finding
from stream_fuzz.judge.l3 import Case, case_from_entry, judge_case
from stream_fuzz.judge.program_facts import ProgramFact, facts_of
from stream_fuzz.judge.symptoms import SYMPTOMS, Symptom, shows
from tests.conftest import CORPUS

SHAPE = "wrong-result-781bf1e6b299"
REPAIRED = Path(__file__).resolve().parent / "repaired"
# Two campaigns' own programs (unshrunk) that hit the int-range entry's bug, both reported NEW before.
CAMPAIGN_HITS = sorted((Path(__file__).resolve().parent / "campaign_wrong_results").glob("*.mlir"))
# symptom -> the entry naming it (and its program fact)
ENTRIES = {
    "self-slice-insert": "wrong-result-insert-slice-of-its-own-slice-copied-in-place",
    "misaligned-splat-slice": "wrong-result-slice-of-a-splat-ignores-the-slice-offset",
    "resource-in-carried-value": (
        "wrong-result-int-range-optimization-folds-a-loop-carried-value-next-to-a-dense-resource"
    ),
}
FACTS = {
    "self-slice-insert": ProgramFact.SELF_SLICE_INSERT,
    "misaligned-splat-slice": ProgramFact.MISALIGNED_SPLAT_SLICE,
    "resource-in-carried-value": ProgramFact.RESOURCE_IN_CARRIED_VALUE,
}
FAULT = "tests.l3_faults:miscompute_a_dispatch_constant"
UNKNOWN = (Path(__file__).resolve().parent / "one_device_add_of_a_constant.mlir").read_text()


def _unknown_case() -> Case:
    return case_from_entry(
        "// RUN: iree-run-module --device=local-task --input=2x4xi32=1,2,3,4,5,6,7,8 \\\n"
        "// RUN:   --expected_output=2x4xi32=8,9,10,11,12,13,14,15\n" + UNKNOWN
    )


def _program(path: Path) -> str:
    return case_from_entry(path.read_text()).text


def test_every_entry_listing_the_shape_names_its_symptom() -> None:
    corpus = Corpus(CORPUS)
    listed = {e.path.stem: e.symptom for e in corpus.listed[SHAPE]}
    assert listed == {entry: symptom for symptom, entry in ENTRIES.items()}


@pytest.mark.parametrize(
    "path",
    [CORPUS / f"{entry}.mlir" for entry in ENTRIES.values()]
    + [CORPUS / "frontend" / f"{ENTRIES['misaligned-splat-slice']}.mlir"],
    ids=lambda p: str(p.relative_to(CORPUS)),
)
def test_each_entry_program_shows_its_own_fact_only(path: Path) -> None:
    symptom = read_entry(path).symptom
    assert facts_of(_program(path)) == {FACTS[symptom]}


def _entry_program(symptom: str) -> str:
    return _program(CORPUS / f"{ENTRIES[symptom]}.mlir")


# Programs one step from an entry's, by what its mechanism needs: none shows the fact.
NEAR_MISSES = {
    "insert of a slice of its own that does not overlap": (
        "self-slice-insert",
        lambda t: t.replace("%v0[0, 1] [2, 2]", "%v0[0, 0] [2, 2]"),
    ),
    "insert of its own slice at the same place": (
        "self-slice-insert",
        lambda t: t.replace("into %v0[0, 2]", "into %v0[0, 1]"),
    ),
    "insert of its own slice through a barrier (the entry's repair)": (
        "self-slice-insert",
        lambda t: (REPAIRED / f"{ENTRIES['self-slice-insert']}.mlir").read_text(),
    ),
    "slice of a splat at a multiple of its width": (
        "misaligned-splat-slice",
        lambda t: t.replace("%splat[%c1 to %c5]", "%splat[%c4 to %c8]"),
    ),
    "slice of a splat's bytes at a multiple of its width": (
        "misaligned-splat-slice",
        lambda t: _program(CORPUS / "frontend" / f"{ENTRIES['misaligned-splat-slice']}.mlir").replace(
            "%bytes[1] [4] [1]", "%bytes[4] [4] [1]"
        ),
    ),
    "loop fed a dense constant (the entry's repair)": (
        "resource-in-carried-value",
        lambda t: t.replace("dense_resource<ones>", "dense<1>"),
    ),
    "loop fed a resource, initialised from an argument": (
        "resource-in-carried-value",
        lambda t: t.replace("@main() ->", "@main(%a: tensor<2x4xi32>) ->").replace(
            "iter_args(%acc = %init)", "iter_args(%acc = %a)"
        ),
    ),
    "float loop fed a resource": (
        "resource-in-carried-value",
        # (the blob's bytes read as f32 are tiny numbers: no range analysis looks at floats)
        lambda t: (
            t.replace("dense<-2> : tensor<2x4xi32>", "dense<-2.0> : tensor<2x4xf32>")
            .replace("arith.addi", "arith.addf")
            .replace("tensor<2x4xi32>", "tensor<2x4xf32>")
        ),
    ),
}


@pytest.mark.parametrize("near", sorted(NEAR_MISSES))
def test_a_near_miss_shows_no_fact(near: str) -> None:
    symptom, change = NEAR_MISSES[near]
    original = _entry_program(symptom)
    text = change(original)
    assert text != original
    assert facts_of(original) == {FACTS[symptom]}
    assert facts_of(text) == frozenset()


def test_a_program_that_does_not_read_back_has_no_facts() -> None:
    assert facts_of("func.func @main( {") == frozenset()


def test_facts_stay_out_of_the_signature() -> None:
    """Entries list signatures: the facts tell bugs apart only through their symptoms."""
    bare = Finding("wrong-result", (), "l3|one-device", ("result 0: wrong",))
    with_facts = Finding(
        "wrong-result", (), "l3|one-device", ("result 0: wrong",), program_facts=frozenset(ProgramFact)
    )
    assert bare.signature == with_facts.signature == SHAPE
    assert not any(shows(name, bare) for name in ENTRIES)
    assert all(shows(name, with_facts) for name in ENTRIES)
    # Another kind of finding of such a program is none of these bugs.
    crashed = Finding("runtime-error", (), "l3|x", program_facts=frozenset(ProgramFact))
    assert not any(shows(name, crashed) for name in ENTRIES)


# -- end to end: compiled and run on the pinned compiler ---------------------------------------------------


@pytest.fixture(scope="module")
def findings() -> Iterator[dict[str, Finding]]:
    """The real finding of each entry's program, and of the unknown one under the fault."""
    found: dict[str, Finding] = {}
    with FrontendCompiler(120) as real:
        for symptom, entry in ENTRIES.items():
            finding = judge_case(real, case_from_entry((CORPUS / f"{entry}.mlir").read_text())).finding
            assert finding is not None, f"{entry} passes"
            found[symptom] = finding
        for path in CAMPAIGN_HITS:
            finding = judge_case(real, case_from_entry(path.read_text())).finding
            assert finding is not None, f"{path.name} passes"
            found[path.stem] = finding
    with FrontendCompiler(120, stream_hook=FAULT) as faulty:
        finding = judge_case(faulty, _unknown_case()).finding
        assert finding is not None, "the fault does not change the result"
        found["unknown"] = finding
    yield found


@pytest.mark.slow
def test_the_unknown_program_computes_the_right_numbers_without_the_fault() -> None:
    with FrontendCompiler(120) as real:
        assert judge_case(real, _unknown_case()).finding is None


@pytest.mark.slow
@pytest.mark.parametrize("symptom", sorted(ENTRIES))
def test_each_known_wrong_result_is_known_as_its_own_entry(
    symptom: str, findings: dict[str, Finding]
) -> None:
    finding = findings[symptom]
    assert finding.kind == "wrong-result" and finding.signature == SHAPE
    assert [name for name in sorted(ENTRIES) if shows(name, finding)] == [symptom]
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == ENTRIES[symptom] and attribution.note == ""
    assert attribution.finding.signature == SHAPE  # counted as the entry's hit, not apart


@pytest.mark.slow
@pytest.mark.parametrize("path", CAMPAIGN_HITS, ids=lambda p: p.stem)
def test_a_campaign_hit_of_a_known_bug_is_known(path: Path, findings: dict[str, Finding]) -> None:
    """What campaigns generated, not cut down: more ops, more devices, the loop among them."""
    finding = findings[path.stem]
    assert finding.signature == SHAPE
    assert finding.program_facts == {ProgramFact.RESOURCE_IN_CARRIED_VALUE}
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == ENTRIES["resource-in-carried-value"] and attribution.note == ""


@pytest.mark.slow
def test_a_wrong_result_of_none_of_them_stays_new(findings: dict[str, Finding]) -> None:
    finding = findings["unknown"]
    assert finding.kind == "wrong-result" and finding.signature == SHAPE
    assert finding.program_facts == frozenset()
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is None and not attribution.regression
    assert attribution.note.startswith("probably a duplicate of wrong-result-"), attribution.note
    assert attribution.finding.signature != SHAPE  # counted apart: a new entry of its own


@pytest.mark.slow
@pytest.mark.parametrize("symptom", sorted(ENTRIES))
def test_a_mutant_symptom_is_caught(
    symptom: str, findings: dict[str, Finding], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A predicate that holds on every wrong result (the hash alone) absorbs the unknown one, and claims
    the other entries' programs: the symptom is what keeps them apart."""
    monkeypatch.setitem(
        SYMPTOMS, symptom, Symptom(symptom, lambda finding: finding.kind == "wrong-result", "mutant")
    )
    assert Corpus(CORPUS).attribute(findings["unknown"]).entry is not None
    others = [findings[s] for s in ENTRIES if s != symptom]
    assert all(symptoms.shows(symptom, f) for f in others)

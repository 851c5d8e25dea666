"""Attribution by symptom, not by shape: a finding is a known entry's only when it shows the entry's
characteristic symptom (stream_fuzz/judge/symptoms.py), and a historical bug's or a `fixed` entry's
symptom makes it a regression that no entry absorbs.

The historical outputs are real: IR printed by releases 3.1.0 (#19891) and 3.11.0 (#21361), whose findings
have the shapes of three open entries (tests/oracles/release_outputs).
"""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from iree.compiler import ir
from iree.compiler.tools import compile_str
from stream_fuzz.oracles import Rule, check_text
from stream_fuzz.oracles.intent import read_intent

from stream_fuzz.compiler import CompilerInfo, InProcessCompiler, Outcome, resolve_pipeline
from stream_fuzz.compiler.frontend import FrontendCompiler
from stream_fuzz.corpus.entry import Entry, MalformedEntry, Status, as_recorded, read_corpus, read_entry
from stream_fuzz.corpus.replay import AS_RECORDED, L3Replayer, replay_entry
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge import symptoms
from stream_fuzz.judge.findings import Finding, finding_from, violation_finding
from stream_fuzz.judge.l3 import PIPELINE as L3_PIPELINE
from stream_fuzz.judge.l3 import case_from_entry, judge_case
from stream_fuzz.judge.symptoms import SYMPTOMS, Symptom, regression_of, shows
from stream_fuzz.judge.unplaced import describe as describe_unplaced
from stream_fuzz.judge.unplaced import devices_of_line
from stream_fuzz.judge.verdict import Judge
from stream_fuzz.triage.reduce import same_bug
from tests import mutants
from tests.conftest import CORPUS
from tests.oracles.conftest import PROGRAMS, pipeline_of

OUTPUTS = PROGRAMS.parent / "release_outputs"
# (release output, its input program, the open entry its shape is listed by, the historical bug it is)
HISTORICAL_OUTPUTS = [
    (
        "seed_tp4_fanout.iree-3.1.0.mlir",
        "seed_tp4_fanout.mlir",
        "placement-read-public-return-drops-known-consumers",
        "IREE #19891",
    ),
    (
        "stream_seed_fanout_flat.iree-3.1.0.mlir",
        "stream_seed_fanout_flat.mlir",
        "bad-output-optimal-joinor-nests-members",
        "IREE #19891",
    ),
    (
        "stream_tied_update_fill.iree-3.11.0.mlir",
        "stream_tied_update_fill.mlir",
        "placement-write-transfer-without-source-pushed-into-pinned-result",
        "IREE #21361",
    ),
]
ENTRIES = [e for e in read_corpus(CORPUS) if isinstance(e, Entry)]
WITH_SYMPTOM = [e for e in ENTRIES if e.symptom]


def historical_finding(output: str, program: str) -> Finding:
    """The finding a campaign makes of a release's real output: checked with the input's intent."""
    intent = read_intent(ir.Module.parse((PROGRAMS / program).read_text(), ir.Context()))
    finding = violation_finding(check_text((OUTPUTS / output).read_text(), intent=intent).violations)
    assert finding is not None
    return finding


def wrongly_absorbed(corpus: Corpus) -> list[str]:
    """Historical outputs some entry's symptom claims, or that the corpus counts as known."""
    found = []
    for output, program, listed_by, _ in HISTORICAL_OUTPUTS:
        finding = historical_finding(output, program)
        entry = read_entry(CORPUS / f"{listed_by}.mlir")
        if shows(entry.symptom, finding):
            found.append(f"{output}: shows {listed_by}'s symptom {entry.symptom}")
        attribution = corpus.attribute(finding)
        if attribution.entry is not None or not attribution.regression:
            found.append(f"{output}: attributed to {attribution.entry and attribution.entry.path.name}")
    return found


@pytest.mark.parametrize(("output", "program", "listed_by", "bug"), HISTORICAL_OUTPUTS)
def test_a_historical_bug_is_a_regression_never_a_known_entry(
    output: str, program: str, listed_by: str, bug: str
) -> None:
    finding = historical_finding(output, program)
    corpus = Corpus(CORPUS)
    # The hole was real: the landed corpus lists this release's finding by shape.
    assert listed_by in {e.path.stem for e in corpus.listed[finding.signature]}
    attribution = corpus.attribute(finding)
    assert attribution.entry is None and attribution.regression
    assert bug in attribution.note and attribution.finding.details[0] == attribution.note
    assert attribution.finding.signature != finding.signature  # counted apart from the entry's hits
    # Even without the historical registry, the entry's own symptom keeps it apart.
    assert not shows(read_entry(CORPUS / f"{listed_by}.mlir").symptom, finding)


def test_nothing_historical_is_absorbed() -> None:
    assert wrongly_absorbed(Corpus(CORPUS)) == []


@pytest.mark.parametrize("name", ["public-return", "optimal-join", "sourceless-push"])
def test_a_mutant_symptom_is_caught(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A predicate that holds everywhere (the hash alone) absorbs a historical output again."""
    monkeypatch.setitem(SYMPTOMS, name, Symptom(name, lambda finding: True, "mutant"))
    monkeypatch.setattr(symptoms, "HISTORICAL", ())
    assert any(name in line for line in wrongly_absorbed(Corpus(CORPUS)))


def test_an_absent_symptom_is_probably_a_duplicate_and_new(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(symptoms, "HISTORICAL", ())  # only the entry's own symptom decides here
    finding = historical_finding(*HISTORICAL_OUTPUTS[0][:2])
    folder = tmp_path / "corpus"
    shutil.copytree(CORPUS, folder)
    corpus = Corpus(folder)
    attribution = corpus.attribute(finding)
    assert attribution.entry is None and not attribution.regression
    assert attribution.note.startswith("probably a duplicate of placement-read-public-return-drops-known")
    assert "its symptom public-return is absent" in attribution.note
    counted = attribution.finding
    path = corpus.record(counted, "// the 3.1.0 program\n", "builtin.module(x)", _info(), [])
    assert path is not None and path.name == f"{counted.signature}.mlir"
    written = read_entry(path)
    assert written.apart_from == finding.signature  # replay derives its signature from the shape again
    assert as_recorded(written, finding) and not as_recorded(written, dataclasses.replace(finding, shape="x"))
    assert Corpus(folder).attribute(finding).entry == written  # met again: its own entry, known


def test_a_fixed_entry_symptom_makes_any_shape_a_regression(tmp_path: Path) -> None:
    """A fixed entry's bug met again is a regression even when its shape is an open entry's."""
    folder = tmp_path / "corpus"
    shutil.copytree(CORPUS, folder)
    fixed = folder / "placement-read-fixed-escape.mlir"
    text = (CORPUS / "placement-read-public-return-drops-known-consumers.mlir").read_text()
    text = text.replace("// status: open", "// status: fixed").replace(
        "// symptom: public-return", "// symptom: escaping-result-on-executor"
    )
    fixed.write_text(text.replace("placement-read-c34d1f391477", "placement-read-0123456789ab"))
    corpus = Corpus(folder)
    finding = historical_finding(*HISTORICAL_OUTPUTS[0][:2])
    assert shows("escaping-result-on-executor", finding)
    attribution = corpus.attribute(finding)
    assert attribution.regression  # the historical registry names it first; without it, the entry does
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(symptoms, "HISTORICAL", ())
        again = corpus.attribute(finding)
    assert again.regression and again.entry is not None and again.entry.status is Status.FIXED
    assert "placement-read-fixed-escape" in again.note


def test_an_unknown_symptom_is_a_malformed_entry(tmp_path: Path) -> None:
    path = tmp_path / "entry.mlir"
    text = (CORPUS / "placement-read-public-return-drops-known-consumers.mlir").read_text()
    path.write_text(text.replace("// symptom: public-return", "// symptom: publik-return"))
    with pytest.raises(MalformedEntry, match=r"entry\.mlir: line \d+: symptom 'publik-return' is not one of"):
        read_entry(path)


def test_every_shared_shape_names_its_symptoms() -> None:
    """Entries listing one signature are told apart by their symptoms: an entry naming none would leave
    every finding of that shape unattributed (next test). L3's one-device wrong results were such a set
    until each named what its program is made of (test_wrong_result_symptoms.py)."""
    corpus = Corpus(CORPUS)
    shared = {s: es for s, es in corpus.listed.items() if len({e.path for e in es}) > 1}
    assert [(s, e.path.stem) for s, es in shared.items() for e in es if not e.symptom] == []


def test_shared_shapes_without_a_symptom_are_not_attributed(tmp_path: Path) -> None:
    """Entries listing one signature and naming no symptom (the L3 wrong-result entries, their symptoms
    taken out): a hash cannot tell which a finding is, so none absorbs it."""
    folder = tmp_path / "corpus"
    folder.mkdir()
    for path in CORPUS.glob("wrong-result-*.mlir"):
        text = path.read_text()
        (folder / path.name).write_text(
            "".join(line for line in text.splitlines(keepends=True) if not line.startswith("// symptom:"))
        )
    corpus = Corpus(folder)
    shared = {s: es for s, es in corpus.listed.items() if len({e.path for e in es}) > 1}
    unnamed = {s for s, es in shared.items() if any(not e.symptom for e in es)}
    assert unnamed
    for signature in unnamed:
        entry = corpus.listed[signature][0]
        kind = entry.kind
        finding = Finding(kind, (), "l3|one-device", ("result 0: wrong",))
        assert finding.signature == signature
        attribution = corpus.attribute(finding)
        assert attribution.entry is None and "other entries share its shape" in attribution.note


def test_every_placement_entry_names_a_symptom() -> None:
    """Placement shapes collide (the three historical outputs did); every open placement entry, and every
    entry listing a placement signature, says what its bug looks like. The not-a-bug placement entries pass
    today (the oracle rule that flagged them was corrected), so no finding of theirs is made to collide."""
    missing = [
        e.path.name
        for e in ENTRIES
        if e.status is Status.OPEN and any(s.startswith("placement-") for s in e.signatures) and not e.symptom
    ]
    assert missing == []


@pytest.fixture(scope="module")
def judge() -> Iterator[Judge]:
    with Judge(timeout=120) as judge:
        yield judge


@pytest.mark.parametrize(
    "entry", [e for e in WITH_SYMPTOM if e.pipeline != L3_PIPELINE], ids=lambda e: e.path.stem
)
def test_each_symptom_holds_on_its_own_witnesses(entry: Entry, judge: Judge) -> None:
    for index, program in enumerate(entry.programs):
        finding = finding_from(judge.judge(program, entry.pipeline, entry.async_output))
        assert finding is not None, f"witness {index + 1} passes"
        assert as_recorded(entry, finding), (
            f"witness {index + 1}: {finding.signature}, {entry.symptom} absent"
        )
        assert regression_of(finding) is None, f"witness {index + 1} looks like a historical bug"


def test_reduce_keeps_the_bug_not_just_its_shape(judge: Judge) -> None:
    """`reduce` keeps a smaller program only while it is the same bug: release 3.1.0's #19891 output has the
    public-return entry's signature, so a reducer comparing signatures would slide from one to the other."""
    entry = read_entry(CORPUS / "placement-read-public-return-drops-known-consumers.mlir")
    witness = finding_from(judge.judge(entry.programs[0], entry.pipeline))
    historical = historical_finding(*HISTORICAL_OUTPUTS[0][:2])
    assert witness is not None and witness.signature == historical.signature  # one shape, two root causes
    assert same_bug(entry, witness)(witness) and same_bug(entry, historical)(historical)
    assert not same_bug(entry, witness)(historical)  # the entry's symptom is lost
    assert not same_bug(entry, historical)(witness)  # #19891's symptom is lost
    assert not same_bug(entry, witness)(None)


@pytest.mark.slow
@pytest.mark.parametrize(
    "entry", [e for e in WITH_SYMPTOM if e.pipeline == L3_PIPELINE], ids=lambda e: e.path.stem
)
def test_each_l3_symptom_holds_on_its_own_witness(entry: Entry, judge: Judge) -> None:
    replayer = L3Replayer(judge)
    try:
        assert replay_entry(entry, judge, replayer).state == AS_RECORDED
    finally:
        replayer.close()


TWO_BUGS = Path(__file__).resolve().parent / "public_return_with_whole_update_fold.mlir"


def test_a_program_with_two_known_bugs_is_the_entry_whose_symptom_it_shows(judge: Judge) -> None:
    """Seed 34's program: its misplacement has the shape the scf-for-init entry lists but that entry's
    loop-init symptom is absent; the public return is there, and the public-return entry lists the shape
    too, so it is known as that entry's. Returning nothing, it keeps only its clobbered read: the
    whole-update fold's own signature and entry."""
    corpus = Corpus(CORPUS)
    text = TWO_BUGS.read_text()
    finding = finding_from(judge.judge(text, resolve_pipeline("stream")))
    assert finding is not None and finding.shape_signature == "placement-read-3bfd3769eba2"
    assert not shows("loop-init", finding) and shows("public-return", finding)
    attribution = corpus.attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == "placement-read-public-return-drops-known-consumers"

    # The returned value is still read, by a barrier, so what the fold clobbers is read as before.
    barrier = "util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v54 : !stream.resource<*>"
    returning_nothing = text.replace(
        "@main(%cond: i1) -> (!stream.resource<*>) {", "@main(%cond: i1) {"
    ).replace("util.return %v54 : !stream.resource<*>", f"{barrier}\n    util.return")
    finding = finding_from(judge.judge(returning_nothing, resolve_pipeline("stream")))
    assert finding is not None and finding.signature == "async-clobbered-read-9dbfc252d4bf"
    entry = corpus.attribute(finding).entry
    assert (
        entry is not None and entry.path.stem == "async-clobbered-read-whole-update-fold-aliases-a-live-value"
    )


def test_an_import_exported_elsewhere_straight_line_is_the_export_entrys() -> None:
    """The export entry's root cause (no copy when an import is exported on another device) needs no
    region: the stream phase of an insert_slice into the import, returned on @d1, is attributed to it."""
    text = (Path(__file__).resolve().parent / "import_updated_in_place_exported_elsewhere.mlir").read_text()
    stream = compile_str(text, extra_args=["--compile-to=stream"]).decode()
    finding = violation_finding(check_text(stream).violations)
    assert finding is not None and finding.shape_signature == "placement-export-299af556ec83"
    # (It also writes the borrowed import in place: import/borrowed-written, a rule of lower priority.)
    assert [v.via for v in finding.violations if v.rule is finding.rules[0]] == ["direct"]
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert (
        attribution.entry.path.stem == "placement-export-import-returned-through-a-branch-on-another-device"
    )


BEFORE_ALLOCA = {
    "host-await-chained": "lifetime-before-alloca-chain-dependent-awaits-drops-the-alloca-wait",
    "no-op-execute-elided": "lifetime-before-alloca-elide-no-op-execute-drops-the-alloca-wait",
}


@pytest.mark.parametrize("symptom", sorted(BEFORE_ALLOCA))
def test_the_two_causes_of_an_execute_before_its_alloca_are_told_apart(symptom: str, judge: Judge) -> None:
    """Two root causes share lifetime-before-alloca-fdcd4f6e2890 on the pinned compiler: ChainDependentAwaits
    replacing an execute's await by a host await's timepoint, and ElideNoOpCmdExecuteOp replacing an empty
    execute's timepoint by an immediate one. Each entry's witness shows its own symptom only, and is known
    as that entry's, not the other's."""
    entry = read_entry(CORPUS / f"{BEFORE_ALLOCA[symptom]}.mlir")
    finding = finding_from(judge.judge(entry.programs[0], entry.pipeline))
    assert finding is not None and finding.signature == "lifetime-before-alloca-fdcd4f6e2890"
    assert [name for name in BEFORE_ALLOCA if shows(name, finding)] == [symptom]
    corpus = Corpus(CORPUS)
    assert {e.path.stem for e in corpus.listed[finding.signature]} >= set(BEFORE_ALLOCA.values())
    attribution = corpus.attribute(finding)
    assert attribution.entry is not None and attribution.entry.path.stem == entry.path.stem, attribution.note


def test_an_l3_execute_before_its_alloca_without_a_host_await_is_the_no_op_execute_entrys() -> None:
    """The finding that split the two: an L3 program with no host await chained into an execute (a
    tensor.empty filled from two devices), whose stream phase has the chained-await entry's signature. On
    the pinned compiler it shows the no-op-execute symptom, not the chained-await one (the input is the
    frontend's, unknown to the marks)."""
    text = (Path(__file__).resolve().parent / "tensor_empty_filled_from_two_devices.mlir").read_text()
    stream = compile_str(text, extra_args=["--compile-to=stream"]).decode()
    finding = violation_finding(check_text(stream).violations)
    assert finding is not None and finding.signature == "lifetime-before-alloca-fdcd4f6e2890"
    assert not shows("host-await-chained", finding) and shows("no-op-execute-elided", finding)
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == BEFORE_ALLOCA["no-op-execute-elided"]


def test_a_third_cause_of_an_execute_before_its_alloca_is_not_absorbed(compiler: InProcessCompiler) -> None:
    """An execute that skips its alloca with neither a host await chained into it nor an uninitialised
    alloca in the input (the mutant `execute_skips_its_allocas` of real output) shows neither symptom: it
    is new, "probably a duplicate", not silently one of the two entries."""
    text = (PROGRAMS / "alloc_chain_abc.mlir").read_text()
    result = compiler.compile(text, resolve_pipeline(pipeline_of(text)))
    assert result.outcome is Outcome.OK and result.output
    context = ir.Context()
    output = ir.Module.parse(result.output, context)
    mutants.execute_skips_its_allocas(output)
    intent = read_intent(ir.Module.parse(text, context))
    finding = violation_finding(check_text(str(output), intent=intent).violations)
    assert finding is not None and finding.rules[0].id == "lifetime/before-alloca"
    assert not any(shows(name, finding) for name in BEFORE_ALLOCA)
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is None and "probably a duplicate of" in attribution.note


def _info() -> CompilerInfo:
    return CompilerInfo("3.1.0", "a test", "in-process")


def test_the_seed_bug_injected_into_the_pinned_compiler_is_a_regression(faulty: Judge) -> None:
    """#19891 reintroduced into 3.13's own output (`tests.mutants.seed_bug`): never a known entry's."""
    program = (PROGRAMS / "seed_tp4_fanout.mlir").read_text()
    finding = finding_from(faulty.judge(program, "builtin.module(iree-stream-schedule-allocation)"))
    assert finding is not None and finding.rules[0].id == "placement/read"
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.regression and attribution.entry is None and "IREE #19891" in attribution.note


TWO_DEVICES = "invalid-program-dispatch-with-producers-on-two-devices-gets-no-affinity"
ON_CONSTANTS = "invalid-program-dispatch-on-constants-only-gets-no-affinity"
WRITTEN_FROM_ANOTHER_DEVICE = (
    Path(__file__).resolve().parent / "unplaced_dispatch_writes_a_pinned_result.mlir"
)


@pytest.fixture(scope="module")
def frontend() -> Iterator[FrontendCompiler]:
    with FrontendCompiler(120) as compiler:
        yield compiler


def _l3_finding(frontend: FrontendCompiler, text: str) -> Finding:
    verdict = judge_case(frontend, case_from_entry(text), execute=False)
    assert verdict.finding is not None
    return verdict.finding


@pytest.mark.slow
def test_the_two_causes_of_an_unplaced_dispatch_are_told_apart(
    frontend: FrontendCompiler, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A dispatch reading only constants (an empty producer set) and one whose producers sit on two devices
    both leave an execute without affinity and fail in HAL conversion with one diagnostic, one signature.
    The storage that execute binds tells them apart: each entry's witness is its own entry's, not the
    other's, and so is the compiled form of the two-device cause (a dispatch writing a pinned result in
    place from another device)."""
    corpus = Corpus(CORPUS)
    findings = {
        name: _l3_finding(frontend, (CORPUS / f"{name}.mlir").read_text())
        for name in (TWO_DEVICES, ON_CONSTANTS)
    }
    assert {f.signature for f in findings.values()} == {"invalid-program-08cc75d6bf1a"}
    for name, finding in findings.items():
        other = ON_CONSTANTS if name == TWO_DEVICES else TWO_DEVICES
        assert shows(read_entry(CORPUS / f"{name}.mlir").symptom, finding)
        assert not shows(read_entry(CORPUS / f"{other}.mlir").symptom, finding)
        attribution = corpus.attribute(finding)
        assert attribution.entry is not None and attribution.entry.path.stem == name, attribution.note

    compiled = _l3_finding(frontend, WRITTEN_FROM_ANOTHER_DEVICE.read_text())
    assert compiled.signature == "placement-write-5e185e676fc0"
    attribution = corpus.attribute(compiled)
    assert attribution.entry is not None and attribution.entry.path.stem == TWO_DEVICES, attribution.note

    # The constants entry's symptom is what keeps the two-device witness out: with one that holds everywhere
    # (the hash alone), both entries listing the shape claim it and the listing order would decide.
    listed = corpus.listed["invalid-program-08cc75d6bf1a"]
    claiming = [e.path.stem for e in listed if shows(e.symptom, findings[TWO_DEVICES])]
    assert claiming == [TWO_DEVICES]
    name = read_entry(CORPUS / f"{ON_CONSTANTS}.mlir").symptom
    monkeypatch.setitem(SYMPTOMS, name, Symptom(name, lambda finding: True, "mutant"))
    claiming = [e.path.stem for e in listed if shows(e.symptom, findings[TWO_DEVICES])]
    assert sorted(claiming) == sorted([TWO_DEVICES, ON_CONSTANTS])


UNPLACED_STREAM_IR = Path(__file__).resolve().parent / "unplaced_dispatch_on_two_devices.stream.mlir"


def test_unplaced_dispatch_lines_name_the_devices_of_the_bound_storage() -> None:
    """`unplaced.describe` reads the stream-phase IR (the pinned compiler's, of the two-device entry's
    witness): the execute without affinity that dispatches the executable the diagnostic names, and the
    devices of what places its bound storage (through stream.timepoint.await)."""
    ir_text = UNPLACED_STREAM_IR.read_text()
    error = (
        "x.mlir:1:1: error: failed to legalize operation 'stream.executable' that was explicitly marked "
        'illegal: "stream.executable"() <{sym_name = "%s", sym_visibility = "private"}> ({...}) : () -> ()'
    )
    [line] = describe_unplaced(ir_text, [error % "main_dispatch_1"])
    assert devices_of_line(line) == ("@d0", "@d1")
    assert describe_unplaced(ir_text, [error % "main_dispatch_0"]) == ()  # its execute is placed
    assert describe_unplaced(ir_text, ["x.mlir:1:1: error: something else"]) == ()
    # A mutant: the unplaced execute placed on @d1 (as a fix could) is no longer described.
    placed = ir_text.replace(
        "stream.cmd.execute await(", "stream.cmd.execute on(#hal.device.affinity<@d1>) await("
    )
    assert placed != ir_text and describe_unplaced(placed, [error % "main_dispatch_1"]) == ()


SELECT_BESIDE_LATER_CLOBBER = TWO_BUGS.parent / "select_written_in_place_beside_a_later_clobber.mlir"


def test_a_clobber_symptom_may_sit_on_a_clobber_other_than_the_primary(judge: Judge) -> None:
    """Seed 11's program: its signature names copy-on-write (the select written in place shows after it)
    and an execute (the reader of a clobber a later pass made, listed first). The select's clobbers carry
    the written-through-alias mark, the primary's own clobber does not (it now carries the marks of the
    clobbers right after copy-on-write, `rules.clobbered_read_violations`): the select entry's, not new."""
    finding = finding_from(judge.judge(SELECT_BESIDE_LATER_CLOBBER.read_text(), resolve_pipeline("stream")))
    assert finding is not None and finding.shape_signature == "async-clobbered-read-7a2e0b6e5439"
    primary = finding.violations[0]
    assert primary.rule.id == "async/clobbered-read"
    assert any("(through " in v.message for v in finding.violations)  # the select's own, at the end too
    assert "(through " not in primary.message
    assert shows("write-through-alias", finding) and not shows("async-store-write", finding)
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == "async-clobbered-read-copy-on-write-writes-a-select-in-place"


SELECT_FOLDED_AWAY = TWO_BUGS.parent / "select_folded_away_after_copy_on_write.mlir"
SELECT_ENTRY = "async-clobbered-read-copy-on-write-writes-a-select-in-place"


def test_a_clobber_keeps_the_marks_it_showed_where_it_first_showed(
    judge: Judge, native_iree_opt: Path
) -> None:
    """Seed 37's program (3.13, 40 hits): the select copy-on-write writes in place is folded away by the end
    of the async stage, whose clobbers are reported. The marks they showed right after copy-on-write are
    the finding's: it is the select entry's, in process and through an external iree-opt alike."""
    text = SELECT_FOLDED_AWAY.read_text()
    with Judge(str(native_iree_opt), timeout=120) as external:
        findings = [finding_from(j.judge(text, resolve_pipeline("stream"))) for j in (judge, external)]
    for finding in findings:
        assert finding is not None and finding.shape_signature == "async-clobbered-read-7a2e0b6e5439"
        assert finding.violations[0].via == "iree-stream-materialize-copy-on-write"
        # The reported clobbers are the end's: the writer is the fill on the value itself, no select.
        assert all("(through " not in v.message for v in finding.violations)
        assert shows("write-through-alias", finding) and not shows("async-store-write", finding)
        attribution = Corpus(CORPUS).attribute(finding)
        assert attribution.entry is not None, attribution.note
        assert attribution.entry.path.stem == SELECT_ENTRY


IF_YIELDS_THE_RETURNED_SLAB = Path(__file__).resolve().parent / "if_yields_a_slab_the_function_returns.mlir"
ARC_IF_RESULT = "runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer"


@pytest.mark.slow
def test_a_campaign_program_whose_if_result_is_deallocated_is_the_reference_counting_entrys(
    frontend: FrontendCompiler,
) -> None:
    """Seed 909's program, run on the pinned runtime, fails with the transient buffer's "not committed"
    message (the dealloca ARC inserts for the if result frees the returned slab), and that finding is the
    reference-counting entry's, not one of the lifetime/before-alloca entries' its message suggests."""
    verdict = judge_case(frontend, case_from_entry(IF_YIELDS_THE_RETURNED_SLAB.read_text()))
    finding = verdict.finding
    assert finding is not None and finding.signature == "runtime-error-8be6cc46202f", verdict.run.message
    assert "transient buffer has not been committed" in "\n".join(finding.details)
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == ARC_IF_RESULT


def test_an_l1_if_yielding_a_live_value_is_the_reference_counting_entrys(judge: Judge) -> None:
    """The same bug in a stream program (tests/oracles/programs/stream_if_yields_a_live_value.mlir): the
    whole stream pipeline deallocates the if's branch merge, which may be the value exported after it. The
    structural finding (lifetime/after-dealloca, freed through a choice) is the entry's, listed as one of
    its signatures, showing its symptom."""
    text = (PROGRAMS / "stream_if_yields_a_live_value.mlir").read_text()
    finding = finding_from(judge.judge(text, resolve_pipeline(pipeline_of(text))))
    assert finding is not None and finding.signature == "lifetime-after-dealloca-67d85a3ef517"
    assert shows("freed-through-alias", finding)
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == ARC_IF_RESULT
    # A dealloca freeing the storage itself too early (no choice on the way) is another cause.
    direct = dataclasses.replace(finding.violations[0], marks=())
    assert not shows("freed-through-alias", dataclasses.replace(finding, violations=(direct,)))


LOOP_INIT_SPLAT = Path(__file__).resolve().parent / "loop_init_splat_cloned_into_a_dependent_partition.mlir"


@pytest.mark.slow
def test_a_campaign_program_with_a_splat_loop_init_is_the_cloned_op_entrys(
    frontend: FrontendCompiler,
) -> None:
    """Seed 36's program: its constant loop init becomes a cloneable splat whose only user is the loop, and
    ScheduleExecution fails with the cyclic-partition diagnostic: the cloned-op entry's alias, not the
    scf-for-init entry's (whose diagnostic is another)."""
    finding = _l3_finding(frontend, LOOP_INIT_SPLAT.read_text())
    assert finding.signature == "invalid-program-f232017af063"
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == "invalid-program-cloned-op-joins-a-dependent-partition"


PUBLIC_RETURN = "placement-read-public-return-drops-known-consumers"
EXECUTE_REGION = "placement-read-execute-region-hides-the-consumers-of-a-result"
JOIN_OR = "bad-output-optimal-joinor-nests-members"
HERE = Path(__file__).resolve().parent


def _returning_nothing(text: str, value: str) -> str:
    """`text` whose @main returns nothing: the value it returned is read by a barrier instead."""
    barrier = (
        "util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]}"
        f" {value} : !stream.resource<external>"
    )
    out = text.replace("@main() -> !stream.resource<external> {", "@main() {")
    return out.replace(f"util.return {value} : !stream.resource<external>", f"{barrier}\n    util.return")


def test_a_returned_storage_with_an_optimal_near_is_the_public_return_entrys(judge: Judge) -> None:
    """placement-read-bb281ef42ca6 is listed by three entries, told apart by symptom. Of 92 findings of
    that shape in 1500 L2 programs drawn with seed 37, 25 showed joinOR's marks and a public return, and
    went to the joinOR entry (listed first); returning nothing, 14 of the 15 saved lost the finding. Here
    the same: the return makes it public-return's, and without it joinOR's own bad output shows."""
    corpus = Corpus(CORPUS)
    text = (HERE / "returned_beside_an_optimal_transfer.mlir").read_text()
    finding = finding_from(judge.judge(text, resolve_pipeline("allocation")))
    assert finding is not None and finding.shape_signature == "placement-read-bb281ef42ca6"
    assert {"optimal-near", "returned-from-public"} <= set(finding.violations[0].marks)
    assert shows("public-return", finding) and not shows("optimal-join", finding)
    attribution = corpus.attribute(finding)
    assert attribution.entry is not None and attribution.entry.path.stem == PUBLIC_RETURN, attribution.note

    alone = finding_from(judge.judge(_returning_nothing(text, "%a_ready"), resolve_pipeline("allocation")))
    assert alone is not None and alone.kind == "bad-output" and shows("optimal-join", alone)
    entry = corpus.attribute(alone).entry
    assert entry is not None and entry.path.stem == JOIN_OR


def test_a_returned_storage_read_in_an_execute_region_is_the_public_return_entrys(judge: Judge) -> None:
    """The same for the execute-region entry: a storage returned from a public function and read (untied)
    by an execute wrapped in an scf.execute_region is public-return's (before: the execute-region entry's,
    listed before it); returning nothing it is placed for both devices, so the region did not do it."""
    corpus = Corpus(CORPUS)
    text = (HERE / "returned_and_read_in_an_execute_region.mlir").read_text()
    finding = finding_from(judge.judge(text, resolve_pipeline("allocation")))
    assert finding is not None and finding.shape_signature == "placement-read-bb281ef42ca6"
    assert {"allocated-in-execute-region", "returned-from-public"} <= set(finding.violations[0].marks)
    assert shows("public-return", finding) and not shows("execute-region-hides-consumers", finding)
    attribution = corpus.attribute(finding)
    assert attribution.entry is not None and attribution.entry.path.stem == PUBLIC_RETURN, attribution.note
    returning_nothing = _returning_nothing(text, "%a_ready")
    assert finding_from(judge.judge(returning_nothing, resolve_pipeline("allocation"))) is None


def test_a_wrapped_in_place_writer_of_a_storage_read_elsewhere_is_the_execute_region_entrys(
    judge: Judge,
) -> None:
    """The form the L2 generator's steer missed (builder.read_elsewhere now skips it): an execute of the
    producer's own device, wrapped, writing in place a storage another device reads. No optimal and no
    return near: the execute-region entry's; unwrapped, clean."""
    corpus = Corpus(CORPUS)
    text = (HERE / "written_in_place_in_an_execute_region.mlir").read_text()
    finding = finding_from(judge.judge(text, resolve_pipeline("allocation")))
    assert finding is not None and finding.shape_signature == "placement-read-bb281ef42ca6"
    assert shows("execute-region-hides-consumers", finding)
    assert not shows("public-return", finding) and not shows("optimal-join", finding)
    attribution = corpus.attribute(finding)
    assert attribution.entry is not None and attribution.entry.path.stem == EXECUTE_REGION, attribution.note
    lines = text.splitlines()
    unwrapped = "\n".join(
        line.replace("%b0, %t30 = ", "%b, %t3 = ")
        for line in lines
        if "scf.execute_region" not in line and "scf.yield" not in line
    )
    unwrapped = unwrapped.replace("      } => !stream.timepoint\n    }\n", "      } => !stream.timepoint\n")
    assert "scf." not in unwrapped
    assert finding_from(judge.judge(unwrapped, resolve_pipeline("allocation"))) is None


def test_a_returned_storage_placed_on_its_producers_set_is_the_public_return_entrys(judge: Judge) -> None:
    """placement-read-8261ce8e4a24, a shape joinOR's entry lists (a device lost from an optimal) and, since
    a returned storage is no longer joinOR's, the public-return entry too: %b's producers (the execute and
    its transfer's source) make a flat optimal that misses the reader, because the public return drops the
    consumer set; returning nothing, no finding."""
    corpus = Corpus(CORPUS)
    text = (HERE / "returned_and_placed_on_its_producers.mlir").read_text()
    finding = finding_from(judge.judge(text, resolve_pipeline("allocation")))
    assert finding is not None and finding.shape_signature == "placement-read-8261ce8e4a24"
    assert shows("public-return", finding) and not shows("optimal-join", finding)
    attribution = corpus.attribute(finding)
    assert attribution.entry is not None and attribution.entry.path.stem == PUBLIC_RETURN, attribution.note
    returning_nothing = _returning_nothing(text, "%b_ready")
    assert finding_from(judge.judge(returning_nothing, resolve_pipeline("allocation"))) is None


def test_a_campaign_program_writing_transients_storage_on_another_device_is_the_transients_entrys() -> None:
    """The 37-hit L3 shape of seed 5 (an iree.abi.transients storage imported on @d0, @d1's transients
    emplaced in it) is attributed to the transients entry, through its symptom; an import of the caller's
    own tensor (external lifetime) misplaced the same way does not show that symptom."""
    text = (Path(__file__).resolve().parent / "transients_storage_written_on_another_device.mlir").read_text()
    stream = compile_str(text, extra_args=["--compile-to=stream"]).decode()
    finding = violation_finding(check_text(stream).violations)
    assert finding.shape_signature == "placement-write-1d112eb07730"
    assert shows("transients-storage-elsewhere", finding)
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == "placement-write-transients-storage-imported-for-the-result-device"
    primary = next(v for v in finding.violations if v.rule is finding.rules[0])
    as_external = primary.op.replace("resource<transient>", "resource<external>")
    external = dataclasses.replace(primary, op=as_external)
    assert not shows("transients-storage-elsewhere", dataclasses.replace(finding, violations=(external,)))


TRANSIENTS_ENTRY = "placement-write-transients-storage-imported-for-the-result-device"


@pytest.mark.parametrize(
    ("program", "signature"),
    [
        ("transients_copied_into_on_another_device.mlir", "placement-write-e3f1449e993b"),
        ("transients_copied_and_filled_on_another_device.mlir", "placement-write-51b5750e25d0"),
        ("transients_flushed_to_another_device.mlir", "placement-flush-952b66a9a585"),
    ],
)
def test_seed_39s_transients_shapes_are_the_transients_entrys(program: str, signature: str) -> None:
    """Three L3 shapes of seed 39 (2026-12-05), each the iree.abi.transients storage imported for one device
    and another device's transient emplaced in it (EmplaceTransients): written by a copy, by a copy and a
    fill, or flushed to its reader. Each is listed by the transients entry and shows its symptom, so it is
    known; the same violation on an import of external lifetime (the caller's own tensor) does not show it."""
    text = (Path(__file__).resolve().parent / program).read_text()
    stream = compile_str(text, extra_args=["--compile-to=stream"]).decode()
    finding = violation_finding(check_text(stream).violations)
    assert finding is not None and finding.shape_signature == signature
    assert shows("transients-storage-elsewhere", finding)
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == TRANSIENTS_ENTRY
    primary = next(v for v in finding.violations if v.rule is finding.rules[0])
    external = dataclasses.replace(
        primary, op=primary.op.replace("resource<transient>", "resource<external>")
    )
    assert not shows("transients-storage-elsewhere", dataclasses.replace(finding, violations=(external,)))


HOST_AWAIT_IN_A_DOMINATING_BLOCK = TWO_BUGS.parent / "host_await_chained_into_a_lowered_branch.mlir"
CHAINED_AWAITS = "lifetime-before-alloca-chain-dependent-awaits-drops-the-alloca-wait"


def test_a_host_await_chained_in_from_a_dominating_block_is_the_chained_awaits_entrys(judge: Judge) -> None:
    """Seed 38's program (3.13, 1 hit): canonicalize chains the execute to a host await inside an scf.if,
    which the pipeline later lowers to blocks; the await then sits in a block dominating the execute's. The
    symptom reads dominating blocks as the before-alloca rule does: the chained-awaits entry's, not new."""
    text = HOST_AWAIT_IN_A_DOMINATING_BLOCK.read_text()
    finding = finding_from(judge.judge(text, resolve_pipeline("stream")))
    assert finding is not None and finding.rules[0] is Rule.BEFORE_ALLOCA
    assert shows("host-await-chained", finding)
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == CHAINED_AWAITS


RETURNED_CONSTANT_PROGRAM = TWO_BUGS.parent / "returned_constant_behind_an_empty_execute.mlir"


def test_a_returned_constant_behind_an_elided_empty_execute_is_the_no_op_execute_entrys(
    compiler: InProcessCompiler,
) -> None:
    """Seed 39's program (3.13, 101 hits): no stream.async.alloca and no host await, but a constant the
    public function returns. ScheduleAllocation lowers the execute holding it to one with no commands
    awaiting the storage's alloca (the external constant's data dropped), and ElideNoOpCmdExecuteOp elides
    it: the no-op-execute entry's bug, shown by the mark on the storage nothing writes. The same output is
    new again when the input does not return the constant, and a written storage skipping its alloca in
    that program does not carry the mark (a mutant of the real output)."""
    text = RETURNED_CONSTANT_PROGRAM.read_text()
    result = compiler.compile(text, resolve_pipeline("stream"))
    assert result.outcome is Outcome.OK and result.output
    context = ir.Context()
    intent = read_intent(ir.Module.parse(text, context))
    assert intent.returned_constants == 1 and intent.allocas == 0 and intent.empty_executes == 0
    finding = violation_finding(check_text(result.output, intent=intent).violations)
    assert finding is not None and finding.signature == "lifetime-before-alloca-fdcd4f6e2890"
    assert [name for name in BEFORE_ALLOCA if shows(name, finding)] == ["no-op-execute-elided"]
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None, attribution.note
    assert attribution.entry.path.stem == BEFORE_ALLOCA["no-op-execute-elided"]

    kept = text.replace("util.return %v3 :", "util.return %v1 :")
    assert read_intent(ir.Module.parse(kept, context)).returned_constants == 0
    unmarked = violation_finding(
        check_text(result.output, intent=read_intent(ir.Module.parse(kept, context))).violations
    )
    assert unmarked is not None and not any(shows(name, unmarked) for name in BEFORE_ALLOCA)
    assert "probably a duplicate of" in Corpus(CORPUS).attribute(unmarked).note

    output = ir.Module.parse(result.output, context)
    fills = [op for op in mutants.walk(output, "stream.cmd.execute") if "stream.cmd.fill" in str(op)]
    written = fills[-1]  # the last fill: of a transient after the branch, its alloca in the same block
    other = next(op for op in mutants.walk(output, "stream.resource.alloca") if op.block != written.block)
    written.operands[mutants._await_index(written)] = other.results[1]
    report = check_text(str(output), intent=intent)
    skipped = [v for v in report.violations if v.rule is Rule.BEFORE_ALLOCA]
    assert len(skipped) == 2
    returned = {v.storage: "returned-constant-in-input" in v.marks for v in skipped}
    assert sorted(returned.values()) == [False, True], returned


BESIDE_TWO_KNOWN_BUGS = TWO_BUGS.parent / "constant_pulled_beside_two_known_bugs.mlir"


def test_a_new_primary_beside_known_bugs_stays_new_and_names_them(judge: Judge) -> None:
    """Seed 39's program (3.13, 18 hits): its primary placement/read has the joinOR entry's shape but not
    its symptom, and its other rules are two known entries' bugs. It stays new (the verdict is the
    primary's: known neighbours never absorb an unexplained primary), and its note names what the other
    rules are, so triage sees which part is new."""
    finding = finding_from(judge.judge(BESIDE_TWO_KNOWN_BUGS.read_text(), resolve_pipeline("stream")))
    assert finding is not None and finding.rules[0] is Rule.READ
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is None and "probably a duplicate of" in attribution.note
    assert "its other rules: async/clobbered-read is async-clobbered-read-partitioning-" in attribution.note
    assert f"lifetime/before-alloca is {CHAINED_AWAITS}" in attribution.note
    alone = dataclasses.replace(finding, rules=finding.rules[:1])
    assert "its other rules" not in Corpus(CORPUS).attribute(alone).note

"""IREE's own checkers as an oracle (`oracles/checkers.py`): real output accepted, mutants of it rejected by
the real checker passes, a checker the compiler lacks skipped with its reason, never a finding."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from iree.compiler import ir
from stream_fuzz.oracles import Rule
from stream_fuzz.oracles.checkers import (
    ALLOCATION_OUTPUT,
    MIDWAY,
    POINTS,
    InProcess,
    check_point,
    mark_rejections,
)
from stream_fuzz.oracles.facts import read_facts
from stream_fuzz.oracles.intent import read_intent
from stream_fuzz.oracles.marks import input_marks
from stream_fuzz.oracles.worker_hooks import MIDWAY as BEFORE_PASS

from stream_fuzz.compiler import InProcessCompiler, resolve_pipeline
from stream_fuzz.compiler.staging import stage_stream_pipeline
from stream_fuzz.corpus.render import render_entry
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.findings import finding_from, violation_finding
from stream_fuzz.judge.symptoms import shows
from stream_fuzz.judge.verdict import Judge
from tests import mutants
from tests.conftest import CORPUS
from tests.oracles.conftest import PROGRAMS, pipeline_of

CHECKER_RULES = {Rule.AFFINITY, Rule.ACCESS_RANGE}


def midway_ir(compiler: InProcessCompiler, text: str) -> str:
    """The async IR the worker checks: the stream pipeline run up to `worker_hooks.MIDWAY[1]`."""
    for stage in stage_stream_pipeline(*BEFORE_PASS).head:
        result = compiler.compile(text, stage.pipeline)
        assert result.ok, result.summary()
        text = result.output or ""
    return text


@pytest.mark.parametrize("name", sorted(p.stem for p in PROGRAMS.glob("*.mlir")))
def test_real_output_passes_the_checkers(real: Judge, name: str) -> None:
    """Every hand-written program, compiled by the pinned compiler: no checker rejects, none is skipped."""
    text = (PROGRAMS / f"{name}.mlir").read_text()
    verdict = real.judge(text, resolve_pipeline(pipeline_of(text)))
    assert not [v for v in verdict.violations if v.rule in CHECKER_RULES]
    assert not [reason for reason in verdict.unknown if reason.startswith("checker")]


INPUTS = Path(__file__).resolve().parent / "checkers"


def test_checkers_pass_midway_and_reject_its_mutants(compiler: InProcessCompiler) -> None:
    source = (INPUTS / "fills.mlir").read_text()
    text = midway_ir(compiler, source)
    context = ir.Context()
    checkers = InProcess(context)
    assert checkers.check(MIDWAY, ir.Module.parse(text, context), source).rejections == ()

    cases: list[tuple[Callable[[ir.Module], None], Rule, str]] = [
        (mutants.drop_execute_affinity, Rule.AFFINITY, "stream.async.execute"),
        (mutants.fill_past_the_end, Rule.ACCESS_RANGE, "stream.async.fill"),
    ]
    for mutate, rule, op in cases:
        module = ir.Module.parse(text, context)
        mutate(module)
        checked = checkers.check(MIDWAY, module, source)
        violations = checked.violations()
        assert [(v.rule, v.op_name, v.via) for v in violations][:1] == [(rule, op, MIDWAY)], mutate.__name__
        assert checked.skipped == ()
    # Both ranges the fill declares past the end are named, with the bound they break.
    module = ir.Module.parse(text, context)
    mutants.fill_past_the_end(module)
    uses = {v.uses for v in checkers.check(MIDWAY, module, source).violations()}
    assert uses == {("Write: length > resource size",)}


@pytest.fixture(scope="module")
def dropping() -> Iterator[Judge]:
    with Judge(timeout=120, post_hook="tests.mutants:drop_alloca_affinity") as judge:
        yield judge


def test_allocation_output_mutant_is_a_finding_of_its_own(dropping: Judge) -> None:
    """Through the campaign's Judge: an alloca that lost its affinity is rejected by the real checker,
    the finding signed by that rule, and its corpus entry's RUN line runs the checker on the output."""
    text = (PROGRAMS / "alloc_chain_abc.mlir").read_text()
    pipeline = resolve_pipeline("allocation")
    finding = finding_from(dropping.judge(text, pipeline))
    assert finding is not None
    assert finding.rules == (Rule.AFFINITY,)  # the placement rules leave storage without affinity unjudged
    assert [(v.op_name, v.via) for v in finding.violations] == [("stream.resource.alloca", ALLOCATION_OUTPUT)]
    assert finding.signature.startswith("checker-verify-affinities-")
    entry = render_entry(finding, text, pipeline, dropping.compiler_info, "test", [], "e.mlir")
    assert "| iree-opt --pass-pipeline='builtin.module(iree-stream-verify-affinities)' -o /dev/null" in entry


JOIN_OR = "bad-output-optimal-joinor-nests-members"


def test_a_rejection_shows_the_neighbourhood_of_the_storage_it_names(real: Judge, dropping: Judge) -> None:
    """The checker's complaint at an alloca is marked as that storage's neighbourhood, so the entry's
    symptom decides: a real output where joinOR met a promise beside an affinity of one device (seed 34's
    campaign program) is the joinOR entry's; the real output of a program with no optimal near, its alloca's
    affinity dropped by the mutant, is not (IREE's own checker rejects both alike)."""
    corpus = Corpus(CORPUS)
    text = (INPUTS / "optimal_pull_promise_mix.mlir").read_text()
    finding = finding_from(real.judge(text, resolve_pipeline("allocation")))
    assert finding is not None and finding.rules == (Rule.AFFINITY,)
    assert {"optimal-near", "promise-mix"} <= set(finding.violations[0].marks)
    assert shows("optimal-join", finding)
    attribution = corpus.attribute(finding)
    assert attribution.entry is not None and attribution.entry.path.stem == JOIN_OR, attribution.note

    chain = (PROGRAMS / "alloc_chain_abc.mlir").read_text()
    mutant = finding_from(dropping.judge(chain, resolve_pipeline("allocation")))
    assert mutant is not None and mutant.rules == (Rule.AFFINITY,)
    assert not shows("optimal-join", mutant)
    entry = corpus.attribute(mutant).entry
    assert entry is None or entry.path.stem != JOIN_OR


@pytest.fixture(scope="module")
def dropping_every_alloca() -> Iterator[Judge]:
    with Judge(timeout=120, post_hook="tests.mutants:drop_every_alloca_affinity") as judge:
        yield judge


def test_a_rejection_of_a_transfer_source_reads_the_flush_into_its_unplaced_copy(
    real: Judge, dropping_every_alloca: Judge
) -> None:
    """checker-verify-affinities-d560c1b06bc8 (seed 37's campaign, 61 hits): an execute on affinity<@d0>
    moves a splat to optimal<[promise<@d1>, promise<@d0>]>. The splat's usage affinities hold that optimal
    (ValueConsumerAffinityPVS unions a transfer's target into its source's consumers) beside affinity<@d0>:
    joinOR nests promise<@d0> with affinity<@d0>, the next join is null, and both allocas get none. The
    checker names the splat's, whose copy partner is unplaced too, so the optimal is left only on the
    flush into the partner: read, it shows the joinOR entry's symptom and is that entry's (before, no mark
    and 'probably a duplicate'). The same program moving to affinity<@d1>, every alloca's affinity dropped
    by the mutant, has the same shape and no optimal near: not that entry's."""
    corpus = Corpus(CORPUS)
    text = (INPUTS / "optimal_flush_promise_mix.mlir").read_text()
    finding = finding_from(real.judge(text, resolve_pipeline("allocation")))
    assert finding is not None and finding.rules == (Rule.AFFINITY,)
    primary = finding.violations[0]
    assert primary.op_name == "stream.resource.alloca" and primary.location.endswith(":12:13)")
    assert {"optimal-near", "promise-mix"} <= set(primary.marks)
    assert shows("optimal-join", finding)
    attribution = corpus.attribute(finding)
    assert attribution.entry is not None and attribution.entry.path.stem == JOIN_OR, attribution.note
    assert attribution.finding.signature == "checker-verify-affinities-c16a2669692b"

    plain = (INPUTS / "splat_moved_to_another_device.mlir").read_text()
    assert finding_from(real.judge(plain, resolve_pipeline("allocation"))) is None
    mutant = finding_from(dropping_every_alloca.judge(plain, resolve_pipeline("allocation")))
    assert mutant is not None and mutant.rules == (Rule.AFFINITY,)
    assert mutant.shape_signature == finding.shape_signature  # same shape, another cause
    assert not shows("optimal-join", mutant)
    entry = corpus.attribute(mutant).entry
    assert entry is None or entry.path.stem != JOIN_OR


@pytest.fixture(scope="module")
def dropping_slab() -> Iterator[Judge]:
    with Judge(timeout=120, post_hook="tests.mutants:drop_slab_affinity") as judge:
        yield judge


def test_a_rejection_of_a_slab_is_marked_by_every_position_of_its_fused_location(
    real: Judge, dropping_slab: Judge
) -> None:
    """Several results left without an affinity share one slab, whose pack and alloca carry a location
    fusing the results' (`loc(fused[...])`): the checker names the pack by it, and the rejection has the
    marks of the storage at those positions. The joinOR entry's pack form (a splat moved twice to one
    optimal from an execute on a promise) shows its symptom and is that entry's; before, no position was
    read from a fused location, so it was kept apart as 'probably a duplicate' (485d1207c06f). A slab
    whose affinity the mutant drops, with no optimal near, has the same shape and is not."""
    corpus = Corpus(CORPUS)
    text = (INPUTS / "optimal_slab_promise_mix.mlir").read_text()
    finding = finding_from(real.judge(text, resolve_pipeline("allocation")))
    assert finding is not None and finding.rules == (Rule.AFFINITY,)
    primary = finding.violations[0]
    assert primary.op_name == "stream.resource.pack" and "fused[" in primary.location
    assert {"optimal-near", "promise-mix"} <= set(primary.marks)
    assert shows("optimal-join", finding)
    attribution = corpus.attribute(finding)
    assert attribution.entry is not None and attribution.entry.path.stem == JOIN_OR, attribution.note
    assert attribution.finding.signature == "checker-verify-affinities-f62fff630199"

    plain = (INPUTS / "slab_of_two_results.mlir").read_text()
    assert finding_from(real.judge(plain, resolve_pipeline("allocation"))) is None
    mutant = finding_from(dropping_slab.judge(plain, resolve_pipeline("allocation")))
    assert mutant is not None and mutant.rules == (Rule.AFFINITY,)
    assert mutant.shape_signature == finding.shape_signature  # same shape, another cause
    assert "fused[" in mutant.violations[0].location and mutant.violations[0].marks
    assert not shows("optimal-join", mutant)
    entry = corpus.attribute(mutant).entry
    assert entry is None or entry.path.stem != JOIN_OR


BARRIER_ENTRY = "invalid-program-barrier-joined-to-producer-partition"


def test_an_execute_left_without_affinity_by_partitioning_is_the_barrier_entrys(
    real: Judge, compiler: InProcessCompiler
) -> None:
    """checker-verify-affinities-cb01646f9c1f (L1 campaigns): a barrier on @d0 of a splat on @d1 is
    partitioned with it, the partition's affinity joins to null, and IREE's checker rejects the execute
    midway. The rejection carries the input's barrier, the barrier entry's symptom, and is that entry's.
    An execute whose affinity a mutant drops midway, in a program without a barrier, has the same shape
    and is not."""
    corpus = Corpus(CORPUS)
    text = (INPUTS / "barrier_on_another_device.mlir").read_text()
    finding = finding_from(real.judge(text, resolve_pipeline("stream")))
    assert finding is not None and finding.rules == (Rule.AFFINITY,)
    assert [(v.op_name, v.via) for v in finding.violations] == [("stream.async.execute", MIDWAY)]
    assert finding.violations[0].marks == ("barrier-in-input",)
    assert finding.signature == "checker-verify-affinities-cb01646f9c1f"
    assert shows("barrier-joined", finding)
    attribution = corpus.attribute(finding)
    assert attribution.entry is not None and attribution.entry.path.stem == BARRIER_ENTRY, attribution.note

    source = (INPUTS / "fills.mlir").read_text()
    context = ir.Context()
    module = ir.Module.parse(midway_ir(compiler, source), context)
    mutants.drop_execute_affinity(module)
    checked = InProcess(context).check(MIDWAY, module, source)
    facts = read_facts(module, read_intent(ir.Module.parse(source, context)))
    mutant = violation_finding(mark_rejections(checked.violations(), {}, input_marks(facts)))
    assert mutant.shape_signature == finding.shape_signature  # same shape, another cause
    assert not shows("barrier-joined", mutant)
    assert corpus.attribute(mutant).entry is None


def test_an_external_compilers_rejection_is_marked_too(native_iree_opt: object) -> None:
    """The same program through the `iree-opt` binary: its checker names the alloca by the position in
    the text it read, which the facts of that text key their marks by."""
    text = (INPUTS / "optimal_pull_promise_mix.mlir").read_text()
    with Judge(iree_opt=str(native_iree_opt), timeout=120) as judge:
        finding = finding_from(judge.judge(text, resolve_pipeline("allocation")))
    assert finding is not None and finding.rules == (Rule.AFFINITY,)
    assert shows("optimal-join", finding)


def test_a_rejection_of_what_the_input_already_fails_is_not_a_finding() -> None:
    """A transfer with only a target has no affinity (IREE compiles it all the same): the checker rejects
    the input itself, so its rejection later on is skipped with that reason."""
    source = (INPUTS / "transfer_without_source.mlir").read_text()
    context = ir.Context()
    checked = InProcess(context).check(MIDWAY, ir.Module.parse(source, context), source)
    assert checked.rejections == ()
    assert checked.skipped == (
        "checker iree-stream-verify-affinities not judged: the input already fails it",
    )


def test_a_checker_the_compiler_lacks_is_skipped() -> None:
    """The pass manager of the real compiler rejects a pass it does not register: that checker is
    skipped with the reason, the others still run."""
    source = (PROGRAMS / "alloc_chain_abc.mlir").read_text()
    context = ir.Context()
    module = ir.Module.parse(source, context)
    mutants.drop_execute_affinity(module)
    checkers = InProcess(context)
    names = ("iree-stream-verify-no-such-checker", *POINTS[MIDWAY])
    checked = check_point(
        MIDWAY,
        lambda pipeline: checkers.run(pipeline, module),
        lambda pipeline: checkers.run(pipeline, ir.Module.parse(source, context)),
        "iree-opt 3.0",
        names,
    )
    assert checked.skipped == (
        "checker iree-stream-verify-no-such-checker not run: iree-opt 3.0 does not have it",
    )
    assert [r.checker for r in checked.rejections] == ["iree-stream-verify-affinities"]


def test_an_external_compiler_without_the_checker_is_skipped(
    native_iree_opt: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The external path asks the compiler under test for its own checkers: one it does not have is a
    stated skip on every program, never a finding."""
    lacking = ("iree-stream-verify-no-such-checker",)
    monkeypatch.setitem(POINTS, ALLOCATION_OUTPUT, lacking)
    text = (PROGRAMS / "alloc_chain_abc.mlir").read_text()
    with Judge(iree_opt=str(native_iree_opt), timeout=120) as judge:
        verdict = judge.judge(text, resolve_pipeline("allocation"))
    assert not [v for v in verdict.violations if v.rule in CHECKER_RULES]
    version = judge.compiler_info.version
    reason = f"checker {lacking[0]} not run: iree-opt {version} does not have it"
    assert verdict.unknown.get(reason) == 1


def test_output_that_does_not_read_back_is_no_checkers_input(real: Judge) -> None:
    """A real L2 program whose output nests an optimal in an optimal (a known print defect) and also has an
    alloca without affinity: the output does not verify, so the checkers skip it and the finding keeps
    the known entry's bad-output signature instead of a new checker one."""
    text = (INPUTS / "bad_output_and_alloca_without_affinity.mlir").read_text()
    verdict = real.judge(text, resolve_pipeline("allocation"))
    finding = finding_from(verdict)
    assert finding is not None and finding.signature == "bad-output-99d3d726a9af"
    reason = "checkers not run in the output of iree-stream-schedule-allocation: the IR there does not parse"
    assert reason in verdict.unknown

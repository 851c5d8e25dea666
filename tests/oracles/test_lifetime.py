"""`lifetime/*` and `placement/pinned-global` on the pinned compiler's real output.

The mutants are in test_mutants (a dealloca awaiting too little or issued too early, a size query after a
dealloca, an execute skipping its allocas' timepoints, a global pinned or made elsewhere). Here: what the
real output shows, and what the rules must leave alone.

IREE 3.13.0 drops alloca timepoints from an execute's await in `stream_parameter_and_staging`: after
schedule-allocation the execute on @d1 awaits `join(%t, %alloca_t0, %alloca_t1)`, and the canonicalizer's
ChainDependentAwaits (StreamOpFolders.cpp) then replaces that await with the timepoint of the host await
one of its operands came from (`setAwaitTimepoints(newTimepoints)`, which sets, not adds): the execute may
start before the memory of its two allocas is there (StreamOps.td: "execution using this resource must
await on the timepoint").
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from iree.compiler import ir
from iree.compiler.tools import compile_str
from stream_fuzz.oracles import Rule, check_module, check_text
from stream_fuzz.oracles.facts import read_facts
from stream_fuzz.oracles.lifetime import lifetimes_hold
from stream_fuzz.oracles.marks import FREED_THROUGH_ALIAS, HOST_AWAIT_CHAINED
from stream_fuzz.oracles.pinned import pinned_globals_used_in_place

from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.verdict import Judge
from tests import mutants
from tests.conftest import CORPUS
from tests.mutants import walk

STAGING = "stream_parameter_and_staging"


def test_the_pinned_compiler_drops_an_execute_s_alloca_timepoints(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module]
) -> None:
    module = parse(compiled(STAGING))
    violations = check_module(module).violations
    assert {v.rule for v in violations} == {Rule.BEFORE_ALLOCA}
    executes = {v.op for v in violations}
    assert len(executes) == 1 and "on(#hal.device.affinity<@d1>)" in executes.pop()
    flagged = {v.storage for v in violations}
    assert len(flagged) == 2
    # What tells this cause from an empty execute's elision (oracles.marks): the host await moved in.
    assert all(HOST_AWAIT_CHAINED in v.marks for v in violations)
    # The output repaired as schedule-allocation left it (the execute awaits its allocas too): clean.
    execute = next(op for op in walk(module, "stream.cmd.execute") if "@d1" in str(op.attributes["affinity"]))
    allocas = [
        value.owner
        for value in execute.opview.resource_operands
        if not isinstance(value.owner, ir.Block) and value.get_name() in flagged
    ]
    assert {alloca.name for alloca in allocas} == {"stream.resource.alloca"} and len(allocas) == 2
    awaited = execute.opview.await_timepoint
    index = next(i for i, operand in enumerate(execute.operands) if operand == awaited)
    with ir.InsertionPoint(execute), execute.location:
        join = ir.Operation.create(
            "stream.timepoint.join",
            results=[awaited.type],
            operands=[awaited, *(alloca.results[1] for alloca in allocas)],
        )
    execute.operands[index] = join.result
    assert check_module(module).clean


def test_a_dealloca_on_one_branch_does_not_judge_uses_on_the_other(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module]
) -> None:
    """stream_scf_if frees transients inside its branches: a use in the other branch never meets them."""
    module = parse(compiled("stream_scf_if"))
    facts = read_facts(module)
    assert facts.releases, "the program no longer frees anything: the test judges nothing"
    assert not list(lifetimes_hold(facts))


def test_the_pinned_global_rule_knows_where_the_global_lives(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module]
) -> None:
    """The output puts the global's initializer storage on @d0 and @d1 (its reader via the transfer): the
    rule judges the dispatch on @d0 against that, and is silent; the same execute on @d2 is not served."""
    module = parse(compiled("stream_pinned_global_used_on_two_devices"))
    facts = read_facts(module)
    assert facts.immutable_globals == {"g0": None}
    assert [facts.storage(s).devices for s in facts.global_stores["g0"]] == [frozenset({"d0", "d1"})]
    assert not list(pinned_globals_used_in_place(facts))
    execute = next(
        op for op in walk(module, "stream.cmd.execute") if "util.initializer" not in str(op.parent)
    )
    execute.attributes["affinity"] = ir.Attribute.parse("#hal.device.affinity<@d2>", module.context)
    found = list(pinned_globals_used_in_place(read_facts(module)))
    assert [(v.rule, v.consumers, v.uses) for v in found] == [(Rule.PINNED_GLOBAL, ("d2",), ("dispatch:r",))]


# A dealloca of a value that may hold several storages frees each of them (`facts.origins`): an scf.if's
# result, a branch merge, a select. 3.13's AutomaticReferenceCounting deallocates an if result one of whose
# branches yields a resource made above the if and used after it (analyzeIfOp).
ARC_ENTRY = "runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer"
ARC = resolve_pipeline(custom="iree-stream-automatic-reference-counting")
CORRECT = Path(__file__).resolve().parents[1] / "corpus" / "correct_outputs" / "one-pass" / ARC_ENTRY
LIFETIME = Path(__file__).resolve().parent / "lifetime"


def _arc(compiler: InProcessCompiler, text: str) -> str:
    """The pinned compiler's AutomaticReferenceCounting on `text`, alone (the one-pass file's pipeline)."""
    result = compiler.compile(text, ARC)
    assert result.outcome is Outcome.OK, result.summary()
    return result.output or ""


def test_a_dealloca_of_an_if_result_frees_the_live_resource_a_branch_yields(
    compiler: InProcessCompiler, parse: Callable[[str], ir.Module]
) -> None:
    """The entry's one-pass input through the pinned pass: the if result is %slab when %cond holds, and
    the function returns %slab after the dealloca of that result."""
    module = parse(_arc(compiler, (CORPUS / "one-pass" / f"{ARC_ENTRY}.mlir").read_text()))
    violations = check_module(module).violations
    found = [(v.rule, v.op_name, v.uses, v.storage_kind, v.marks) for v in violations]
    assert found == [(Rule.AFTER_DEALLOCA, "util.return", ("return",), "alloca", (FREED_THROUGH_ALIAS,))]
    slab = next(op for op in walk(module, "stream.resource.alloca") if op.parent.name == "util.func")
    assert violations[0].storage == slab.results[0].get_name()  # the slab, not the else branch's own
    [dealloca] = walk(module, "stream.resource.dealloca")
    assert dealloca.opview.operand.owner.name == "scf.if"


def test_the_entry_s_frontend_program_is_flagged_at_its_export_and_its_repair_is_not() -> None:
    """The entry's tensor program through the pinned iree-compile's stream phase: scf.if is a branch merge
    there, deallocated before the export of the returned slab. The repair (the if written as
    arith.select, tests/corpus/repaired/) is clean."""
    text = (CORPUS / f"{ARC_ENTRY}.mlir").read_text()
    violations = check_text(compile_str(text, extra_args=["--compile-to=stream"]).decode()).violations
    found = [(v.rule, v.op_name, v.uses, v.marks) for v in violations]
    assert found == [(Rule.AFTER_DEALLOCA, "stream.tensor.export", ("export",), (FREED_THROUGH_ALIAS,))]
    repaired = (Path(__file__).resolve().parents[1] / "corpus" / "repaired" / f"{ARC_ENTRY}.mlir").read_text()
    assert check_text(compile_str(repaired, extra_args=["--compile-to=stream"]).decode()).clean


def test_correct_outputs_of_the_if_are_not_flagged(
    compiler: InProcessCompiler, parse: Callable[[str], ir.Module]
) -> None:
    """The pinned pass on the same program with the if written as arith.select (no dealloca); 3.10's output
    (before ARC handled scf: no dealloca); and a fix that deallocates the if result in an scf.if on the
    same condition, on the else path only, where it is the branch's own buffer."""
    assert check_module(parse(_arc(compiler, (LIFETIME / "if_as_select.mlir").read_text()))).clean
    for name in ("no-dealloca-3.10.mlir", "dealloca-on-the-else-path.mlir"):
        assert check_module(parse((CORRECT / name).read_text())).clean, name
    module = parse((CORRECT / "dealloca-on-the-else-path.mlir").read_text())
    facts = read_facts(module)
    [release] = facts.releases
    freed = [facts.storage(s).value for s in release.storages]
    assert [value.owner.operation.parent.name for value in freed] == ["scf.if"]  # the branch's own alone


def test_the_same_dealloca_on_the_then_path_is_caught(parse: Callable[[str], ir.Module]) -> None:
    """The fix's dealloca moved to the then path, where the if result is the returned slab: caught, so
    the else path's is clean for where it is, not because a dealloca in a branch is not judged."""
    module = parse((CORRECT / "dealloca-on-the-else-path.mlir").read_text())
    [dealloca] = walk(module, "stream.resource.dealloca")
    chooser = dealloca.parent
    then_yield, else_yield = (list(region.blocks[0].operations)[-1] for region in chooser.regions)
    dealloca.move_before(then_yield)
    then_yield.operands[0] = dealloca.results[0]
    else_yield.operands[0] = dealloca.opview.await_timepoint
    violations = check_module(module).violations
    assert [(v.rule, v.op_name) for v in violations] == [(Rule.AFTER_DEALLOCA, "util.return")]


def test_a_dealloca_of_a_choice_inserted_into_clean_output_is_caught(
    compiler: InProcessCompiler, parse: Callable[[str], ir.Module]
) -> None:
    """The mutant (`mutants.dealloca_a_choice`) on two clean real outputs: the pinned pass's of the
    select form, and 3.10's of the one-pass input (its scf.if kept)."""
    outputs = [_arc(compiler, (LIFETIME / "if_as_select.mlir").read_text())]
    outputs.append((CORRECT / "no-dealloca-3.10.mlir").read_text())
    for text in outputs:
        module = parse(text)
        assert check_module(module).clean
        mutants.dealloca_a_choice(module)
        violations = check_module(module).violations
        found = [(v.rule, v.op_name, v.marks) for v in violations]
        assert found == [(Rule.AFTER_DEALLOCA, "util.return", (FREED_THROUGH_ALIAS,))], text[:80]


def test_a_dealloca_of_a_while_result_frees_its_init(
    compiler: InProcessCompiler, parse: Callable[[str], ir.Module]
) -> None:
    """scf.while's result is what its condition passes on: the init when the loop runs zero times. The
    pinned pass deallocates the result (analyzeWhileOp) also where the init is exported after the loop;
    where it is not, the same dealloca is right."""
    exported = parse(_arc(compiler, (LIFETIME / "while_init_exported_after.mlir").read_text()))
    [dealloca] = walk(exported, "stream.resource.dealloca")
    assert dealloca.opview.operand.owner.name == "scf.while"
    violations = check_module(exported).violations
    found = [(v.rule, v.op_name, v.uses, v.marks) for v in violations]
    assert found == [(Rule.AFTER_DEALLOCA, "stream.tensor.export", ("export",), (FREED_THROUGH_ALIAS,))]
    dropped = parse(_arc(compiler, (LIFETIME / "while_init_dropped_after.mlir").read_text()))
    assert len(walk(dropped, "stream.resource.dealloca")) == 1
    assert check_module(dropped).clean


LIFETIME = Path(__file__).resolve().parent / "lifetime"


def test_a_host_await_in_a_dominating_block_covers_the_alloca(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module]
) -> None:
    """SinkAwaitToFirstConsumer (StreamOpFolders.cpp) moves a host await to the common dominator of its
    users: here the loop header, not the entry block. The body's execute awaits only its own alloca; the
    host waited on the splat's execute (which awaited the splat's alloca) in the header first."""
    module = parse(compiled("stream_await_sunk_into_a_loop_header"))
    function = next(op for op in walk(module, "util.func"))
    entry = function.regions[0].blocks[0]
    body_execute = next(op for op in walk(module, "stream.cmd.execute") if op.block != entry)
    header_awaits = [
        op
        for op in walk(module, "stream.timepoint.await")
        if op.block != entry
        and op.block != body_execute.block
        and op.block in body_execute.block.predecessors
    ]
    assert len(header_awaits) == 1, (
        "the await is no longer sunk into the loop header: the test judges nothing"
    )
    awaited_alloca = header_awaits[0].opview.await_timepoint.owner.opview.await_timepoint.owner.operation
    assert awaited_alloca.name == "stream.resource.alloca" and awaited_alloca.block == entry
    assert not list(lifetimes_hold(read_facts(module)))
    # The same await in the loop's exit block, which does not dominate the body: the body's execute may
    # start before the splat's alloca.
    exit_block = next(b for b in header_awaits[0].block.successors if b != body_execute.block)
    header_awaits[0].move_before(next(iter(exit_block.operations)).operation)
    found = list(lifetimes_hold(read_facts(module)))
    assert [(v.rule, v.op_name) for v in found] == [(Rule.BEFORE_ALLOCA, "stream.cmd.execute")]


def test_the_campaign_program_is_the_resource_config_printer_bug_not_a_lifetime_one(real: Judge) -> None:
    """lifetime-before-alloca-525130c18825 (3.13 campaign, seed 37): the await sunk into a loop header,
    misread as missing; what is left is the module's stream.resources printed with a bool as an integer
    (the output does not re-parse), a known entry."""
    text = (LIFETIME / "campaign_await_sunk_into_a_loop_header.mlir").read_text()
    finding = finding_from(real.judge(text, resolve_pipeline("stream")))
    assert finding is not None and finding.kind == "bad-output"
    attribution = Corpus(CORPUS).attribute(finding)
    assert attribution.entry is not None
    assert attribution.entry.path.stem == "bad-output-resource-config-prints-a-bool-as-an-integer"

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
from stream_fuzz.oracles import Rule, check_module
from stream_fuzz.oracles.facts import read_facts
from stream_fuzz.oracles.lifetime import lifetimes_hold
from stream_fuzz.oracles.marks import HOST_AWAIT_CHAINED
from stream_fuzz.oracles.pinned import pinned_globals_used_in_place

from stream_fuzz.compiler import resolve_pipeline
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.verdict import Judge
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

"""`stream_fuzz.triage.bisect`: pipelines expanded into runnable single passes, and the first failing pass
named.

The step list is checked against the real compiler (stepwise == whole pipeline); fault injection wraps the
real step function so that one chosen pass appears to misplace memory, and bisect must name exactly it.
"""

from __future__ import annotations

import shlex
import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from iree.compiler import ir
from stream_fuzz.oracles import Report, Rule, Violation, check_text

from stream_fuzz.compiler import CompileResult, CompilerInfo, Outcome, resolve_pipeline
from stream_fuzz.judge.verdict import Judge, Verdict
from stream_fuzz.triage.bisect import (
    FIXED_POINT,
    ITERATION_ATTR,
    MODIFIED_ATTR,
    BisectReport,
    FixedPoint,
    OracleSteps,
    Plan,
    Step,
    bisect,
    count_steps,
    expand_pipeline,
    has_module_attr,
    module_attrs,
    set_module_attrs,
    split_top_level,
)
from tests import mutants
from tests.conftest import corpus_witness

PROGRAMS = Path(__file__).resolve().parent.parent / "oracles" / "programs"
NESTED_OPTIMAL = "bad-output-optimal-joinor-nests-members"  # its first witness prints IR that does not parse
STREAM = resolve_pipeline("stream")


def program(name: str) -> str:
    return (PROGRAMS / f"{name}.mlir").read_text()


@pytest.fixture(scope="module")
def judge() -> Iterator[Judge]:
    with Judge(timeout=60) as shared:
        yield shared


@pytest.fixture(scope="module")
def stream_plan() -> Plan:
    return expand_pipeline(STREAM)


def run_all(text: str, plan: Plan, judge: Judge, **kwargs: object) -> BisectReport:
    steps = OracleSteps(judge, text)
    return bisect(text, plan, steps, check_input=steps.check, **kwargs)  # type: ignore[arg-type]


# -- expanding pipelines ------------------------------------------------------------------------------------


def test_allocation_is_one_step() -> None:
    assert expand_pipeline(resolve_pipeline("allocation")) == [
        Step("iree-stream-schedule-allocation", "builtin.module(iree-stream-schedule-allocation)")
    ]


def test_stream_pipeline_expands_adaptors_into_nested_single_passes(stream_plan: Plan) -> None:
    steps = [s for item in stream_plan for s in (item.steps if isinstance(item, FixedPoint) else [item])]
    names = [s.name for s in steps]
    for name in ("iree-stream-schedule-execution", "iree-stream-schedule-concurrency", "canonicalize"):
        assert name in names
    # Function-level passes run on every function-like op, as IREE's FunctionLikeNest does.
    execution = steps[names.index("iree-stream-schedule-execution")]
    assert set(execution.anchors) == {"func.func", "util.func", "util.initializer"}
    assert execution.pipeline.startswith("builtin.module(func.func(iree-stream-schedule-execution),")
    # Scheduling comes before allocation, which comes before the timepoint clean-up loop.
    assert names.index("iree-stream-schedule-concurrency") < names.index("iree-stream-schedule-allocation")
    loops = [item for item in stream_plan if isinstance(item, FixedPoint)]
    assert len(loops) == 2 and "iree-stream-elide-timepoints" in [s.name for s in loops[1].steps]
    assert all("iree-op-pipeline-adaptor" not in s.pipeline for s in steps)  # unregistered: cannot run
    assert all(s.pipeline.startswith("builtin.module(") and s.pipeline.endswith(")") for s in steps)
    assert 100 < count_steps(stream_plan) < 200


def test_custom_pipeline_with_nested_anchor_is_split_per_pass() -> None:
    plan = expand_pipeline("builtin.module(util.func(canonicalize,cse),symbol-dce)")
    assert plan == [
        Step("canonicalize", "builtin.module(util.func(canonicalize))", ("util.func",)),
        Step("cse", "builtin.module(util.func(cse))", ("util.func",)),
        Step("symbol-dce", "builtin.module(symbol-dce)"),
    ]


@pytest.mark.parametrize("name", ["stream_chain_abc", "alloc_fanin"])
def test_steps_one_by_one_give_the_whole_pipelines_output(name: str, judge: Judge) -> None:
    text = program(name)
    plan = expand_pipeline(STREAM, text)  # with the program itself as a second probe
    report = run_all(text, plan, judge, full_pipeline=STREAM)
    assert report.whole is not None and report.whole.result.outcome is Outcome.OK
    assert not report.failed, report.describe()
    assert report.final_output == report.whole.result.output
    assert report.consistent is True
    assert ITERATION_ATTR not in (report.final_output or "")  # the fixed-point loop cleaned up after itself


# -- naming the failing pass ---------------------------------------------------------------------------------


def test_clean_program_reports_no_failing_pass(judge: Judge) -> None:
    report = run_all(program("seed_tp4_fanout"), expand_pipeline(resolve_pipeline("allocation")), judge)
    assert not report.failed and report.failing is None and report.rules == []
    assert report.reproducer("before.mlir") is None
    assert report.final_output is not None and "stream.cmd.execute" in report.final_output


def inject_after(
    index: int, mutate: Callable[[ir.Module], None], steps: OracleSteps
) -> Callable[[str, str], Verdict]:
    """The real step function, except that the output of the `index`-th step run is mutated."""
    context = ir.Context()
    count = 0

    def run(text: str, pipeline: str) -> Verdict:
        nonlocal count
        verdict, count = steps(text, pipeline), count + 1
        if count - 1 != index:
            return verdict
        module = ir.Module.parse(verdict.result.output or "", context)
        mutate(module)
        return steps.check(str(module))

    return run


@pytest.mark.parametrize(
    ("pass_name", "round_"),
    [
        ("iree-stream-emplace-transients", None),  # the pass right after schedule-allocation
        ("iree-stream-elide-timepoints", 0),  # mid-pipeline, inside the fixed-point loop
    ],
)
def test_injected_fault_is_blamed_on_the_pass_it_follows(
    pass_name: str, round_: int | None, judge: Judge, stream_plan: Plan, native_iree_opt: Path, tmp_path: Path
) -> None:
    text = program("seed_tp4_fanout")
    clean = run_all(text, stream_plan, judge)
    assert not clean.failed
    index = next(i for i, (s, _) in enumerate(clean.ran) if s.name == pass_name and s.iteration == round_)

    steps = OracleSteps(judge, text)
    report = bisect(text, stream_plan, inject_after(index, mutants.seed_bug, steps), check_input=steps.check)
    assert report.failed and len(report.ran) == index + 1
    assert report.failing == clean.ran[index][0]
    assert report.kind == "violation"
    assert {"placement/read", "visibility/transfer"} <= set(report.rules)
    # The saved IR is the IR just before the named pass; the command runs exactly that pass.
    assert report.before == clean.ran[index - 1][1].result.output
    before = report.save_before(tmp_path / "before.mlir")
    command = report.reproducer(before, native_iree_opt)
    assert command is not None and "--pass-pipeline='builtin.module(" in command and pass_name in command
    if round_ is not None:
        assert f"{ITERATION_ATTR} = {round_} : index" in before.read_text()
    # Run it: the pass alone reproduces the clean step's output; the fault (only injected) breaks it.
    done = subprocess.run(shlex.split(command), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (clean.ran[index][1].result.output or "").strip()
    assert "placement/read" not in {v.rule.id for v in check_text(done.stdout).violations}
    module = ir.Module.parse(done.stdout, ir.Context())
    mutants.seed_bug(module)
    assert "placement/read" in {v.rule.id for v in check_text(str(module)).violations}


def test_real_compiler_failure_is_named_and_reproduced(
    judge: Judge, stream_plan: Plan, native_iree_opt: Path, tmp_path: Path
) -> None:
    """The pinned compiler prints an optimal affinity it cannot read back (see the program's header)."""
    report = run_all(corpus_witness(NESTED_OPTIMAL), stream_plan, judge, full_pipeline=STREAM)
    assert report.failing is not None and report.failing.name == "iree-stream-schedule-allocation"
    assert report.kind == "bad-output" and report.consistent is True
    command = report.reproducer(report.save_before(tmp_path / "before.mlir"), native_iree_opt)
    assert command is not None
    done = subprocess.run(shlex.split(command), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0  # iree-opt does not verify what it prints...
    with pytest.raises(ir.MLIRError):  # ...and what it printed does not parse
        ir.Module.parse(done.stdout, ir.Context())
    assert check_text(done.stdout).defect  # the oracle reads it only by repairing the defect


def test_program_failing_at_the_first_pass(judge: Judge, tmp_path: Path) -> None:
    text = corpus_witness(NESTED_OPTIMAL)
    plan = expand_pipeline(resolve_pipeline("allocation"))
    report = run_all(text, plan, judge, full_pipeline=resolve_pipeline("allocation"))
    assert len(report.ran) == 1 and report.failing == plan[0]
    assert report.kind == "bad-output" and report.consistent is True
    assert report.before == text  # the input itself, verbatim
    assert report.reproducer(tmp_path / "b.mlir") == (
        f"iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' {tmp_path}/b.mlir"
    )


# -- pure logic --------------------------------------------------------------------------------------------


def fake_verdict(output: str, outcome: Outcome = Outcome.OK, rules: tuple[str, ...] = ()) -> Verdict:
    info = CompilerInfo("fake", "", "fake")
    result = CompileResult(outcome, info, "", 0.0, output=output)
    violations = tuple(Violation(Rule.of(rule), "", "", "", "", (), "") for rule in rules)
    return Verdict(result, Report(violations=violations))


def test_fixed_point_loop_follows_the_iterators_protocol() -> None:
    """Rounds repeat while a pass marks the module modified; markers are removed afterwards."""
    seen: list[tuple[str, str]] = []

    def run(text: str, pipeline: str) -> Verdict:
        seen.append((pipeline, module_attrs(text)))
        if pipeline == "ipo" and f"{ITERATION_ATTR} = 2 : index" not in text:
            text = set_module_attrs(text, {MODIFIED_ATTR: "unit"}, [])
        return fake_verdict(text)

    loop = FixedPoint((Step("canonicalize", "canonicalize"), Step("ipo", "ipo")), max_iterations=10)
    report = bisect("module {\n}\n", [Step("a", "a"), loop, Step("b", "b")], run)
    assert [p for p, _ in seen] == ["a"] + ["canonicalize", "ipo"] * 3 + ["b"]
    assert [s.iteration for s, _ in report.ran] == [None, 0, 0, 1, 1, 2, 2, None]
    assert seen[1][1] == f"{ITERATION_ATTR} = 0 : index"
    assert seen[-1][1] == "" and report.final_output == "module {\n}\n"
    assert FIXED_POINT in report.ran[3][0].label()


def test_crash_in_the_first_step_stops_there() -> None:
    def run(text: str, pipeline: str) -> Verdict:
        return fake_verdict("", Outcome.CRASH)

    report = bisect("input", [Step("a", "a"), Step("b", "b")], run)
    assert report.failing == Step("a", "a") and report.kind == "crash" and report.before == "input"
    assert report.rules == [] and report.final_output is None


def test_baseline_rules_of_the_input_are_not_blamed_on_a_pass() -> None:
    def run(text: str, pipeline: str) -> Verdict:
        extra = ("wave/race",) if pipeline == "c" else ()
        return fake_verdict(text + pipeline, rules=("placement/read", *extra))

    plan: Plan = [Step("a", "a"), Step("b", "b"), Step("c", "c")]
    report = bisect("x", plan, run, check_input=lambda text: fake_verdict(text, rules=("placement/read",)))
    assert report.failing == Step("c", "c") and report.rules == ["wave/race"] and report.before == "xab"


def test_a_rule_asked_for_passes_over_earlier_passes_that_break_others() -> None:
    """`until_rule`: b breaks wave/race first, d then breaks placement/read: asked for placement/read,
    bisect names d and says it passed over b (once, though c and d still break wave/race); asked for
    nothing, it names b. A crash before the rule shows still stops the search there."""

    def run(text: str, pipeline: str) -> Verdict:
        text += pipeline
        rules = ("wave/race",) * ("b" in text) + ("placement/read",) * ("d" in text)
        return fake_verdict(text, rules=rules)

    plan: Plan = [Step("a", "a"), Step("b", "b"), Step("c", "c"), Step("d", "d"), Step("e", "e")]
    assert bisect("x", plan, run).failing == Step("b", "b")
    report = bisect("x", plan, run, until_rule="placement/read")
    assert report.failing == Step("d", "d") and report.before == "xabc" and report.kind == "violation"
    assert report.passed_over == [(Step("b", "b"), ["wave/race"])]
    assert "placement/read" in report.rules and len(report.ran) == 4

    def crashing(text: str, pipeline: str) -> Verdict:
        return fake_verdict("", Outcome.CRASH) if pipeline == "c" else run(text, pipeline)

    stopped = bisect("x", plan, crashing, until_rule="placement/read")
    assert stopped.failing == Step("c", "c") and stopped.kind == "crash"
    assert "cannot go past it" in stopped.describe()
    never = bisect("x", plan, run, until_rule="visibility/transfer")
    assert not never.failed and never.final_output == "xabcde"
    assert "no pass breaks visibility/transfer" in never.describe()


def test_module_attribute_edits() -> None:
    """Through the bindings: attributes of the top-level module added and dropped, the rest kept."""
    text = "module attributes {a.b = 1 : i32} {\n  util.global private @d : !hal.device\n}\n"
    marked = set_module_attrs(text, {ITERATION_ATTR: "3 : index"}, [])
    assert module_attrs(marked) == f"a.b = 1 : i32, {ITERATION_ATTR} = 3 : index"
    assert has_module_attr(marked, ITERATION_ATTR) and not has_module_attr(marked, MODIFIED_ATTR)
    cleared = set_module_attrs(marked, {}, [ITERATION_ATTR, MODIFIED_ATTR])
    assert module_attrs(cleared) == "a.b = 1 : i32" and "util.global private @d" in cleared
    implicit = set_module_attrs("util.global private @d : !hal.device\n", {"a.x": "unit"}, [])
    assert implicit.startswith("module attributes {a.x} {\n")


def test_split_top_level_respects_brackets() -> None:
    items = split_top_level("a,b{x=1,y=f(2,3)},c(d,e{z=[1,2]}), ")
    assert items == ["a", "b{x=1,y=f(2,3)}", "c(d,e{z=[1,2]})"]

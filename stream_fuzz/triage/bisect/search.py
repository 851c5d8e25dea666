"""Run a plan step by step on a program and stop at the first step whose output breaks a rule or fails.

`bisect` is pure logic over a step function `(text, pipeline) -> Verdict`, so tests can wrap the real
compiler (e.g. inject a fault after one pass). The search is linear: each step needs the one before it,
and a pass costs about a millisecond, so there is nothing to gain from halving.
"""

from __future__ import annotations

import shlex
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from stream_fuzz.compiler import Outcome
from stream_fuzz.compiler.pass_plan import FixedPoint, Plan, Step
from stream_fuzz.judge.verdict import Judge, Verdict

from .fixed_point import ITERATION_ATTR, MODIFIED_ATTR, has_module_attr, set_module_attrs

RunStep = Callable[[str, str], Verdict]


@dataclass
class BisectReport:
    plan: Plan
    ran: list[tuple[Step, Verdict]] = field(default_factory=list)  # every step run, in order
    failed: bool = False  # the last step in `ran` is the first failing one
    before: str = ""  # the IR the failing step ran on (the input itself for the first step)
    baseline_rules: frozenset[str] = frozenset()  # rules the input already violated (not blamed on a pass)
    whole: Verdict | None = None  # the whole pipeline in one run, when asked for (a cross-check)
    final_output: str | None = None  # the last step's output when every step passed
    target: str | None = None  # the rule searched for (`bisect(until_rule=...)`); None: any failure
    # With a target: steps whose readable output newly broke other rules, passed over (step, rule ids).
    passed_over: list[tuple[Step, list[str]]] = field(default_factory=list)

    @property
    def failing(self) -> Step | None:
        return self.ran[-1][0] if self.failed else None

    @property
    def verdict(self) -> Verdict | None:
        """The failing step's verdict."""
        return self.ran[-1][1] if self.failed else None

    @property
    def kind(self) -> str | None:
        """ "violation", or the compiler outcome ("diagnostic", "crash", "timeout", "bad-output")."""
        verdict = self.verdict
        if verdict is None:
            return None
        outcome = verdict.result.outcome
        return "violation" if outcome is Outcome.OK else outcome.value

    @property
    def rules(self) -> list[str]:
        """Rule ids the failing step newly violates, sorted."""
        verdict = self.verdict
        if verdict is None:
            return []
        return sorted({v.rule.id for v in verdict.violations} - self.baseline_rules)

    @property
    def consistent(self) -> bool | None:
        """Do the steps agree with the whole pipeline run at once? None when not cross-checked.

        Both fail, or both pass with the same output IR. A disagreement means the expansion into steps
        is not faithful for this program (or the compiler is nondeterministic): say so to the user.
        """
        if self.whole is None:
            return None
        whole_fails = _fails(self.whole, self.baseline_rules)
        if self.failed or whole_fails:
            return self.failed and whole_fails
        return self.whole.result.output == self.final_output

    def reproducer(self, before_path: str | Path, iree_opt: str | Path = "iree-opt") -> str | None:
        """One shell line running the failing pass on the saved before-IR."""
        step = self.failing
        if step is None:
            return None
        return (
            f"{shlex.quote(str(iree_opt))} --pass-pipeline={shlex.quote(step.pipeline)} "
            f"{shlex.quote(str(before_path))}"
        )

    def save_before(self, path: str | Path) -> Path:
        path = Path(path)
        path.write_text(self.before)
        return path

    def describe(self) -> str:
        """One line for humans."""
        step, verdict = self.failing, self.verdict
        if step is None or verdict is None:
            wanted = f" breaks {self.target}" if self.target else " fails"
            return f"no pass{wanted} in {len(self.ran)} steps run"
        where = f"step {len(self.ran)}: {step.label()}"
        if self.kind == "violation":
            return f"{where} -> violates {', '.join(self.rules)}"
        stopped = f" (the search for {self.target} cannot go past it)" if self.target else ""
        return f"{where} -> {verdict.result.summary()}{stopped}"


def _fails(verdict: Verdict, baseline: frozenset[str]) -> bool:
    if verdict.result.outcome is not Outcome.OK:
        return True
    return any(v.rule.id not in baseline for v in verdict.violations)


def bisect(
    text: str,
    plan: Sequence[Step | FixedPoint],
    run_step: RunStep,
    *,
    check_input: Callable[[str], Verdict] | None = None,
    full_pipeline: str | None = None,
    until_rule: str | None = None,
) -> BisectReport:
    """Run the plan's steps in order on `text`; stop at the first whose verdict fails.

    A step fails when the compiler does not return OK or the output violates a rule the input did not
    already violate (`check_input` reads the input's own violations; without it none are assumed).
    With `until_rule`, only that rule's violation, or an output the next step cannot take (the compiler
    failed), stops the search: a step that newly breaks another rule is passed over (`passed_over`), so
    an earlier, unrelated misplacement does not hide the pass that breaks the rule asked about.
    `full_pipeline`, when given, is also run whole on `text` for `BisectReport.consistent`.
    """
    report = BisectReport(list(plan), target=until_rule)
    if check_input is not None:
        baseline = check_input(text)
        if baseline.result.outcome is Outcome.OK:
            report.baseline_rules = frozenset(v.rule.id for v in baseline.violations)
    if full_pipeline is not None:
        report.whole = run_step(text, full_pipeline)

    passed: set[str] = set()  # other rules already passed over (each is named once, where it begins)

    def stops(step: Step, verdict: Verdict) -> bool:
        if until_rule is None or verdict.result.outcome is not Outcome.OK:
            return _fails(verdict, report.baseline_rules)
        broken = {v.rule.id for v in verdict.violations} - report.baseline_rules
        if until_rule in broken:
            return True
        if broken - passed:
            report.passed_over.append((step, sorted(broken - passed)))
            passed.update(broken)
        return False

    def run(step: Step, current: str) -> str | None:
        verdict = run_step(current, step.pipeline)
        report.ran.append((step, verdict))
        if stops(step, verdict):
            report.failed, report.before = True, current
            return None
        return verdict.result.output or ""

    current = text
    for item in report.plan:
        if isinstance(item, Step):
            output = run(item, current)
            if output is None:
                return report
            current = output
            continue
        for iteration in range(item.max_iterations):
            current = set_module_attrs(current, {ITERATION_ATTR: f"{iteration} : index"}, [MODIFIED_ATTR])
            for step in item.steps:
                output = run(Step(step.name, step.pipeline, step.anchors, iteration), current)
                if output is None:
                    return report
                current = output
            if not has_module_attr(current, MODIFIED_ATTR):
                break
        current = set_module_attrs(current, {}, [ITERATION_ATTR, MODIFIED_ATTR])
    report.final_output = current
    return report


# Rules that compare the program with fully lowered output, meaningless while async ops remain.
LOWERED_ONLY_RULES = frozenset({"visibility/transfer"})


class OracleSteps:
    """The default step function: one `Judge` (one worker, one MLIR context) for every step.

    The oracle reads what the program asked for (its transfers) from the module it is given; for a step
    that is the previous step's output, whose transfers may already be lowered. So each output is judged
    against the original `program`, and rules in `LOWERED_ONLY_RULES` are left out while the output still
    holds `stream.async` ops (its transfers are not yet lowered; nothing can have been made visible).
    """

    def __init__(self, judge: Judge, program: str) -> None:
        self.judge, self.program = judge, program

    def __call__(self, text: str, pipeline: str) -> Verdict:
        verdict = self.judge.judge(text, pipeline)
        if verdict.result.outcome is not Outcome.OK:
            return verdict
        checked = self.check(verdict.result.output or "")
        return verdict.amended(violations=checked.violations, unknown=checked.unknown)

    def check(self, text: str) -> Verdict:
        """Judge IR as it stands (no pass runs) against the original program."""
        verdict = self.judge.check_output(text, self.program)
        if "stream.async." in text:
            kept = tuple(v for v in verdict.violations if v.rule.id not in LOWERED_ONLY_RULES)
            verdict = verdict.amended(violations=kept)
        return verdict

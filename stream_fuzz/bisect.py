"""Find the first pass of a pipeline after which the oracle fails, and a one-line reproducer for it.

    plan = expand_pipeline(resolve_pipeline("stream"), program_text)   # runnable one-pass pipelines
    with Judge() as judge:                                             # one worker for all steps
        steps = OracleSteps(judge, program_text)
        report = bisect(program_text, plan, steps, check_input=steps.check)
    report.failing, report.rules, report.reproducer("before.mlir")

`bisect` is pure logic over a step function `(text, pipeline) -> Verdict`, so tests can wrap the real
compiler (e.g. inject a fault after one pass). It runs the steps in order, each on the previous step's
output, and stops at the first one whose output breaks a rule or that fails (diagnostic, crash, timeout,
output that does not re-parse). The search is linear: each step needs the one before it, and a pass
costs about a millisecond, so there is nothing to gain from halving.

Expanding a pipeline. `iree-opt --dump-pass-pipeline` prints the top-level passes with their options,
but IREE groups function-level passes (canonicalize, cse, schedule-execution, ...) in an unregistered
`iree-op-pipeline-adaptor` pass whose contents it does not print and which cannot be parsed back. So the
pipeline is also run once with `--mlir-print-ir-before-all` on a small probe module (and on the program
itself) and the pass headers, with the op each one ran on, are aligned with the dumped top-level list:
each adaptor becomes one step per nested pass, written as ordinary nests
(`builtin.module(func.func(cse),util.func(cse),util.initializer(cse))`). A fixed-point iterator becomes
a `FixedPoint` loop of such steps, run by `bisect` with the iterator's own module-attribute protocol: the
iterator named in a textual pipeline silently does nothing in 3.13.0 (docs/bisect.md). Options equal to
a pass's defaults are dropped so reproducer lines stay short.
"""

from __future__ import annotations

import contextlib
import re
import shlex
import subprocess
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from stream_fuzz.compiler import Outcome
from stream_fuzz.judge import Judge, Verdict

ADAPTOR = "iree-op-pipeline-adaptor"
FIXED_POINT = "iree-util-fixed-point-iterator"
MODULE = "builtin.module"

# Every function-like op kind IREE's FunctionLikeNest visits, kept alive through the whole stream
# pipeline (a public mutable global whose initializer calls an external function cannot be folded away),
# so that each adaptor shows its passes for all of them.
PROBE = """\
util.global public mutable @probe_global : index
util.func private @probe_external() -> index
util.initializer {
  %value = util.call @probe_external() : () -> index
  util.global.store %value, @probe_global : index
  util.return
}
util.func public @probe_util_func(%arg0: index) -> index {
  util.return %arg0 : index
}
func.func @probe_func_func(%arg0: index) -> index {
  return %arg0 : index
}
"""

RunStep = Callable[[str, str], Verdict]

# The fixed-point iterator's protocol: it marks the module with the iteration number, and passes that
# changed something (fold-globals, fuse-globals, ipo, elide-timepoints) mark it modified.
ITERATION_ATTR = "iree.fixedpoint.iteration"
MODIFIED_ATTR = "iree.fixedpoint.modified"


class BisectError(ValueError):
    """The pipeline could not be expanded into steps (bad pipeline, compiler missing or failing)."""


@dataclass(frozen=True)
class Step:
    """One runnable pipeline: a single pass (maybe nested on several function-like ops)."""

    name: str  # the pass, e.g. "iree-stream-schedule-allocation" or "canonicalize"
    pipeline: str  # a full `builtin.module(...)` string, runnable on its own
    anchors: tuple[str, ...] = ()  # the ops a nested pass runs on; () for a module pass
    iteration: int | None = None  # inside a fixed-point loop: which round (0-based), set when run

    def label(self) -> str:
        text = self.name
        if self.anchors:
            text += f" (on {', '.join(self.anchors)})"
        if self.iteration is not None:
            text += f" [{FIXED_POINT} round {self.iteration + 1}]"
        return text


@dataclass(frozen=True)
class FixedPoint:
    """`iree-util-fixed-point-iterator`: its steps, repeated until no pass marks the module modified.

    Run as a loop of single steps because the iterator named in a textual pipeline does nothing in
    iree-base-compiler 3.13.0 (see docs/bisect.md); the loop follows the iterator's own protocol.
    """

    steps: tuple[Step, ...]
    max_iterations: int = 10
    name: str = FIXED_POINT


Plan = list[Step | FixedPoint]


def count_steps(plan: Sequence[Step | FixedPoint]) -> int:
    """Passes in a plan, counting a fixed-point loop's body once."""
    return sum(len(item.steps) if isinstance(item, FixedPoint) else 1 for item in plan)


@dataclass
class BisectReport:
    plan: Plan
    ran: list[tuple[Step, Verdict]] = field(default_factory=list)  # every step run, in order
    failed: bool = False  # the last step in `ran` is the first failing one
    before: str = ""  # the IR the failing step ran on (the input itself for the first step)
    baseline_rules: frozenset[str] = frozenset()  # rules the input already violated (not blamed on a pass)
    whole: Verdict | None = None  # the whole pipeline in one run, when asked for (a cross-check)
    final_output: str | None = None  # the last step's output when every step passed

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
            return f"no failing pass in {len(self.ran)} steps run"
        where = f"step {len(self.ran)}: {step.label()}"
        if self.kind == "violation":
            return f"{where} -> violates {', '.join(self.rules)}"
        return f"{where} -> {verdict.result.summary()}"


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
) -> BisectReport:
    """Run the plan's steps in order on `text`; stop at the first whose verdict fails.

    A step fails when the compiler does not return OK or the output violates a rule the input did not
    already violate (`check_input` reads the input's own violations; without it none are assumed).
    `full_pipeline`, when given, is also run whole on `text` for `BisectReport.consistent`.
    """
    report = BisectReport(list(plan))
    if check_input is not None:
        baseline = check_input(text)
        if baseline.result.outcome is Outcome.OK:
            report.baseline_rules = frozenset(v.rule.id for v in baseline.violations)
    if full_pipeline is not None:
        report.whole = run_step(text, full_pipeline)

    def run(step: Step, current: str) -> str | None:
        verdict = run_step(current, step.pipeline)
        report.ran.append((step, verdict))
        if _fails(verdict, report.baseline_rules):
            report.failed, report.before = True, current
            return None
        return verdict.result.output or ""

    current: str | None = text
    for item in report.plan:
        if isinstance(item, Step):
            current = run(item, current)
        else:
            for iteration in range(item.max_iterations):
                current = set_module_attrs(current, {ITERATION_ATTR: f"{iteration} : index"}, [MODIFIED_ATTR])
                for step in item.steps:
                    current = run(Step(step.name, step.pipeline, step.anchors, iteration), current)
                    if current is None:
                        return report
                if MODIFIED_ATTR not in module_attrs(current):
                    break
            current = set_module_attrs(current, {}, [ITERATION_ATTR, MODIFIED_ATTR])
        if current is None:
            return report
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
        return replace(verdict, violations=checked.violations, unknown=checked.unknown)

    def check(self, text: str) -> Verdict:
        """Judge IR as it stands (no pass runs) against the original program."""
        verdict = self.judge.check_output(text, self.program)
        if "stream.async." in text:
            kept = tuple(v for v in verdict.violations if v.rule.id not in LOWERED_ONLY_RULES)
            verdict = replace(verdict, violations=kept)
        return verdict


# -- module attributes in printed IR ----------------------------------------------------------------------

_MODULE_LINE = re.compile(r"^module(?P<name> @\S+)?(?: attributes \{(?P<attrs>.*)\})? \{$", re.M)


def module_attrs(text: str) -> str:
    """The attribute dictionary of the printed top-level module, as text ("" when it has none)."""
    match = _MODULE_LINE.search(text)
    return (match["attrs"] or "") if match else ""


def set_module_attrs(text: str, add: dict[str, str], remove: Sequence[str]) -> str:
    """Add `name = value` attributes to the top-level module and drop the named ones (text edit)."""
    match = _MODULE_LINE.search(text)
    if match is None:  # a module given implicitly (top-level ops only): make it explicit
        if not add:
            return text
        text = "module {\n" + text + "\n}\n"
        match = _MODULE_LINE.search(text)
        assert match is not None
    attrs = match["attrs"] or ""
    for name in [*remove, *add]:
        attrs = re.sub(rf"(^|, ){re.escape(name)}( = [^,]*)?(?=, |$)", "", attrs).removeprefix(", ")
    attrs = ", ".join([*(f"{k} = {v}" for k, v in add.items()), *([attrs] if attrs else [])])
    line = "module" + (match["name"] or "") + (f" attributes {{{attrs}}}" if attrs else "") + " {"
    return text[: match.start()] + line + text[match.end() :]


# -- pipeline text ------------------------------------------------------------------------------------


def split_top_level(text: str) -> list[str]:
    """Split `a,b{x=1,y=2},c(d,e)` at the commas outside (), {} and []."""
    items, depth, start = [], 0, 0
    for i, char in enumerate(text):
        if char in "({[":
            depth += 1
        elif char in ")}]":
            depth -= 1
        elif char == "," and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    tail = text[start:].strip()
    if tail:
        items.append(tail)
    return [item for item in items if item]


def unwrap(pipeline: str, anchor: str = MODULE) -> str:
    """`builtin.module(a,b)` -> `a,b`."""
    pipeline = pipeline.strip()
    if not (pipeline.startswith(anchor + "(") and pipeline.endswith(")")):
        raise BisectError(f"not a {anchor}(...) pipeline: {pipeline[:80]!r}")
    return pipeline[len(anchor) + 1 : -1]


def pass_name(item: str) -> str:
    """`canonicalize{max-iterations=10}` -> `canonicalize`; `stream.executable(x)` -> `stream.executable`."""
    return re.split(r"[{(]", item, maxsplit=1)[0].strip()


def is_nest(item: str) -> bool:
    """An op-anchored nest like `stream.executable(...)` rather than a pass (with or without options)."""
    name = pass_name(item)
    return item[len(name) :].lstrip().startswith("(")


def _nest_inner(item: str) -> str:
    return unwrap(item, pass_name(item))


# -- running the compiler to learn the pipeline ----------------------------------------------------------

_HEADER = re.compile(r"^// -----// IR Dump Before (?P<body>.*) //----- //$")


@dataclass(frozen=True)
class _Header:
    item: str  # the pass with its options, as printed
    anchor: str  # the kind of op it ran on
    instance: str = ""  # which op of that kind (its symbol, when the dump shows one)

    @property
    def name(self) -> str:
        return pass_name(self.item)


def _headers(stderr: str) -> list[_Header]:
    lines = stderr.splitlines()
    headers = []
    for i, line in enumerate(lines):
        match = _HEADER.match(line.strip())
        if not match:
            continue
        body = match["body"]
        # Newer LLVM: `ClassName: arg{options}`; older: `Name (arg) ('op' operation...)`.
        old = re.match(r"^\S+ \((?P<arg>[^)]+)\) \('(?P<op>[^']+)' operation", body)
        if old:
            headers.append(_Header(old["arg"], old["op"], body))
            continue
        item = body.split(": ", 1)[1] if ": " in body else body
        following = lines[i + 1].strip() if i + 1 < len(lines) else ""
        first = following.split(" ", 1)[0].strip('"')
        symbol = re.search(r"@[^\s(:]+", following)
        anchor = MODULE if first in ("module", MODULE) else first
        headers.append(_Header(item.strip(), anchor, symbol[0] if symbol else ""))
    return headers


def _run_opt(iree_opt: Path, args: list[str], text: str, timeout: float) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(
            [str(iree_opt), *args, "-", "-o", "/dev/null"],
            input=text,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        raise BisectError(f"{iree_opt}: {error}") from error


def _dumped_items(stderr: str) -> list[str] | None:
    """The top-level items from `--dump-pass-pipeline` (printed one per line under a heading)."""
    lines = stderr.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("Pass Manager with"):
            body = []
            for rest in lines[i + 1 :]:
                if _HEADER.match(rest.strip()) or not rest.strip():
                    break
                body.append(rest.strip())
            return split_top_level(unwrap("".join(body)))
    return None


@dataclass
class _Adaptor:
    passes: dict[str, list[str]]  # anchor op -> its nested pass items, in order


@dataclass
class _FixedPoint:
    item: str
    inner: list  # expanded inner items


def _skip_nested(headers: list[_Header], pos: int) -> tuple[list[_Header], int]:
    start = pos
    while pos < len(headers) and headers[pos].anchor != MODULE:
        pos += 1
    return headers[start:pos], pos


def _per_anchor(nested: list[_Header]) -> dict[str, list[str]]:
    """The passes an adaptor ran on the first op of each kind. With threading off it runs one op's whole
    sub-pipeline, then the next op's, so a change of op starts a new run."""
    passes: dict[str, list[str]] = {}
    done: set[str] = set()
    previous: tuple[str, str] | None = None
    for header in nested:
        key = (header.anchor, header.instance)
        if previous is not None and key != previous:
            done.add(previous[0])
        previous = key
        if header.anchor not in done:
            passes.setdefault(header.anchor, []).append(header.item)
    return passes


def _align(items: list[str], headers: list[_Header], pos: int) -> tuple[list, int]:
    """Match the top-level `items` to the run's headers; returns the expanded items and the new position."""
    expanded: list = []
    for item in items:
        if is_nest(item):  # a real nest: runnable as printed; its headers (if any) are nested ones
            expanded.append(item)
            _, pos = _skip_nested(headers, pos)
            continue
        name = pass_name(item)
        if pos >= len(headers) or headers[pos].name != name or headers[pos].anchor != MODULE:
            seen = headers[pos].item if pos < len(headers) else "the end of the run"
            raise BisectError(f"cannot align pipeline: expected {name}, the compiler ran {seen}")
        pos += 1
        if name == ADAPTOR:
            nested, pos = _skip_nested(headers, pos)
            expanded.append(_Adaptor(_per_anchor(nested)))
        elif name == FIXED_POINT:
            inner_items = split_top_level(unwrap(_option(item, "pipeline") or ""))
            inner, pos = _align(inner_items, headers, pos)
            # Later iterations repeat the inner pipeline; skip them.
            while (
                inner_items
                and pos < len(headers)
                and headers[pos].anchor == MODULE
                and headers[pos].name == pass_name(inner_items[0])
            ):
                _, pos = _align(inner_items, headers, pos)
            expanded.append(_FixedPoint(item, inner))
        else:
            _, pos = _skip_nested(headers, pos)  # e.g. the inliner's own canonicalize runs
            expanded.append(item)
    return expanded, pos


def _option(item: str, key: str) -> str | None:
    """The value of `key=` in a pass's `{...}` options (values may hold nested brackets)."""
    options = item[len(pass_name(item)) :].strip()
    if not options.startswith("{"):
        return None
    body, depth, start = options[1:-1], 0, 0
    for i, char in enumerate(body + " "):
        if char in "({[":
            depth += 1
        elif char in ")}]":
            depth -= 1
        elif char == " " and depth == 0:
            name, _, value = body[start:i].partition("=")
            if name == key:
                return value
            start = i + 1
    return None


def _merge(runs: list[list]) -> list:
    """Union the adaptor contents seen in several aligned runs of the same pipeline."""
    base = runs[0]
    for other in runs[1:]:
        for mine, theirs in zip(base, other, strict=True):
            if isinstance(mine, _Adaptor):
                for anchor, passes in theirs.passes.items():
                    mine.passes.setdefault(anchor, passes)
            elif isinstance(mine, _FixedPoint):
                _merge([mine.inner, theirs.inner])
    return base


def _family(expanded: list) -> set[str]:
    """Function-like anchors: ones that some adaptor gave exactly the same passes."""
    family: set[str] = set()
    for element in expanded:
        if isinstance(element, _Adaptor) and len(element.passes) > 1:
            lists = list(element.passes.values())
            if all(passes == lists[0] for passes in lists):
                family |= set(element.passes)
        elif isinstance(element, _FixedPoint):
            family |= _family(element.inner)
    return family


def _widen(expanded: list, family: set[str]) -> None:
    """An adaptor that ran the same passes on every op it saw, all of them function-like, is a
    FunctionLikeNest: give the same passes to the function-like ops the probe no longer had by then."""
    for element in expanded:
        if isinstance(element, _Adaptor) and element.passes and set(element.passes) <= family:
            lists = list(element.passes.values())
            if all(passes == lists[0] for passes in lists):
                for anchor in sorted(family):
                    element.passes.setdefault(anchor, list(lists[0]))
        elif isinstance(element, _FixedPoint):
            _widen(element.inner, family)


def _nested_text(adaptor: _Adaptor) -> list[str]:
    return [f"{anchor}({','.join(passes)})" for anchor, passes in sorted(adaptor.passes.items()) if passes]


def _wrap(body: str) -> str:
    return f"{MODULE}({body})"


def _to_plan(expanded: list) -> Plan:
    plan: Plan = []
    for element in expanded:
        if isinstance(element, _Adaptor):
            lists = list(element.passes.values())
            anchors = tuple(sorted(element.passes))
            if not lists:
                continue  # ran on nothing in any probe: no op to run it on
            if all(len(passes) == len(lists[0]) for passes in lists) and all(
                pass_name(a) == pass_name(b)
                for passes in lists
                for a, b in zip(passes, lists[0], strict=True)
            ):
                for k, item in enumerate(lists[0]):
                    body = ",".join(f"{anchor}({element.passes[anchor][k]})" for anchor in anchors)
                    plan.append(Step(pass_name(item), _wrap(body), anchors))
            else:  # different passes per op kind: keep the group whole
                plan.append(Step(ADAPTOR, _wrap(",".join(_nested_text(element))), anchors))
        elif isinstance(element, _FixedPoint):
            inner = _to_plan(element.inner)
            if any(isinstance(step, FixedPoint) for step in inner):
                raise BisectError("nested fixed-point iterators are not supported (IREE rejects them too)")
            maximum = int(_option(element.item, "max-iterations") or 10)
            plan.append(FixedPoint(tuple(s for s in inner if isinstance(s, Step)), maximum))
        elif is_nest(element):
            anchor = pass_name(element)
            for item in split_top_level(_nest_inner(element)):
                plan.append(Step(pass_name(item), _wrap(f"{anchor}({item})"), (anchor,)))
        else:
            plan.append(Step(pass_name(element), _wrap(element)))
    return plan


def _flat(plan: Plan) -> list[Step]:
    return [step for item in plan for step in (item.steps if isinstance(item, FixedPoint) else [item])]


def _default_options(iree_opt: Path, steps: list[Step], timeout: float) -> dict[str, str]:
    """pass name -> how the compiler prints it with no options given (its defaults)."""
    by_anchor: dict[str, set[str]] = {}
    for step in steps:
        anchor = step.anchors[0] if step.anchors else MODULE
        by_anchor.setdefault(anchor, set()).update(pass_name(item) for item in _leaf_items(step))
    defaults: dict[str, str] = {}
    for anchor, names in sorted(by_anchor.items()):
        body = ",".join(sorted(names))
        pipeline = _wrap(body if anchor == MODULE else f"{anchor}({body})")
        done = _run_opt(iree_opt, [f"--pass-pipeline={pipeline}", "--dump-pass-pipeline"], "", timeout)
        items = _dumped_items(done.stderr) if done.returncode == 0 else None
        for item in items or []:  # a group that does not parse keeps its options as printed
            for leaf in split_top_level(_nest_inner(item)) if is_nest(item) else [item]:
                defaults[pass_name(leaf)] = leaf
    return defaults


def _leaf_items(step: Step) -> list[str]:
    leaves = []
    for item in split_top_level(unwrap(step.pipeline)):
        leaves.extend(split_top_level(_nest_inner(item)) if is_nest(item) else [item])
    return leaves


def _strip_defaults(step: Step, defaults: dict[str, str]) -> Step:
    pipeline = step.pipeline
    for name, printed in defaults.items():
        if printed != name:
            pipeline = pipeline.replace(printed, name)
    return Step(step.name, pipeline, step.anchors)


def expand_pipeline(
    pipeline: str,
    text: str | None = None,
    iree_opt: str | Path | None = None,
    timeout: float = 60.0,
) -> Plan:
    """The ordered single-pass steps of `pipeline` (a `builtin.module(...)` string).

    `iree_opt` is the compiler to ask (default: the native `iree-opt` in the pinned wheel); `text`, the
    program to be bisected, is also run once so that adaptor passes on ops the probe lacks are seen.
    Raises `BisectError` when the pipeline does not parse or cannot be matched to a run.
    """
    binary = Path(iree_opt) if iree_opt else wheel_iree_opt()
    done = _run_opt(binary, [f"--pass-pipeline={pipeline}", "--dump-pass-pipeline"], "", timeout)
    items = _dumped_items(done.stderr)
    if done.returncode != 0 or items is None:
        errors = [line.strip() for line in done.stderr.splitlines() if "error:" in line]
        detail = errors[-1].rsplit("error: ", 1)[-1] if errors else done.stderr.strip()[-200:]
        raise BisectError(f"the compiler rejects the pipeline {pipeline!r}: {detail}")
    expanded: list = items
    if any(pass_name(item) in (ADAPTOR, FIXED_POINT) for item in items):
        args = [f"--pass-pipeline={pipeline}", "--mlir-print-ir-before-all", "--mlir-disable-threading"]
        runs = [_align(items, _headers(_run_opt(binary, args, PROBE, timeout).stderr), 0)[0]]
        if text is not None:
            # The program may well fail or hang part way (it is being bisected): then the probe only.
            with contextlib.suppress(BisectError):
                runs.append(_align(items, _headers(_run_opt(binary, args, text, timeout).stderr), 0)[0])
        expanded = _merge(runs)
        _widen(expanded, _family(expanded))
    plan = _to_plan(expanded)
    defaults = _default_options(binary, _flat(plan), timeout)
    return [
        FixedPoint(tuple(_strip_defaults(s, defaults) for s in item.steps), item.max_iterations)
        if isinstance(item, FixedPoint)
        else _strip_defaults(item, defaults)
        for item in plan
    ]


def wheel_iree_opt() -> Path:
    """The native `iree-opt` inside the pinned `iree-base-compiler` wheel (same build as the bindings)."""
    import iree.compiler

    path = Path(iree.compiler.__file__).parent / "_mlir_libs" / "iree-opt"
    if not path.exists():
        raise BisectError(f"the installed iree-base-compiler has no native iree-opt at {path}")
    return path

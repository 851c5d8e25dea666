"""Expand a pipeline into runnable single-pass steps, by asking the compiler what it runs.

`iree-opt --dump-pass-pipeline` prints the top-level passes with their options, but IREE groups
function-level passes (canonicalize, cse, schedule-execution, ...) in an unregistered
`iree-op-pipeline-adaptor` pass whose contents it does not print and which cannot be parsed back. So the
pipeline is also run once with `--mlir-print-ir-before-all` on a small probe module (and on the program
itself) and the pass headers, with the op each one ran on, are aligned with the dumped top-level list:
each adaptor becomes one step per nested pass, written as ordinary nests
(`builtin.module(func.func(cse),util.func(cse),util.initializer(cse))`). A fixed-point iterator becomes
a `FixedPoint` loop of such steps (the iterator named in a textual pipeline silently does nothing in
3.13.0, see docs/bisect.md). Options equal to a pass's defaults are dropped so reproducer lines stay
short. The compiler is run through the driver (`SubprocessCompiler.run_tool`).
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from pathlib import Path

from .pass_plan import ADAPTOR, FIXED_POINT, MODULE, BisectError, FixedPoint, Plan, Step
from .pipeline_text import is_nest, nest_inner, option, pass_name, split_top_level, unwrap, wrap
from .result import DEFAULT_TIMEOUT_S, IR_DUMP_BEFORE
from .subprocess_backend import CompilerNotFound, SubprocessCompiler, native_iree_opt

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


# -- running the compiler to learn the pipeline ----------------------------------------------------------

_HEADER = IR_DUMP_BEFORE


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
        # Newer LLVM: `ClassName: arg{options}`; older: `Name (arg) ('op' operation...)`, or `Name (arg)`
        # alone for a pass on the module (then the op is read off the next line, as for the newer form).
        old = re.match(r"^\S+ \((?P<arg>[^)]+)\)(?: \('(?P<op>[^']+)' operation)?", body)
        if old and old["op"]:
            headers.append(_Header(old["arg"], old["op"], body))
            continue
        item = old["arg"] if old else body.split(": ", 1)[1] if ": " in body else body
        following = lines[i + 1].strip() if i + 1 < len(lines) else ""
        first = following.split(" ", 1)[0].strip('"')
        symbol = re.search(r"@[^\s(:]+", following)
        anchor = MODULE if first in ("module", MODULE) else first
        headers.append(_Header(item.strip(), anchor, symbol[0] if symbol else ""))
    return headers


def _run_opt(compiler: SubprocessCompiler, args: list[str], text: str) -> tuple[int, str]:
    """(exit status, stderr) of the compiler on `text` with `args`; a hang or a missing binary is an error."""
    code, _, stderr = compiler.run_tool([*args, "-", "-o", "/dev/null"], text)
    if code is None:
        raise BisectError(f"{compiler.binary} did not finish within {compiler.timeout:g} s: {stderr[-200:]}")
    return code, stderr


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
            inner_items = split_top_level(unwrap(option(item, "pipeline") or ""))
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
                    plan.append(Step(pass_name(item), wrap(body), anchors))
            else:  # different passes per op kind: keep the group whole
                plan.append(Step(ADAPTOR, wrap(",".join(_nested_text(element))), anchors))
        elif isinstance(element, _FixedPoint):
            inner = _to_plan(element.inner)
            if any(isinstance(step, FixedPoint) for step in inner):
                raise BisectError("nested fixed-point iterators are not supported (IREE rejects them too)")
            maximum = int(option(element.item, "max-iterations") or 10)
            plan.append(FixedPoint(tuple(s for s in inner if isinstance(s, Step)), maximum))
        elif is_nest(element):
            anchor = pass_name(element)
            for item in split_top_level(nest_inner(element)):
                plan.append(Step(pass_name(item), wrap(f"{anchor}({item})"), (anchor,)))
        else:
            plan.append(Step(pass_name(element), wrap(element)))
    return plan


def _flat(plan: Plan) -> list[Step]:
    return [step for item in plan for step in (item.steps if isinstance(item, FixedPoint) else [item])]


def _default_options(compiler: SubprocessCompiler, steps: list[Step]) -> dict[str, str]:
    """pass name -> how the compiler prints it with no options given (its defaults)."""
    by_anchor: dict[str, set[str]] = {}
    for step in steps:
        anchor = step.anchors[0] if step.anchors else MODULE
        by_anchor.setdefault(anchor, set()).update(pass_name(item) for item in _leaf_items(step))
    defaults: dict[str, str] = {}
    for anchor, names in sorted(by_anchor.items()):
        body = ",".join(sorted(names))
        pipeline = wrap(body if anchor == MODULE else f"{anchor}({body})")
        code, stderr = _run_opt(compiler, [f"--pass-pipeline={pipeline}", "--dump-pass-pipeline"], "")
        items = _dumped_items(stderr) if code == 0 else None
        for item in items or []:  # a group that does not parse keeps its options as printed
            for leaf in split_top_level(nest_inner(item)) if is_nest(item) else [item]:
                defaults[pass_name(leaf)] = leaf
    return defaults


def _leaf_items(step: Step) -> list[str]:
    leaves = []
    for item in split_top_level(unwrap(step.pipeline)):
        leaves.extend(split_top_level(nest_inner(item)) if is_nest(item) else [item])
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
    timeout: float = DEFAULT_TIMEOUT_S,
) -> Plan:
    """The ordered single-pass steps of `pipeline` (a `builtin.module(...)` string).

    `iree_opt` is the compiler to ask (default: the native `iree-opt` in the pinned wheel); `text`, the
    program to be bisected, is also run once so that adaptor passes on ops the probe lacks are seen.
    Raises `BisectError` when the pipeline does not parse or cannot be matched to a run.
    """
    try:
        compiler = SubprocessCompiler(str(iree_opt or native_iree_opt()), timeout=timeout)
    except CompilerNotFound as error:
        raise BisectError(str(error)) from error
    code, stderr = _run_opt(compiler, [f"--pass-pipeline={pipeline}", "--dump-pass-pipeline"], "")
    items = _dumped_items(stderr)
    if code != 0 or items is None:
        errors = [line.strip() for line in stderr.splitlines() if "error:" in line]
        detail = errors[-1].rsplit("error: ", 1)[-1] if errors else stderr.strip()[-200:]
        raise BisectError(f"the compiler rejects the pipeline {pipeline!r}: {detail}")
    expanded: list = items
    if any(pass_name(item) in (ADAPTOR, FIXED_POINT) for item in items):
        args = [f"--pass-pipeline={pipeline}", "--mlir-print-ir-before-all", "--mlir-disable-threading"]
        runs = [_align(items, _headers(_run_opt(compiler, args, PROBE)[1]), 0)[0]]
        if text is not None:
            # The program may well fail or hang part way (it is being bisected): then the probe only.
            with contextlib.suppress(BisectError):
                runs.append(_align(items, _headers(_run_opt(compiler, args, text)[1]), 0)[0])
        expanded = _merge(runs)
        _widen(expanded, _family(expanded))
    plan = _to_plan(expanded)
    defaults = _default_options(compiler, _flat(plan))
    return [
        FixedPoint(tuple(_strip_defaults(s, defaults) for s in item.steps), item.max_iterations)
        if isinstance(item, FixedPoint)
        else _strip_defaults(item, defaults)
        for item in plan
    ]

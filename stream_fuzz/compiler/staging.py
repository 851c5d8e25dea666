"""The stream pipeline in stages, so that the oracle can read the IR between two of its passes.

The pinned compiler's `iree-stream-transformation-pipeline` is its three registered stages in a row
(`pipelines.STREAM_STAGES`). The middle one, the async stage, holds no fixed-point loop, so it runs faithfully
as its passes one at a time (the bisector's expansion, `compiler.expand.expand_pipeline`). The worker
runs the head, lets the oracle read the module, then runs the tail: the output is the whole pipeline's.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from .pipelines import STREAM_STAGES


class StagingError(RuntimeError):
    """The pipeline could not be split as asked (a pass missing from this release, say)."""


@dataclass(frozen=True)
class Stage:
    label: str  # for humans and signatures, e.g. "canonicalize after iree-stream-elide-async-copies"
    pipeline: str  # a full `builtin.module(...)` string


@dataclass(frozen=True)
class Staging:
    head: tuple[Stage, ...]  # run before the oracle looks
    tail: tuple[Stage, ...]  # run after
    watch_from: int  # the first head stage after which what the oracle checks must hold


def stage_stream_pipeline(watch_after: str, look_before: str, iree_opt: str | None = None) -> Staging:
    """Split the stream pipeline just before the async pass `look_before`; the check holds from the
    pass `watch_after` on (both pass arguments, e.g. iree-stream-materialize-copy-on-write). The passes
    are those of `iree_opt`'s async stage (default: the pinned compiler's)."""
    from .expand import expand_pipeline
    from .pass_plan import BisectError, Step

    try:
        plan = expand_pipeline(STREAM_STAGES[1], iree_opt=iree_opt)
    except BisectError as error:
        raise StagingError(str(error)) from error
    steps = [item for item in plan if isinstance(item, Step)]
    names = [step.name for step in steps]
    if len(steps) != len(plan) or watch_after not in names or look_before not in names:
        raise StagingError(f"the async stage has no {watch_after} before {look_before} as single passes")
    first, stop = names.index(watch_after), names.index(look_before)
    stages = [Stage(label, step.pipeline) for label, step in zip(_labels(names), steps, strict=True)]
    return Staging(
        head=(Stage("the tensor stage", _tensor_stage(iree_opt)), *stages[:stop]),
        tail=(*stages[stop:], Stage("the cmd and optimization stages", STREAM_STAGES[2])),
        watch_from=1 + first,
    )


def _tensor_stage(iree_opt: str | None) -> str:
    """The pinned tensor stage, or for a release that lacks its leading verifier (3.4 and older), the
    registered tensor pipeline alone."""
    if iree_opt is None:
        return STREAM_STAGES[0]
    from .pipelines import UnknownPipeline
    from .subprocess_backend import SubprocessCompiler

    try:
        SubprocessCompiler(iree_opt).check_pipeline(STREAM_STAGES[0])
    except UnknownPipeline:
        return "builtin.module(iree-stream-tensor-transformation-pipeline)"
    return STREAM_STAGES[0]


def _labels(names: list[str]) -> list[str]:
    """Each pass's name, told apart from its namesakes by the pass before it and then by its rank:
    `canonicalize after iree-stream-elide-async-copies (2nd)`. Stabler than an index across releases."""
    counts = Counter(names)
    labels = [
        name if counts[name] == 1 or i == 0 else f"{name} after {names[i - 1]}"
        for i, name in enumerate(names)
    ]
    seen: Counter[str] = Counter()
    ranked = []
    label_counts = Counter(labels)
    for label in labels:
        seen[label] += 1
        rank = seen[label]
        ranked.append(label if label_counts[label] == 1 else f"{label} ({_ordinal(rank)})")
    return ranked


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")

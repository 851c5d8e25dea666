"""A bisection plan: the single-pass steps a pipeline is run as, and fixed-point loops of them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

ADAPTOR = "iree-op-pipeline-adaptor"
FIXED_POINT = "iree-util-fixed-point-iterator"
MODULE = "builtin.module"


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

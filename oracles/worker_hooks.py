"""The oracle as run inside the compiler worker (`Judge` names it as the worker's analyze hook).

`before` reads the program's intent from the input module (before the pipeline changes it in place);
`midway` reads the async IR in the middle of the stream pipeline; `checkpoint` runs IREE's own checkers
where they apply (`checkers.py`); `after` checks the compiled module
against both; `read` parses another compiler's printed output. What `after` returns crosses the pipe as
it is (a frozen `Report`).
"""

from __future__ import annotations

from iree.compiler import ir

from .check import Midway, Report, check_module
from .checkers import Checked, InProcess, unreadable
from .clobber import Clobber, clobbered_reads
from .intent import Intent, read_intent
from .sanitize import read_compiled

# The worker runs the stream pipeline in stages and calls `midway` on the async IR before this pass's
# second name; what it checks holds from the first one on (see clobber.py). The window spans the whole
# async stage, scheduling included: partitioning into executes and waves moves ops, and a read moved past
# an in-place write is the same wrong data as one a fold moves.
MIDWAY = ("iree-stream-materialize-copy-on-write", "iree-stream-verify-lowering-to-async")


def before(module: ir.Module) -> Intent:
    return read_intent(module)


def midway(module: ir.Module) -> tuple[Clobber, ...]:
    return tuple(clobbered_reads(module))


_checkers: list[InProcess] = []  # the worker's one context's pass managers


def checkpoint(point: str, module: ir.Module, source: str, readable: bool = True) -> Checked:
    """IREE's own checkers of `point` (`checkers.POINTS`) on `module`, compiled from the text `source`.
    Not `readable` (its printed form does not parse): skipped, as for an external compiler's output."""
    if not readable:
        return unreadable(point)
    if not _checkers or _checkers[0].context is not module.context:
        _checkers[:] = [InProcess(module.context)]
    return _checkers[0].check(point, module, source)


def after(
    module: ir.Module,
    intent: Intent | None,
    defect: str = "",
    midway: Midway | None = None,
    checked: Checked | None = None,
) -> dict[str, Report]:
    return {"oracle": check_module(module, intent, defect, midway, checked)}


def read(text: str, context: ir.Context) -> tuple[ir.Module, str]:
    reading = read_compiled(text, context)
    return reading.module, reading.defect

"""The oracle as run inside the compiler worker (`Judge` gives `Oracle` to the worker as its analyzer).

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


class Oracle:
    """The judge's analyzer (`stream_fuzz.compiler.analyzer.Analyzer`), built once in each worker."""

    midway_window: tuple[str, str] | None = MIDWAY

    def __init__(self) -> None:
        self._checkers: InProcess | None = None  # the worker's one context's pass managers

    def before(self, module: ir.Module) -> Intent:
        return read_intent(module)

    def midway(self, module: ir.Module) -> tuple[Clobber, ...]:
        return tuple(clobbered_reads(module))

    def checkpoint(self, point: str, module: ir.Module, source: str, readable: bool = True) -> Checked:
        """IREE's own checkers of `point` (`checkers.POINTS`) on `module`, compiled from the text `source`.
        Not `readable` (its printed form does not parse): skipped, as for an external compiler's output."""
        if not readable:
            return unreadable(point)
        if self._checkers is None or self._checkers.context is not module.context:
            self._checkers = InProcess(module.context)
        return self._checkers.check(point, module, source)

    def after(
        self,
        module: ir.Module,
        intent: Intent | None,
        defect: str = "",
        midway: Midway | None = None,
        checked: Checked | None = None,
    ) -> Report:
        return check_module(module, intent, defect, midway, checked)

    def read(self, text: str, context: ir.Context) -> tuple[ir.Module, str]:
        reading = read_compiled(text, context)
        return reading.module, reading.defect

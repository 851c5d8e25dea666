"""What the in-process compiler worker runs around each compile: an `Analyzer`.

The judge's is the oracle (`oracles.worker_hooks.Oracle`); tests use smaller ones. The worker process
builds it from the class it is given (`InProcessCompiler(analyzer=...)`: the class crosses to the spawned
process by reference, so a misspelt one is an ImportError in the parent, not a crash of every compile).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:  # the parent needs no MLIR bindings to name an analyzer
    from stream_fuzz.oracles import Report
    from stream_fuzz.oracles.check import Midway
    from stream_fuzz.oracles.checkers import Checked


class Analyzer(Protocol):
    # (from pass, before pass): the stream pipeline runs in stages and `midway` reads the async IR before
    # the second pass; None runs every pipeline whole.
    midway_window: tuple[str, str] | None

    def before(self, module: Any) -> Any:
        """What the program asks for, read from the input module before the pipeline rewrites it."""
        ...

    def midway(self, module: Any) -> tuple[Any, ...]:
        """What is wrong in the IR at the midway window (empty: nothing)."""
        ...

    def checkpoint(self, point: str, module: Any, source: str, readable: bool) -> Checked | None:
        """IREE's own checkers of `point` on `module` (None: this analyzer runs none)."""
        ...

    def after(
        self, module: Any, intent: Any, defect: str, midway: Midway | None, checked: Checked | None
    ) -> Report:
        """The report on the compiled `module`, given `before`'s result and what was found on the way."""
        ...

    def read(self, text: str, context: Any) -> tuple[Any, str]:
        """Another compiler's printed output as a module, and the print defect repaired to read it."""
        ...

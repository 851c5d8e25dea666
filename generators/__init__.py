"""Hypothesis strategies for multi-device IREE stream programs, valid by construction.

    from stream_fuzz.generators import programs, print_program, features, label_and_target

    @given(programs("l2"))
    def test_placement(program):
        label_and_target(program)
        text = print_program(program)            # MLIR text for iree-base-compiler 3.13
        ... compile with the pipeline named by program.pipeline, check program.expectations ...

`programs(level="l2", *, target=(3, 13), max_devices=8, max_depth=4, size=None, odds=())` draws a
`Program` (`size`: about that many tokens, one op or marker each, for big programs; by default ~25;
`odds`: (switch, chance of being on) pairs for swarm switches that are not a fair coin):

- ``level="l1"``: flat async IR. Ops carry `on(...)` affinities, `scf.for` loops carry resources,
  `scf.if` branches and private function calls appear; compile it with
  ``builtin.module(iree-stream-transformation-pipeline)`` (``program.pipeline == "stream"``).
- ``level="l2"``: pre-scheduled IR. `stream.async.execute` regions on different devices, chained
  with ``await(%t) =>``, holding `stream.async.concurrent` waves nested up to `max_depth` deep,
  with transfers between devices inside them; compile it with
  ``builtin.module(iree-stream-schedule-allocation)`` (``program.pipeline == "allocation"``).

Between 2 and `max_devices` devices are declared as ``util.global private @dN : !hal.device``.
Every value records the devices it may live on (one, or the members of an optimal transfer target).
Each value that leaves the program is exported on such a device or reaches
``util.optimization_barrier {fuzz.expect = #hal.device.affinity<@dN>}`` (an array of affinities when
several devices will do); ``program.expectations`` maps its SSA name in the printed text to them.

`target` is the compiler release the printed text must parse with (3.1 and later): constructs a
release lacks (`#hal.device.optimal` < 3.5, `stream.async.barrier` < 3.2, `stream.topology` < 3.11,
`stream.async.transfer on(...)` < 3.12) are not drawn, and `print_program(p, target)` leaves them out
of text for older releases.

Each example enables a random subset of features (swarm testing), so rare combinations appear.
Programs are built from lists of loose op specs that refer to earlier values by position counting
back from the newest, so Hypothesis shrinks failures by deleting ops and regions. Known compiler
bugs that would make valid programs fail to compile are steered around (in `builder.py` and
`avoid.py`, each marked "Known compiler bug" and reproduced by an entry in corpus/).

Call `label_and_target(program)` inside a test body to record `features(program)` with
`hypothesis.event` and steer generation toward larger, more nested, more cross-device programs with
`hypothesis.target`.
"""

from __future__ import annotations

from hypothesis import strategies as st

from .features import features, label_and_target
from .model import Program
from .printer import print_program
from .strategies import Odds, programs_impl

__all__ = ["Odds", "Program", "features", "label_and_target", "print_program", "programs"]


def programs(
    level: str = "l2",
    *,
    target: tuple[int, int] = (3, 13),
    max_devices: int = 8,
    max_depth: int = 4,
    size: int | None = None,
    odds: Odds = (),
) -> st.SearchStrategy[Program]:
    """Strategy for valid multi-device stream programs; see the module docstring."""
    return programs_impl(level, target, max_devices, max_depth, size, odds)

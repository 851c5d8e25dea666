"""Hypothesis strategies over program specs (see `generators.programs` for the overview)."""

from __future__ import annotations

from hypothesis import strategies as st

from generators import model as m
from generators.builder import build
from generators.specs import OPS, ProgramSpec

# Swarm switches: each example turns a random subset on, so rare combinations get their turn.
# `splat` and `transfer` are always on: they make values and move them.
SWITCHES = {
    "l2": (*OPS[2:], "dispatch_tied", "waves", "nested_waves", "cross_capture", "optimal",
           "transfer_from", "transfer_on", "topology", "import", "export"),
    "l1": (*OPS[2:], "dispatch_tied", "cross_device", "optimal", "transfer_from", "transfer_on",
           "topology", "import", "export", "for", "if", "call"),
}
# Syntax gate of switches that print constructs some releases cannot parse.
GATED = {"barrier": "async_barrier", "optimal": "optimal", "topology": "topology",
         "transfer_on": "transfer_on"}
TOKEN = st.integers(0, 2**32 - 1)
# Lists of chunks: Hypothesis lists average ~5 elements, chunks of chunks ~25 tokens, and a whole
# chunk can be deleted in one shrink step.
TOKENS = st.lists(st.lists(TOKEN, min_size=1, max_size=16), min_size=1, max_size=8)


@st.composite
def program_specs(draw: st.DrawFn, level: str = "l2", target: tuple[int, int] = (3, 13),
                  max_devices: int = 8, max_depth: int = 4) -> ProgramSpec:
    if level not in SWITCHES:
        raise ValueError(f"level must be 'l1' or 'l2', not {level!r}")
    n = draw(st.integers(2, max(2, max_devices)))
    promise_mask = draw(st.integers(0, 2**n - 1))
    names = SWITCHES[level]
    # One coin per switch. (A single integer mask was cheaper but Hypothesis biases big integers
    # toward small ones, so the high bits were set in as few as 4% of examples, not 50%.)
    # Each coin shrinks to "off" on its own.
    switches = frozenset(
        s for s in names
        if draw(st.booleans()) and (s not in GATED or m.supports(target, GATED[s]))
    )
    tokens = tuple(t for chunk in draw(TOKENS) for t in chunk)
    return ProgramSpec(level, n, promise_mask, switches, tokens, max_depth)


def programs_impl(level: str, target: tuple[int, int], max_devices: int,
                  max_depth: int) -> st.SearchStrategy[m.Program]:
    return program_specs(level, tuple(target), max_devices, max_depth).map(build)

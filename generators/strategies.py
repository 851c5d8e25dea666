"""Hypothesis strategies over program specs (see `generators.programs` for the overview)."""

from __future__ import annotations

from hypothesis import strategies as st

from . import model as m
from .builder import build
from .specs import OPS, ProgramSpec

# Swarm switches: each example turns a random subset on, so rare combinations get their turn.
# `splat` and `transfer` are always on: they make values and move them.
# Not drawn: default affinities (`stream.affinity` on the module or a function) in place of `on(...)`.
# An op without an affinity is a wildcard to the partitioner (AffinityAttr::areCompatible), and
# iree-stream-conversion strips function affinities: they steer tensor ops, which are L3's business.
# Nor one device named both `promise` and `affinity` in one program: it meets two known bugs in most
# programs that do it (corpus/bad-output-optimal-joinor-nests-members.mlir, where a promise joined with an
# affinity of one device nests, and corpus/invalid-program-partition-joins-queues-of-one-device.mlir).
CONFIGS = ("queues", "resource_config", "partitioning_config")
# The switch of the shapes of issue 26 (`generators.shapes`), last so that the switches before it keep their
# coins: both levels' switch bytes had room for one more (L1's now has none), so a program drawn with it off
# is as before.
NEW_SHAPES = {"l2": ("wide",), "l1": ("wide",)}
SWITCHES = {
    # Constants are L1's: at L2 a resource of `constant` lifetime would need its own transfers.
    "l2": (
        *(k for k in OPS[2:] if k not in ("constant", "select")),
        "dispatch_tied",
        "nested_waves",
        "cross_capture",
        "optimal",
        "transfer_from",
        "transfer_on",
        "topology",
        "import",
        "export",
        "return",
        *CONFIGS,
        *NEW_SHAPES["l2"],
    ),
    "l1": (
        *OPS[2:],
        "dispatch_tied",
        "cross_device",
        "optimal",
        "transfer_from",
        "transfer_on",
        "topology",
        "import",
        "export",
        "return",
        "for",
        "if",
        "call",
        "global",
        "parameter",
        "staging",
        "while",
        "cf",
        *CONFIGS,
        *NEW_SHAPES["l1"],
    ),
}
# Syntax gate of switches that print constructs some releases cannot parse.
GATED = {
    "barrier": "async_barrier",
    "optimal": "optimal",
    "topology": "topology",
    "transfer_on": "transfer_on",
    "parameter": "parameter",
}
TOKEN = st.integers(0, 2**32 - 1)
# Lists of chunks: Hypothesis lists average ~5 elements, chunks of chunks ~25 tokens, and a whole
# chunk can be deleted in one shrink step.
CHUNK = st.lists(TOKEN, min_size=1, max_size=16)
TOKENS = st.lists(CHUNK, min_size=1, max_size=8)
# A switch's chance of being on, where it is less than the fair coin's: (switch, chance <= 0.5) pairs, set
# by a campaign steering away from known bugs (`stream_fuzz.campaign.steering`). Empty: every switch a
# fair coin.
Odds = tuple[tuple[str, float], ...]


def tokens_of_size(size: int | None) -> st.SearchStrategy[list[list[int]]]:
    """Chunks for programs of about `size` tokens (a chunk averages ~8), or the default small ones."""
    if size is None:
        return TOKENS
    return st.lists(CHUNK, min_size=max(1, size // 8), max_size=max(1, size // 4))


@st.composite
def program_specs(
    draw: st.DrawFn,
    level: str = "l2",
    target: tuple[int, int] = (3, 13),
    max_devices: int = 8,
    max_depth: int = 4,
    size: int | None = None,
    odds: Odds = (),
) -> ProgramSpec:
    if level not in SWITCHES:
        raise ValueError(f"level must be 'l1' or 'l2', not {level!r}")
    n = draw(st.integers(2, max(2, max_devices)))
    promise_mask = draw(st.integers(0, 2**n - 1))
    names = SWITCHES[level]
    on = _draw_switches(draw, names, odds)
    switches = frozenset(s for s in on if s not in GATED or m.supports(target, GATED[s]))
    if "wide" in switches:  # as many devices as allowed (8 by default), where values spread over 3+
        n = max(n, max_devices)
    config_bits = int.from_bytes(draw(st.binary(min_size=4, max_size=4)))
    queue_bits = int.from_bytes(draw(st.binary(min_size=2, max_size=2)))
    tokens = tuple(t for chunk in draw(tokens_of_size(size)) for t in chunk)
    return ProgramSpec(level, n, promise_mask, switches, tokens, max_depth, config_bits, queue_bits, target)


def _draw_switches(draw: st.DrawFn, names: tuple[str, ...], odds: Odds) -> list[str]:
    """The switches that are on: a fair coin each, as the bits of a few drawn bytes (a boolean per switch
    cost 0.3 ms a program; an integer mask does not work: Hypothesis biases big integers toward small
    ones, so its high bits were set in as few as 4% of examples). Bytes shrink toward zero, that is,
    toward "everything off". A switch with odds p < 0.5 then keeps its coin's "on" only when a byte of its
    own is at least 256 * (1 - 2p): one more draw, only when odds are given, shrinking toward "off" too."""
    width = (len(names) + 7) // 8
    bits = int.from_bytes(draw(st.binary(min_size=width, max_size=width)))
    on = [s for i, s in enumerate(names) if bits >> i & 1]
    thinned = [(s, p) for s, p in odds if s in names]
    if not thinned:
        return on
    if any(not 0 <= p <= 0.5 for _, p in thinned):
        raise ValueError(f"switch odds must be between 0 and 0.5 (a fair coin, thinned): {odds}")
    keep = draw(st.binary(min_size=len(thinned), max_size=len(thinned)))
    dropped = {s for (s, p), byte in zip(thinned, keep, strict=True) if byte < 256 * (1 - 2 * p)}
    return [s for s in on if s not in dropped]


def programs_impl(
    level: str,
    target: tuple[int, int],
    max_devices: int,
    max_depth: int,
    size: int | None = None,
    odds: Odds = (),
) -> st.SearchStrategy[m.Program]:
    return program_specs(level, (target[0], target[1]), max_devices, max_depth, size, odds).map(build)

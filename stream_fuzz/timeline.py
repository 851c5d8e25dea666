"""A campaign's time series, kept cheaply: what the HTML report and the JSON draw curves from.

Counters (programs per level, seconds generating, compiling, checking, shrinking) are sampled at most once
a second (`SAMPLE_S`) as increments into one-second buckets keyed by the wall clock, so the timelines of
worker processes (and of machines) merge by adding buckets. Signatures and labels are kept as the time
each was first met, so distinct counts merge exactly (the earliest time wins) instead of being summed.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol


class Stats(Protocol):
    """What a timeline reads of the campaign's `Stats` (named here so the fleet can use timelines without
    importing the campaign)."""

    @property
    def programs(self) -> Mapping[str, int]: ...
    @property
    def timing(self) -> Mapping[str, float]: ...
    @property
    def shrink_s(self) -> Mapping[str, float]: ...
    @property
    def findings(self) -> Mapping[str, object]: ...
    @property
    def behaviour(self) -> Mapping[str, Mapping[str, int]]: ...


SAMPLE_S = 1.0
# The time split the report draws: the campaign's own timing keys, and shrinking (summed over levels).
TIME_KEYS = ("generate_s", "compile_s", "oracle_s", "shrink_s")


def _snapshot(stats: Stats) -> dict[str, float]:
    counts: dict[str, float] = {f"programs:{level}": float(n) for level, n in stats.programs.items()}
    for name in TIME_KEYS[:-1]:
        counts[name] = stats.timing[name]
    counts["shrink_s"] = sum(stats.shrink_s.values())
    return counts


@dataclass
class Timeline:
    """Mutable while a campaign runs (like `Stats`, which holds it); `as_json` is what leaves it."""

    # Wall-clock second -> increments of each counter during it.
    buckets: dict[int, dict[str, float]] = field(default_factory=dict)
    signatures: dict[str, float] = field(default_factory=dict)  # signature -> wall-clock time first met
    inputs: dict[str, float] = field(default_factory=dict)  # generator feature label -> first met
    outputs: dict[str, float] = field(default_factory=dict)  # "<level>:<output label>" -> first met

    def __post_init__(self) -> None:
        self._last_sample = 0.0
        self._last: dict[str, float] = {}
        self._outputs_seen = 0

    def tick(self, stats: Stats, inputs: Iterable[str] = (), force: bool = False) -> None:
        """After each program: note what is new; at most once a second, add the counters' increments."""
        now = time.time()
        for label in inputs:
            self.inputs.setdefault(label, now)
        if len(stats.findings) != len(self.signatures):
            for signature in list(stats.findings):  # a copy: the fleet's thread may add to it
                self.signatures.setdefault(signature, now)
        outputs = sum(len(seen) for seen in stats.behaviour.values())
        if outputs != self._outputs_seen:
            self._outputs_seen = outputs
            for level, seen in stats.behaviour.items():
                for label in list(seen):
                    self.outputs.setdefault(f"{level}:{label}", now)
        if not force and now - self._last_sample < SAMPLE_S:
            return
        self._last_sample = now
        counts = _snapshot(stats)
        bucket = self.buckets.setdefault(int(now), {})
        for name, value in counts.items():
            step = value - self._last.get(name, 0.0)
            if step:
                bucket[name] = bucket.get(name, 0.0) + step
        self._last = counts

    def merge(self, other: Timeline) -> None:
        for second, counts in other.buckets.items():
            mine = self.buckets.setdefault(second, {})
            for name, value in counts.items():
                mine[name] = mine.get(name, 0.0) + value
        for own, theirs in (
            (self.signatures, other.signatures),
            (self.inputs, other.inputs),
            (self.outputs, other.outputs),
        ):
            for name, at in theirs.items():
                own[name] = min(own.get(name, at), at)

    def as_json(self, origin: float | None = None) -> dict[str, Any]:
        """Times in seconds from `origin` (the run's start; default: the first bucket or sighting)."""
        times = [*self.buckets, *self.signatures.values(), *self.inputs.values(), *self.outputs.values()]
        start = origin if origin is not None else (min(times) if times else 0.0)

        def since(firsts: Mapping[str, float]) -> dict[str, float]:
            return {name: round(max(at - start, 0.0), 2) for name, at in sorted(firsts.items())}

        return {
            "origin": round(start, 3),
            "step_s": SAMPLE_S,
            # [seconds from origin, {counter: increment}], in order: a sparse series (quiet seconds left out)
            "samples": [
                [max(second - int(start), 0), {k: round(v, 4) for k, v in sorted(counts.items())}]
                for second, counts in sorted(self.buckets.items())
                if counts
            ],
            "signatures": since(self.signatures),
            "inputs": since(self.inputs),
            "outputs": since(self.outputs),
        }

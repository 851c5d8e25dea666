"""How often a generator draws each feature: issue 26's bar for a new shape (drawn in one program in twenty
of its level) checked on a fixed sample, the same every run."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as with_seed
from hypothesis.strategies import SearchStrategy

MIN_SHARE = 0.05


def feature_shares(
    strategy: SearchStrategy[Any],
    features_of: Callable[[Any], Iterable[str]],
    labels: Iterable[str],
    examples: int,
    seed: int | None = None,
) -> dict[str, float]:
    """Each label's share of `examples` drawn programs. Derandomized, or drawn from `seed` where a test
    means to count what `stream-fuzz stats --seed N` counts."""
    counts: Counter[str] = Counter()
    drawn = 0

    def draw(program: Any) -> None:
        nonlocal drawn
        drawn += 1
        counts.update(set(features_of(program)))

    run = settings(
        max_examples=examples,
        derandomize=seed is None,
        phases=[Phase.generate],
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )(given(strategy)(draw))
    if seed is not None:
        run = with_seed(seed)(run)
    run()
    return {label: counts[label] / drawn for label in labels}

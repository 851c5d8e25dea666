"""Workers' stats merge into one campaign's: every per-level count adds up level by level."""

from __future__ import annotations

from collections import Counter

from stream_fuzz.campaign.tally import Stats


def _worker(level: str, seconds: float, label: str) -> Stats:
    stats = Stats()
    stats.programs[level] = 10
    stats.level_s[level] = seconds
    stats.shrink_s[level] = seconds / 4
    stats.behaviour[level] = Counter({label: 3})
    return stats


def test_level_times_and_behaviour_add_up_per_level() -> None:
    # Both merged with steering on (which once swallowed these lines into its own loop: every level's
    # time went to the last level, once per steered level).
    total = _worker("l1", 8.0, "out_copy")
    total.steered = {"l1": {"copy": 0.5}}
    other = _worker("l2", 4.0, "out_wave")
    other.steered = {"l1": {"copy": 0.4}, "l2": {"optimal": 0.3}}
    total.merge(other)
    total.merge(_worker("l1", 2.0, "out_copy"))
    assert total.programs == {"l1": 20, "l2": 10, "l3": 0}
    assert total.level_s == {"l1": 10.0, "l2": 4.0, "l3": 0.0}
    assert total.shrink_s == {"l1": 2.5, "l2": 1.0, "l3": 0.0}
    assert total.behaviour == {
        "l1": Counter({"out_copy": 6}),
        "l2": Counter({"out_wave": 3}),
        "l3": Counter(),
    }

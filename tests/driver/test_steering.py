"""Steering away from known bugs: the odds it learns, the generator honouring them (shrinking included),
and the known-hit share a campaign reports."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, find, given, settings
from stream_fuzz.generators import Program, programs
from stream_fuzz.generators.strategies import SWITCHES

from stream_fuzz.campaign.loop import Campaign
from stream_fuzz.campaign.steering import FAIR, FLOOR, MIN_PROGRAMS, Steering, Tally
from stream_fuzz.campaign.tally import Stats
from stream_fuzz.cli.main import main
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.findings import Finding
from stream_fuzz.judge.verdict import Judge

PROJECT_CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def _observe(steering: Steering, switch: str, on: int, on_known: int, off: int, off_known: int) -> None:
    for i in range(on):
        steering.observe("l1", frozenset({switch}), i < on_known)
    for i in range(off):
        steering.observe("l1", frozenset(), i < off_known)


def test_a_switch_whose_programs_hit_known_entries_is_drawn_less() -> None:
    steering = Steering(dict(SWITCHES))
    _observe(steering, "copy", on=100, on_known=60, off=100, off_known=20)
    odds = dict(steering.odds("l1"))
    # Known share 61/102 on, 21/102 off: 0.5 * (41/102) / (81/102).
    assert abs(odds["copy"] - 0.5 * 41 / 81) < 0.001
    # Every other switch was off in all 200 programs: never on, so no evidence against it.
    assert set(odds) == {"copy"}
    assert steering.odds("l2") == ()


def test_odds_stay_fair_without_evidence_and_never_fall_below_the_floor() -> None:
    assert Tally(on=MIN_PROGRAMS - 1, on_known=MIN_PROGRAMS - 1, off=100).chance() == FAIR
    assert Tally(on=100, on_known=10, off=100, off_known=50).chance() == FAIR  # it lowers the share
    assert Tally(on=100, on_known=35, off=100, off_known=25).chance() == FAIR  # by less than LIFT
    assert Tally(on=1000, on_known=1000, off=1000, off_known=0).chance() == FLOOR


def test_steering_does_not_reach_switches_of_another_level() -> None:
    steering = Steering(dict(SWITCHES))
    for _ in range(50):
        steering.observe("l3", frozenset({"copy"}), True)  # L3 has no swarm switches
    assert steering.odds("l3") == ()


# Derandomized: a statistical check of the generator must not fail one run in a few hundred by chance.
_SEEN: list[frozenset[str]] = []


@settings(max_examples=400, database=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(programs("l1", odds=(("copy", FLOOR), ("fill", 0.25))))
def _draw_with_odds(program: Program) -> None:
    _SEEN.append(program.switches)


def test_odds_shift_the_share_of_programs_with_a_switch_on() -> None:
    _SEEN.clear()
    _draw_with_odds()
    n = len(_SEEN)
    share = {s: sum(s in on for on in _SEEN) / n for s in ("copy", "fill", "clone")}
    assert n >= 300
    # Hypothesis draws all-zero switch bytes (every switch off) in about a sixth of its examples, so a
    # fair switch is on in somewhat less than half of them.
    assert share["copy"] < share["fill"] < share["clone"], share
    assert share["copy"] < share["clone"] / 2 and share["clone"] > 0.3, share


def test_odds_above_the_fair_coin_are_refused() -> None:
    with pytest.raises(ValueError, match=r"between 0 and 0\.5"):
        find(programs("l1", odds=(("copy", 0.9),)), lambda p: True, settings=settings(database=None))


def test_a_steered_switch_still_shrinks_toward_off() -> None:
    """Hypothesis's minimal program with `copy` on has no other switch on (each byte shrank to zero)."""
    minimal = find(
        programs("l1", odds=(("copy", FLOOR), ("clone", 0.3))),
        lambda p: "copy" in p.switches,
        settings=settings(database=None, max_examples=2000, suppress_health_check=list(HealthCheck)),
    )
    assert minimal.switches == frozenset({"copy"})


def test_a_campaign_reports_the_share_of_programs_spent_on_known_entries(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Against the pinned compiler with the project's corpus, L1 programs meet known bugs; every such
    hit is counted once, as the known findings' hits are."""
    corpus = tmp_path / "corpus"
    shutil.copytree(PROJECT_CORPUS, corpus)
    report = tmp_path / "run.json"
    argv = ["run", "--workers", "1", "--level", "l1", "--examples", "100", "--seed", "2", "--no-shrink"]
    main([*argv, "--corpus", str(corpus), "--json", str(report)])
    data = json.loads(report.read_text())
    known = sum(f["hits"] for f in data["findings"] if not f["new"])
    assert known > 0, "the project's corpus has L1 bugs a 100-program campaign meets"
    assert data["known_hits"]["l1"] == known
    assert data["known_share"]["l1"] == round(known / data["programs"]["l1"], 4)
    assert f"({'l1'} {known / data['programs']['l1']:.0%})" in capsys.readouterr().out


def test_a_campaign_draws_a_steered_switch_less_and_says_so(tmp_path: Path, real: Judge) -> None:
    """Odds learned from earlier programs reach the next Hypothesis run's draws, and the stats."""
    # Unshrunk: a shrink's programs are variations of one, and the empty corpus makes every bug new.
    campaign = Campaign(real, Corpus(tmp_path / "corpus"), shrink=False)
    for _ in range(200):  # as if every program with `copy` on had hit a known entry, and none without
        campaign.steering.observe("l1", frozenset({"copy"}), True)
        campaign.steering.observe("l1", frozenset(), False)
    seen: list[frozenset[str]] = []
    evaluate = campaign.evaluate

    def recording(program: Program) -> Finding | None:
        seen.append(program.switches)
        return evaluate(program)

    campaign.evaluate = recording  # type: ignore[method-assign]
    # 200, not 100: seeded draws move whenever a literal constant of the package changes (Hypothesis
    # draws from the constants of local modules too), and at 100 the shares were 8 and 15 programs.
    campaign.run("l1", examples=200, budget_s=None, seed=5)
    share = {s: sum(s in on for on in seen) / len(seen) for s in ("copy", "clone")}
    assert share["copy"] < share["clone"] / 2, share
    assert campaign.stats.steered["l1"]["copy"] < 0.15
    unsteered = Campaign(real, Corpus(tmp_path / "corpus"), shrink=False, steer=False)
    unsteered.steering = campaign.steering
    unsteered.run("l1", examples=50, budget_s=None, seed=5)
    assert unsteered.stats.steered == {}


def test_merged_stats_keep_each_switch_at_its_lowest_chance() -> None:
    one, other = Stats(steered={"l2": {"optimal": 0.2}}), Stats(steered={"l2": {"optimal": 0.1, "copy": 0.3}})
    one.merge(other)
    assert one.steered == {"l2": {"optimal": 0.1, "copy": 0.3}}

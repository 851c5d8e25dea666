"""Steering a campaign away from known bugs: swarm switches whose programs keep hitting known corpus
entries are turned on less often.

A program whose finding is a known entry's costs a compile and teaches nothing; worse, it hides any other
bug the same program has (a program has one finding). The generator turns each swarm switch (an op kind,
loops, configs, ...; `generators.strategies.SWITCHES`) on with a fair coin. Per level, a campaign counts
for each switch how many programs with it on, and with it off, hit a known entry; once both sides have
`MIN_PROGRAMS`, a switch whose programs hit known entries at least `LIFT` times as often when it is on
as when it is off gets the chance

    0.5 * (1 - known share when on) / (1 - known share when off),   never below `FLOOR`,

so the switch of a bug that half of its programs meet is drawn about half as often, and none is starved
(a new bug may need it). A switch that raises the known share less stays a fair coin: bigger, richer
programs meet more bugs of every kind, and a first version that lowered every switch with any excess
(20 of 30 at L1) halved the known share but found fewer new signatures.

Why odds between chunks, not `hypothesis.target` on "not known": the target phase climbs a score by
mutating the best examples of one Hypothesis run (a chunk of `campaign.CHUNK` programs, no database), so
it has no memory across the campaign, and "not known" is a 0/1 score with no slope to climb: a clean
program scores as well as one that meets a new bug. Odds learned over the whole campaign and fixed within
each Hypothesis run keep its examples replayable, so shrinking is unchanged (a switch's byte shrinks
toward "off", as the fair coin's bit did). L3's frontend programs have no swarm switches: their known
share is counted and shown, not steered.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import event, target

from stream_fuzz.generators import Odds

MIN_PROGRAMS = 20  # on each side (switch on, switch off) before its odds move from the fair coin
FLOOR = 0.1  # the least chance a switch keeps
FAIR = 0.5
LIFT = 1.5  # known share with the switch on over that with it off, from which the switch is steered


@dataclass
class Tally:
    """Programs drawn with a switch on and off, and how many of each hit a known entry."""

    on: int = 0
    on_known: int = 0
    off: int = 0
    off_known: int = 0

    def chance(self) -> float:
        if self.on < MIN_PROGRAMS or self.off < MIN_PROGRAMS:
            return FAIR
        # Laplace's rule: no share is ever exactly 0 or 1 from few programs.
        when_on = (self.on_known + 1) / (self.on + 2)
        when_off = (self.off_known + 1) / (self.off + 2)
        if when_on < LIFT * when_off:
            return FAIR
        return max(FLOOR, FAIR * (1 - when_on) / (1 - when_off))


@dataclass
class Steering:
    """What a campaign's programs hit, per level and switch; the odds for its next Hypothesis run."""

    switches: dict[str, tuple[str, ...]]  # level -> the switches its generator draws
    tallies: dict[str, dict[str, Tally]] = field(default_factory=dict)

    def observe(self, level: str, on: frozenset[str], known: bool) -> None:
        """One program of `level` drawn with the switches `on`; `known`: it hit a known entry."""
        tallies = self.tallies.setdefault(level, {})
        for switch in self.switches.get(level, ()):
            tally = tallies.setdefault(switch, Tally())
            if switch in on:
                tally.on += 1
                tally.on_known += known
            else:
                tally.off += 1
                tally.off_known += known

    def odds(self, level: str) -> Odds:
        """Switches of `level` that are no longer a fair coin, with their chance (empty: all fair)."""
        moved = ((s, t.chance()) for s, t in sorted(self.tallies.get(level, {}).items()))
        return tuple((s, round(chance, 3)) for s, chance in moved if chance != FAIR)


def steer_by_behaviour(labels: frozenset[str], measures: dict[str, float]) -> None:
    """Tell Hypothesis what the compiler did with the program (`oracles.behaviour`): each label as an
    event, each measure as a target, so the search also climbs toward compiler behaviour seldom seen."""
    for label in sorted(labels):
        event(label)
    for name, value in sorted(measures.items()):
        target(value, label=name)

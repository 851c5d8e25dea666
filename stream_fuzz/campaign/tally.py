"""What a campaign counts: programs, validity and compiles per level, time, findings (`Stats`), merged
across workers (`Stats.merge`) and drawn by the report and the dashboard."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from stream_fuzz.generators.model import LEVELS
from stream_fuzz.timeline import Timeline

# Where L3's time goes, besides generate_s, compile_s and oracle_s: the two compiles, the run, NumPy.
L3_TIMING = ("l3_stream_s", "l3_vmfb_s", "l3_run_s", "l3_numpy_s", "l3_options_s")


@dataclass
class FindingRecord:
    signature: str
    kind: str
    rule: str
    level: str
    file: str
    new: bool
    fails: bool = True  # new, and of a kind or severity that fails the campaign
    severity: str = ""  # violations: the severities broken, e.g. "placement, visibility"
    message: str = ""  # one line for humans: the first violation or diagnostic
    hits: int = 0
    first_at: int = 0  # programs judged (this process) when it was first seen: how fast it was found
    # The verifier rejects the program: a bug of stream-fuzz's generator, not of the compiler.
    generator_defect: bool = False
    # With a fleet: whose it is when another machine found it first ("held by host#2/w0", ...).
    fleet: str = ""
    # A `fixed` entry's signature met again: the bug is back. Always fails the run, whatever --fail-on.
    regression: bool = False


@dataclass
class Stats:
    programs: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))
    # The generator's validity: programs the verifier accepts. The rest are the generator's own defects.
    valid: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))
    # Programs the whole pipeline compiled (its output may still break a rule or not re-parse).
    compiled: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))
    # L3: programs run on the runtime and compared with NumPy (none when iree-base-runtime is missing).
    executed: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))
    # Programs whose finding is an existing corpus entry's (known, or another machine's): spent on what
    # is known. Steering (`steering.py`) draws fewer of them.
    known_hits: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))
    # Per level, the switches steering turned on less often and their last chance (of several workers,
    # the lowest): what the campaign stopped spending on.
    steered: dict[str, dict[str, float]] = field(default_factory=dict)
    # Seconds each level took (its share of `--level all`'s time).
    level_s: dict[str, float] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0.0))
    # Of level_s, the seconds spent shrinking (capped: `SHRINK_SHARE`).
    shrink_s: dict[str, float] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0.0))
    # Signatures whose entry was written but not shrunk (the cap, or the budget, ran out): `shrunk: no`.
    unshrunk: set[str] = field(default_factory=set)
    # What the compiler did, per level: output label -> programs showing it (`oracles.behaviour`).
    behaviour: dict[str, Counter[str]] = field(default_factory=lambda: {level: Counter() for level in LEVELS})
    findings: dict[str, FindingRecord] = field(default_factory=dict)
    timing: dict[str, float] = field(
        default_factory=lambda: dict.fromkeys(("generate_s", "compile_s", "oracle_s", *L3_TIMING), 0.0)
    )
    runtime_missing: bool = False  # L3 ran without iree-base-runtime: placement checked, nothing executed
    fleet_offline: bool = False  # --db: Redis went away during the run, which went on locally
    elapsed_s: float = 0.0
    interrupted: bool = False  # stopped by SIGINT or SIGTERM: what is here is what was done
    timeline: Timeline = field(default_factory=Timeline)  # the report's curves, a sample a second

    @property
    def total(self) -> int:
        return sum(self.programs.values())

    def merge(self, other: Stats) -> None:
        for level in LEVELS:
            self.programs[level] += other.programs[level]
            self.valid[level] += other.valid[level]
            self.compiled[level] += other.compiled[level]
            self.executed[level] += other.executed[level]
            self.known_hits[level] += other.known_hits[level]
            self.level_s[level] += other.level_s[level]
            self.shrink_s[level] += other.shrink_s[level]
            self.behaviour[level].update(other.behaviour[level])
        for steered_level, odds in other.steered.items():
            lowest = self.steered.setdefault(steered_level, {})
            for switch, chance in odds.items():
                lowest[switch] = min(chance, lowest.get(switch, chance))
        for key in self.timing:
            self.timing[key] += other.timing.get(key, 0.0)
        self.unshrunk |= other.unshrunk
        self.runtime_missing = self.runtime_missing or other.runtime_missing
        self.fleet_offline = self.fleet_offline or other.fleet_offline
        for signature, record in other.findings.items():
            mine = self.findings.setdefault(signature, record)
            if mine is not record:
                mine.hits += record.hits
                mine.new = mine.new or record.new
                mine.fails = mine.fails or record.fails
                mine.regression = mine.regression or record.regression
                mine.fleet = "" if mine.new else mine.fleet or record.fleet
        self.elapsed_s = max(self.elapsed_s, other.elapsed_s)
        self.interrupted = self.interrupted or other.interrupted
        self.timeline.merge(other.timeline)

"""One fuzzing campaign in one process: generator -> compiler -> oracle -> corpus, driven by Hypothesis.

Hypothesis draws programs, the judge compiles and checks each one, and a finding is written to the corpus
*before* it is raised: Hypothesis then shrinks it, and every smaller program with the same signature
replaces the entry. Each signature raises its own exception class, so Hypothesis shrinks distinct bugs
separately instead of sliding from one to another. A finding whose signature is already in the corpus
as `open` (or `not-a-bug`) is known: it is counted and does not fail the run.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, Phase, event, given, settings, target
from hypothesis import seed as hypothesis_seed

from stream_fuzz.compiler import Outcome, resolve_pipeline
from stream_fuzz.corpus import Corpus
from stream_fuzz.findings import DEFAULT_FAIL_ON, Finding, finding_from
from stream_fuzz.generators import Program, print_program, programs
from stream_fuzz.judge import DEFAULT_TIMEOUT_S, Judge
from stream_fuzz.oracles import Severity

LEVELS = ("l1", "l2")
# The campaign's own Hypothesis settings (no registered profile: importing stream_fuzz changes no one
# else's). Compile-bound examples get no deadline: a slow compile is the compiler's business (the
# driver's timeout catches hangs). The corpus, not Hypothesis's database, keeps what was found.
CAMPAIGN_SETTINGS = settings(
    max_examples=10_000_000,
    database=None,
    deadline=None,
    phases=[Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
    print_blob=True,
)
CHUNK = 50  # examples per Hypothesis run; each run gets its own seed and, with --level all, alternates level


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


@dataclass
class Stats:
    programs: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))
    # The generator's validity: programs the verifier accepts. The rest are the generator's own defects.
    valid: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))
    # Programs the whole pipeline compiled (its output may still break a rule or not re-parse).
    compiled: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEVELS, 0))
    # What the compiler did, per level: output label -> programs showing it (`oracles.behaviour`).
    behaviour: dict[str, Counter[str]] = field(default_factory=lambda: {level: Counter() for level in LEVELS})
    findings: dict[str, FindingRecord] = field(default_factory=dict)
    timing: dict[str, float] = field(
        default_factory=lambda: {"generate_s": 0.0, "compile_s": 0.0, "oracle_s": 0.0}
    )
    elapsed_s: float = 0.0
    interrupted: bool = False  # stopped by SIGINT or SIGTERM: what is here is what was done

    @property
    def total(self) -> int:
        return sum(self.programs.values())

    def merge(self, other: Stats) -> None:
        for level in LEVELS:
            self.programs[level] += other.programs[level]
            self.valid[level] += other.valid[level]
            self.compiled[level] += other.compiled[level]
            self.behaviour[level].update(other.behaviour[level])
        for key in self.timing:
            self.timing[key] += other.timing[key]
        for signature, record in other.findings.items():
            mine = self.findings.setdefault(signature, record)
            if mine is not record:
                mine.hits += record.hits
                mine.new = mine.new or record.new
                mine.fails = mine.fails or record.fails
        self.elapsed_s = max(self.elapsed_s, other.elapsed_s)
        self.interrupted = self.interrupted or other.interrupted


class BudgetExhausted(BaseException):
    """Raised inside a Hypothesis run to end it when time is up. A BaseException, so Hypothesis does not
    take it for a failing example and shrink it; findings are already on disk."""


class DriverFailure(BaseException):
    """stream-fuzz itself failed while judging a program (not a finding). A BaseException so Hypothesis
    stops at once instead of shrinking our own bug."""


class FindingFailure(AssertionError):
    """Base of the per-signature exception classes raised for new findings."""


_FAILURE_CLASSES: dict[str, type[FindingFailure]] = {}


def failure_class(signature: str) -> type[FindingFailure]:
    """One class per signature: Hypothesis tells bugs apart by exception type and origin."""
    if signature not in _FAILURE_CLASSES:
        name = "Finding_" + signature.replace("-", "_")
        _FAILURE_CLASSES[signature] = type(name, (FindingFailure,), {})
    return _FAILURE_CLASSES[signature]


@dataclass
class Campaign:
    """Runs Hypothesis over the generators with one judge, one corpus, and one set of stats."""

    judge: Judge
    corpus: Corpus
    stats: Stats = field(default_factory=Stats)
    on_example: Callable[[Stats], None] | None = None  # progress reporting
    provenance: str = ""
    shrink: bool = True  # off: findings are written as first found (a quick smoke run)
    fail_on: frozenset[Severity] = DEFAULT_FAIL_ON  # violations of these severities fail the campaign
    program_size: int | None = None  # about this many tokens per program (`programs(size=...)`)

    def __post_init__(self) -> None:
        self._deadline: float | None = None
        self._last_end = time.perf_counter()
        self.target = self.judge.compiler_info.release or (3, 13)
        self._raised: set[str] = set()  # signatures raised (so shrunk) in the current Hypothesis run
        # Signatures whose shrink finished in an earlier run of this campaign: later hits are counted, not
        # shrunk again (a frequent new bug would otherwise be shrunk in every chunk it shows up in).
        self._shrunk: set[str] = set()

    def evaluate(self, program: Program) -> Finding | None:
        """Compile and check one program; record a finding in the corpus. Returns a finding to shrink
        (new, a regression of a `fixed` entry, or an entry a campaign left unshrunk), or None when clean or
        already known."""
        started = time.perf_counter()
        self.stats.timing["generate_s"] += started - self._last_end
        text = print_program(program, self.target)
        pipeline = resolve_pipeline(program.pipeline)
        verdict = self.judge.judge(text, pipeline)
        analyze_s = float(verdict.result.extras.get("analyze_s", 0.0))
        self.stats.timing["oracle_s"] += analyze_s
        self.stats.timing["compile_s"] += time.perf_counter() - started - analyze_s
        level = program.level
        self.stats.programs[level] += 1
        outcome = verdict.result.outcome
        generator_defect = outcome is Outcome.DIAGNOSTIC and self.judge.rejects_input(text)
        if not generator_defect:
            self.stats.valid[level] += 1
        if outcome in (Outcome.OK, Outcome.BAD_OUTPUT):
            self.stats.compiled[level] += 1
        behaviour = verdict.behaviour
        self.stats.behaviour[level].update(behaviour)
        steer_by_behaviour(behaviour, verdict.measures)
        finding = finding_from(verdict, promised_valid=True)
        failing = None
        if finding is not None:
            failing = self._record(finding, program, text, pipeline, verdict.result.output, generator_defect)
        self._last_end = time.perf_counter()
        if self.on_example:
            self.on_example(self.stats)
        return failing

    def _record(
        self,
        finding: Finding,
        program: Program,
        text: str,
        pipeline: str,
        output: str | None,
        generator_defect: bool = False,
    ) -> Finding | None:
        signature = finding.signature
        known = self.corpus.known.get(signature)
        unshrunk = self.corpus.wants_shrinking(signature)
        path = None
        if known is None or unshrunk:
            path = self.corpus.record_finding(
                finding, text, pipeline, self.judge.compiler_info, output, self.provenance
            )
        record = self.stats.findings.get(signature)
        if record is None:
            new = known is None or known.status == "fixed"  # a fixed bug found again is a regression
            file = str(path or (known.path if known else ""))
            rule = finding.rules[0].id if finding.rules else ""
            severity = ", ".join(sorted(s.value for s in finding.severities))
            record = self.stats.findings[signature] = FindingRecord(
                signature,
                finding.kind,
                rule,
                program.level,
                file,
                new,
                fails=new and finding.fails(self.fail_on),
                severity=severity,
                message=(finding.details[0] if finding.details else finding.title)[:300],
                first_at=self.stats.total,
                generator_defect=generator_defect,
            )
        record.hits += 1
        if (record.new and signature not in self._shrunk) or unshrunk:
            self._raised.add(signature)
            return finding
        return None

    def run(
        self,
        level: str,
        *,
        examples: int | None,
        budget_s: float | None,
        seed: int,
        until: Callable[[Stats], bool] | None = None,
    ) -> Stats:
        """Fuzz `level` ("l1", "l2" or "all") for `examples` programs or `budget_s` seconds, whichever
        ends first."""
        started = time.monotonic()
        self._deadline = started + budget_s if budget_s else None
        levels = LEVELS if level == "all" else (level,)
        remaining = examples
        chunk_index = 0
        try:
            while remaining is None or remaining > 0:
                if self._deadline is not None and time.monotonic() >= self._deadline:
                    break
                if until is not None and until(self.stats):  # checked between chunks: shrinking is done
                    break
                current = levels[(chunk_index + seed) % len(levels)]  # workers start on different levels
                size = CHUNK if remaining is None else min(CHUNK, remaining)
                self._run_chunk(current, size, seed * 1_000_003 + chunk_index)
                if remaining is not None:
                    # Count chunks, not programs judged: shrinking judges extra programs, and how much
                    # depends on what is already known. Counting chunks keeps the drawn seeds the same.
                    remaining -= size
                chunk_index += 1
        except BudgetExhausted:
            pass
        except KeyboardInterrupt:  # Ctrl-C, or SIGTERM turned into it: report what was done
            self.stats.interrupted = True
        except DriverFailure as failure:  # surface our own bug as an ordinary error (exit status 3)
            raise RuntimeError(str(failure)) from failure.__cause__
        self.stats.elapsed_s = time.monotonic() - started
        return self.stats

    def _run_chunk(self, level: str, size: int, chunk_seed: int) -> None:
        strategy = programs(level, target=self.target, size=self.program_size)

        # The target phase climbs toward what `steer_by_behaviour` measures.
        phases = [Phase.generate, Phase.target, Phase.shrink] if self.shrink else [Phase.generate]

        @settings(CAMPAIGN_SETTINGS, max_examples=size, phases=phases)
        @hypothesis_seed(chunk_seed)
        @given(strategy)
        def property_holds(program: Program) -> None:
            if self._deadline is not None and time.monotonic() >= self._deadline:
                raise BudgetExhausted
            try:
                failing = self.evaluate(program)
            except Exception as error:
                raise DriverFailure(f"while judging a {level} program: {error!r}") from error
            if failing is not None:
                raise failure_class(failing.signature)(f"{failing.title} [{failing.signature}]")

        self._raised = set()
        try:
            property_holds()
        except FindingFailure:
            pass  # recorded (and shrunk) already
        except BaseExceptionGroup as group:  # several distinct bugs in one run (or a flaky one)
            _raise_what_is_not_a_finding(group)
        # Reached only when Hypothesis finished: a budget running out mid-shrink skips this, and the
        # entries keep `shrunk: no` for the next campaign (or `stream-fuzz shrink`) to go on with.
        if self.shrink:
            self.corpus.mark_shrunk(sorted(self._raised))
            self._shrunk |= self._raised


def steer_by_behaviour(labels: frozenset[str], measures: dict[str, float]) -> None:
    """Tell Hypothesis what the compiler did with the program (`oracles.behaviour`): each label as an
    event, each measure as a target, so the search also climbs toward compiler behaviour seldom seen."""
    for label in sorted(labels):
        event(label)
    for name, value in sorted(measures.items()):
        target(value, label=name)


def _raise_what_is_not_a_finding(group: BaseExceptionGroup) -> None:
    """Hypothesis groups what ended a run that met several bugs: the findings (recorded already), and
    maybe the signal, our own failure or the time running out while it shrank one of them. Raise that
    one as itself, so that `run` ends as it would for a single bug; anything else as the group."""
    _, rest = group.split(FindingFailure)
    if rest is None:
        return
    for kind in (KeyboardInterrupt, DriverFailure, BudgetExhausted):
        matched, _ = rest.split(kind)
        if matched is not None:
            raise _first_leaf(matched) from None
    raise rest from None


def _first_leaf(group: BaseExceptionGroup) -> BaseException:
    first = group.exceptions[0]
    return _first_leaf(first) if isinstance(first, BaseExceptionGroup) else first


def open_campaign(
    corpus_dir: Path,
    iree_opt: str | None = None,
    timeout: float = DEFAULT_TIMEOUT_S,
    post_hook: str | None = None,
    provenance: str = "",
    on_example: Callable[[Stats], None] | None = None,
    shrink: bool = True,
    fail_on: frozenset[Severity] = DEFAULT_FAIL_ON,
    program_size: int | None = None,
) -> Campaign:
    judge = Judge(iree_opt, timeout=timeout, post_hook=post_hook)
    corpus = Corpus(corpus_dir)
    return Campaign(
        judge,
        corpus,
        on_example=on_example,
        provenance=provenance,
        shrink=shrink,
        fail_on=fail_on,
        program_size=program_size,
    )

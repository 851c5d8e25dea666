"""One fuzzing campaign in one process: generator -> compiler -> oracle -> corpus, driven by Hypothesis.

Hypothesis draws programs, the judge compiles and checks each one, and a finding is written to the corpus
*before* it is raised: Hypothesis then shrinks it, and every smaller program with the same signature
replaces the entry. Each signature raises its own exception class, so Hypothesis shrinks distinct bugs
separately instead of sliding from one to another. A finding whose signature is already in the corpus
as `open` (or `not-a-bug`) is known: it is counted and does not fail the run.

Shrinking is capped so that exploration keeps the budget: with a time budget, shrinking takes at most
`SHRINK_SHARE` of it, split evenly between the levels fuzzed (`Campaign.shrink_allowance`). Hypothesis has
no setting for a shrink time limit (its own is a fixed 300 s per run), so the campaign enforces one around
it: the time from a chunk's first raised finding to the chunk's end counts as shrinking, and when a level's
allowance is spent the test function raises `ShrinkTimeUp`, which ends that Hypothesis run at once. Its
entries stay `shrunk: no` for a later campaign. From then on that level's chunks run without Hypothesis's
shrink phase and raise nothing: new findings are written (`shrunk: no`) and counted, and generation goes on.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis.strategies import SearchStrategy

from stream_fuzz import interrupts
from stream_fuzz.campaign.prejudge import Prejudged, prejudge
from stream_fuzz.campaign.prejudge_l3 import PrejudgedL3, prejudge_l3
from stream_fuzz.campaign.steering import Steering, steer_by_behaviour
from stream_fuzz.campaign.stops import (
    BudgetExhausted,
    DriverFailure,
    FindingFailure,
    ShrinkTimeUp,
    failure_class,
    raise_what_is_not_a_finding,
)
from stream_fuzz.campaign.tally import FindingRecord, Stats
from stream_fuzz.compiler import Outcome, resolve_pipeline
from stream_fuzz.compiler.frontend import FrontendCompiler, l3_compiler_of, takes_l3
from stream_fuzz.compiler.frontend_run import RuntimeDefect
from stream_fuzz.corpus.attribution import WitnessProver
from stream_fuzz.corpus.entry import code_lines
from stream_fuzz.corpus.store import Attribution, Corpus
from stream_fuzz.fleet import OFFLINE, Fleet, Meeting
from stream_fuzz.generators import Program, features, print_program, programs
from stream_fuzz.generators.frontend import FrontendProgram, frontend_cases
from stream_fuzz.generators.frontend_print import RESOURCES_SURVIVE_PHASES
from stream_fuzz.generators.model import LEVELS
from stream_fuzz.generators.strategies import SWITCHES
from stream_fuzz.judge.batching import DEFAULT_BATCH
from stream_fuzz.judge.findings import DEFAULT_FAIL_ON, Finding, finding_from
from stream_fuzz.judge.l3 import Case, L3Verdict, case_of, judge_case, render_l3_entry
from stream_fuzz.judge.l3_batching import batchable, judge_cases
from stream_fuzz.judge.options import VARIANTS, OptionOracle
from stream_fuzz.judge.verdict import DEFAULT_TIMEOUT_S, Judge
from stream_fuzz.oracles import Severity


def levels_of(level: str, with_l3: bool = True) -> tuple[str, ...]:
    """The levels `--level` names ("all": each one the compiler can take, sharing the time; L3 compiles
    whole programs, so an external `--iree-opt` takes it only with an `iree-compile` beside it)."""
    if level != "all":
        return (level,)
    return tuple(name for name in LEVELS if with_l3 or name != "l3")


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
# The most of a campaign's time budget shrinking may take (split evenly between its levels); the rest is
# exploration. A third: a finding is worth little unshrunk, but one that is never drawn is worth nothing.
SHRINK_SHARE = 1 / 3
CHUNK = 50  # examples per Hypothesis run; each run gets its own seed and, with --level all, alternates level
# An L3 program takes ~0.8 s (two compiles and a run), an L1 program ~30 ms: smaller chunks keep
# `--level all`'s time shares even and a budget's end close.
CHUNK_OF = {"l3": 10}
L3_BATCHED_CHUNK = 48  # batched, a chunk's programs are compiled together: ~16 per device count


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
    stream_hook: str | None = None  # L3 fault injection: `module:function` rewriting stream-phase IR (tests)
    frontend: FrontendCompiler | None = None  # L3's compiler and runtime worker, started when L3 first runs
    l3_execute: bool = True  # off: L3 compiles and checks placement only (the runtime cannot run its modules)
    iree_run_module: str | None = None  # L3 runs programs with this binary (None: iree-base-runtime)
    runtime_defects: frozenset[RuntimeDefect] = frozenset()  # what that binary crashes on: not run there
    l3_options: tuple[str, ...] = ()  # L3's option variants to check, by name (`judge/options.py`; off)
    fleet: Fleet | None = None  # --db: the machines this campaign shares signatures and examples with
    shrink_share: float = SHRINK_SHARE  # of a time budget, the most shrinking takes (all levels together)
    witness: bool = False  # try the runtime witness of each data finding once shrunk (`witness_note`)
    steer: bool = True  # draw less of what keeps hitting known entries (`steering.py`)
    # Programs per compile (`judge/batching.py`, `prejudge.py`; L3: per device count, `l3_batching.py`,
    # `prejudge_l3.py`); 1 judges each program alone; None: the level's default (`DEFAULT_BATCH`).
    batch: int | None = None

    def __post_init__(self) -> None:
        self.steering = Steering(dict(SWITCHES))
        self._deadline: float | None = None
        self._last_end = time.perf_counter()
        self.target = self.judge.compiler_info.release or (3, 13)
        self._raised: set[str] = set()  # signatures raised (so shrunk) in the current Hypothesis run
        # Signatures whose shrink finished in an earlier run of this campaign: later hits are counted, not
        # shrunk again (a frequent new bug would otherwise be shrunk in every chunk it shows up in).
        self._shrunk: set[str] = set()
        # Seconds each level may spend shrinking (None: no limit, a campaign bounded by --examples only).
        self.shrink_allowance: float | None = None
        self._shrinking_since: float | None = None  # the current chunk raised its first finding then
        self._chunk_level = ""
        self.prejudged = Prejudged()  # the chunk's clean verdicts from batched compiles
        self.prejudged_l3 = PrejudgedL3()
        self.options = OptionOracle(tuple(v for v in VARIANTS if v.name in self.l3_options))

    def evaluate(self, program: Program) -> Finding | None:
        """Compile and check one program; record a finding in the corpus. Returns a finding to shrink
        (new, a regression of a `fixed` entry, or an entry a campaign left unshrunk), or None when clean or
        already known."""
        started = time.perf_counter()
        self.stats.timing["generate_s"] += started - self._last_end
        text = print_program(program, self.target)
        pipeline = resolve_pipeline(program.pipeline)
        verdict = self.prejudged.take(text, pipeline) or self.judge.judge(text, pipeline)
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
        known_before = self.stats.known_hits[level]
        if finding is not None:
            failing = self._record(finding, program, text, pipeline, verdict.result.output, generator_defect)
        if self._shrinking_since is None:  # a shrink's programs are variations of one, not draws
            self.steering.observe(level, program.switches, self.stats.known_hits[level] > known_before)
        self.stats.timeline.tick(self.stats, features(program))
        self._last_end = time.perf_counter()
        if self.on_example:
            self.on_example(self.stats)
        return failing

    def close(self) -> None:
        if self.fleet is not None:
            self.fleet.close()
        self.judge.close()
        if self.frontend is not None:
            self.frontend.close()

    def frontend_compiler(self) -> FrontendCompiler:
        if self.frontend is None:
            iree_compile = l3_compiler_of(self.judge.compiler_info)
            self.frontend = FrontendCompiler(
                self.judge.timeout,
                stream_hook=self.stream_hook,
                iree_compile=iree_compile,
                iree_run_module=self.iree_run_module,
                runtime_defects=self.runtime_defects,
            )
        return self.frontend

    def evaluate_l3(self, program: FrontendProgram, inputs: tuple[np.ndarray, ...]) -> Finding | None:
        """`evaluate` for a frontend program: NumPy's results, then compile, check and run (`l3`)."""
        started = time.perf_counter()
        self.stats.timing["generate_s"] += started - self._last_end
        case = case_of(program, inputs, resources=self.target >= RESOURCES_SURVIVE_PHASES)
        self.stats.timing["l3_numpy_s"] += time.perf_counter() - started
        verdict = self.prejudged_l3.take(case)
        if verdict is None and self._l3_batch("l3") > 1:
            # Not judged ahead (a shrink step, a mutation): a program compiled in an earlier batch only
            # runs, any other is judged alone, as its verdict's finding would be (`l3_batching`).
            verdict = judge_cases(self.frontend_compiler(), [case], self.l3_execute)[0]
        elif verdict is None:
            verdict = judge_case(self.frontend_compiler(), case, self.l3_execute)
        return self.account_l3(case, verdict, program)

    def account_l3(self, case: Case, verdict: L3Verdict, program: FrontendProgram | None) -> Finding | None:
        timing = verdict.run.timing  # (`program` None: judged ahead in a batch, not drawn by the run)
        for stage in ("stream", "vmfb", "run"):
            self.stats.timing[f"l3_{stage}_s"] += timing.get(f"{stage}_s", 0.0)
        self.stats.timing["oracle_s"] += timing.get("oracle_s", 0.0)
        self.stats.timing["compile_s"] += timing.get("stream_s", 0.0) + timing.get("vmfb_s", 0.0)
        self.stats.programs["l3"] += 1
        if not verdict.generator_defect:
            self.stats.valid["l3"] += 1
        if verdict.run.outcome in ("ok", "runtime-error") or verdict.run.stage == "run":
            self.stats.compiled["l3"] += 1
        self.stats.executed["l3"] += verdict.executed
        self.stats.runtime_missing = self.stats.runtime_missing or verdict.run.runtime_missing
        report = verdict.run.report
        if report is not None:
            self.stats.behaviour["l3"].update(report.behaviour)
            if program is not None:  # a Hypothesis run's own example (Hypothesis steers its draws)
                steer_by_behaviour(report.behaviour, report.measures)
        if verdict.finding is None and verdict.executed and self.options.variants and program is not None:
            spent = self.options.seconds
            checked = self.options.check(self.frontend_compiler(), case, program)
            self.stats.timing["l3_options_s"] += self.options.seconds - spent
            if checked is not None:  # a variant computes what the default compile does not
                verdict, case = checked
        failing = None
        if verdict.run.transient_bytes is not None:  # its entry's RUN line passes the storage the run did
            case = replace(case, transient_bytes=verdict.run.transient_bytes)
        if verdict.finding is not None:
            attribution = self.corpus.attribute(verdict.finding)
            finding = attribution.finding
            info = self.frontend_compiler().info
            meeting = self._meet(finding, "l3")
            path = None
            if self.corpus.wants_entry(finding.signature) and not meeting.elsewhere:
                path = self.corpus.record_rendered(
                    finding.signature,
                    lambda found, name: render_l3_entry(finding, case, info, found, name),
                    self.provenance,
                )
                self._publish(finding.signature, path)
            failing = self._count(finding, "l3", path, verdict.generator_defect, meeting, attribution)
        self.stats.timeline.tick(self.stats)
        self._last_end = time.perf_counter()
        if self.on_example:
            self.on_example(self.stats)
        return failing

    def _meet(self, finding: Finding, level: str) -> Meeting:
        """With a fleet, what `finding` is to it: a signature this machine's corpus knows is only counted;
        another is claimed by the first worker of the fleet to meet it (`Fleet.meet`)."""
        if self.fleet is None:
            return OFFLINE
        if not self.corpus.wants_entry(finding.signature):
            self.fleet.hit(finding.signature)
            return OFFLINE
        message = finding.details[0] if finding.details else finding.title
        meeting = self.fleet.meet(finding.signature, finding.kind, level, message, self.shrink)
        self.stats.fleet_offline = self.fleet.offline
        return meeting

    def _publish(self, signature: str, path: Path | None, finished: bool = False) -> None:
        """The fleet gets this machine's entry (written locally first): each smaller version, and the
        final one when shrinking is done."""
        if self.fleet is None or path is None or not path.exists() or signature not in self.fleet.claims:
            return
        text = path.read_text()
        if finished:
            self.fleet.finish(signature, path.name, text, code_lines(text))
        else:
            self.fleet.publish(signature, path.name, text, code_lines(text))

    def _record(
        self,
        finding: Finding,
        program: Program,
        text: str,
        pipeline: str,
        output: str | None,
        generator_defect: bool = False,
    ) -> Finding | None:
        attribution = self.corpus.attribute(finding)  # by shape and symptom (symptoms.py)
        finding = attribution.finding
        meeting = self._meet(finding, program.level)
        path = None
        if self.corpus.wants_entry(finding.signature) and not meeting.elsewhere:
            path = self.corpus.record_finding(
                finding, text, pipeline, self.judge.compiler_info, output, self.provenance
            )
            self._publish(finding.signature, path)
        return self._count(finding, program.level, path, generator_defect, meeting, attribution)

    def _count(
        self,
        finding: Finding,
        level: str,
        path: Path | None,
        generator_defect: bool,
        meeting: Meeting = OFFLINE,
        attribution: Attribution | None = None,
    ) -> Finding | None:
        """Count a hit of `finding` (whose entry, if written, is at `path`); return it when it is to be
        shrunk: new this campaign and not shrunk yet, an entry an earlier campaign left unshrunk, or (with
        a fleet) one whose claimer died. A signature another machine of the fleet found is not new here."""
        signature = finding.signature
        attribution = attribution or self.corpus.attribute(finding)
        known = attribution.entry
        unshrunk = self.corpus.wants_shrinking(signature)
        # A claim this worker holds is shrunk here, even when another machine reported the bug first.
        holding = meeting.state in ("mine", "takeover") and signature not in self._shrunk
        record = self.stats.findings.get(signature)
        if record is None:
            # A fixed bug found again is a regression (a historical bug's or a fixed entry's symptom, or a
            # fixed entry's shape); a bug another machine found is that machine's.
            regression = attribution.regression or (known is not None and known.status == "fixed")
            new = (known is None or regression) and meeting.state in ("mine", "offline")
            file = str(path or (known.path if known else ""))
            rule = finding.rules[0].id if finding.rules else ""
            severity = ", ".join(sorted(s.value for s in finding.severities))
            record = self.stats.findings[signature] = FindingRecord(
                signature,
                finding.kind,
                rule,
                level,
                file,
                new,
                fails=regression or (new and finding.fails(self.fail_on)),
                severity=severity,
                message=(finding.details[0] if finding.details else finding.title)[:300],
                first_at=self.stats.total,
                generator_defect=generator_defect,
                fleet=_fleet_note(meeting),
                regression=regression,
            )
        elif not record.new and (meeting.state == "takeover" or not record.fleet):
            record.fleet = _fleet_note(meeting) or record.fleet  # a takeover stays the last word
        record.hits += 1
        if not record.new:
            self.stats.known_hits[level] += 1
        if (record.new and signature not in self._shrunk) or unshrunk or holding:
            if not self.may_shrink(level):  # written as found (`shrunk: no`); exploration goes on
                if path is not None or unshrunk:
                    self.stats.unshrunk.add(signature)
                return None
            if self._shrinking_since is None:
                self._shrinking_since = time.monotonic()
            self._raised.add(signature)
            return finding
        return None

    def shrink_spent(self, level: str) -> float:
        """Seconds `level` has spent shrinking, the current chunk's shrinking included."""
        spent = self.stats.shrink_s[level]
        if self._shrinking_since is not None and level == self._chunk_level:
            spent += time.monotonic() - self._shrinking_since
        return spent

    def may_shrink(self, level: str) -> bool:
        if not self.shrink:
            return False
        return self.shrink_allowance is None or self.shrink_spent(level) < self.shrink_allowance

    def _check_shrink_time(self, level: str) -> None:
        """Inside the test function: end a Hypothesis run whose shrinking has spent the level's share."""
        if self._shrinking_since is not None and not self.may_shrink(level):
            raise ShrinkTimeUp

    def run(
        self,
        level: str,
        *,
        examples: int | None,
        budget_s: float | None,
        seed: int,
        until: Callable[[Stats], bool] | None = None,
    ) -> Stats:
        """Fuzz `level` ("l1", "l2", "l3" or "all") for `examples` programs or `budget_s` seconds,
        whichever ends first."""
        started = time.monotonic()
        self._deadline = started + budget_s if budget_s else None
        levels = levels_of(level, takes_l3(self.judge.compiler_info))
        if budget_s and self.shrink:
            self.shrink_allowance = budget_s * self.shrink_share / len(levels)
        remaining = examples
        chunk_index = 0
        try:
            while remaining is None or remaining > 0:
                if self._deadline is not None and time.monotonic() >= self._deadline:
                    break
                if until is not None and until(self.stats):  # checked between chunks: shrinking is done
                    break
                current = self._next_level(levels, chunk_index + seed)
                size = L3_BATCHED_CHUNK if self._l3_batch(current) > 1 else CHUNK_OF.get(current, CHUNK)
                size = size if remaining is None else min(size, remaining)
                chunk_started = time.monotonic()
                try:
                    self._run_chunk(current, size, seed * 1_000_003 + chunk_index)
                finally:
                    self.stats.level_s[current] += time.monotonic() - chunk_started
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
        self.stats.timeline.tick(self.stats, force=True)  # the last second's counts
        return self.stats

    def _next_level(self, levels: tuple[str, ...], turn: int) -> str:
        """With several levels, the one that has had the least time so far (ties: in turn, so workers
        start on different levels): each level gets a share of the time, not of the programs."""
        if len(levels) == 1:
            return levels[0]
        least = min(self.stats.level_s[level] for level in levels)
        behind = [level for level in levels if self.stats.level_s[level] <= least]
        return behind[turn % len(behind)]

    def _run_chunk(self, level: str, size: int, chunk_seed: int) -> None:
        """One Hypothesis run of `size` programs of `level`: the level decides what is drawn and how one
        program is judged (`evaluate`, `evaluate_l3`); the rest is the same for every level."""
        strategy: SearchStrategy[Any]
        judge_one: Callable[[Any], Finding | None]
        if level == "l3":
            strategy = frontend_cases(size=self.program_size, target=self.target)
            if (batch := self._l3_batch(level)) > 1:
                started, settings_ = time.perf_counter(), self._chunk_settings(level, size)
                compiler, execute = self.frontend_compiler(), self.l3_execute
                self.prejudged_l3 = prejudge_l3(
                    compiler, strategy, settings_, chunk_seed, batch, execute, self._deadline
                )
                self._count_prejudge(started, self.prejudged_l3.draw_s)

            def judge_one(drawn: tuple[FrontendProgram, tuple[np.ndarray, ...]]) -> Finding | None:
                return self.evaluate_l3(*drawn)
        else:
            odds = self.steering.odds(level) if self.steer else ()
            if odds:
                self.stats.steered[level] = dict(odds)
            strategy = programs(level, target=self.target, size=self.program_size, odds=odds)
            batch = DEFAULT_BATCH.get(level, 1) if self.batch is None else self.batch
            if batch > 1 and self.judge.external is None:
                self._prejudge(strategy, level, size, chunk_seed, batch)
            judge_one = self.evaluate

        @self._chunk_settings(level, size)
        @hypothesis_seed(chunk_seed)
        @given(strategy)
        def property_holds(drawn: Any) -> None:
            if self._deadline is not None and time.monotonic() >= self._deadline:
                raise BudgetExhausted
            self._check_shrink_time(level)
            if interrupts.pending() is not None:  # an interrupt Python swallowed: raise it again
                raise KeyboardInterrupt
            try:
                failing = judge_one(drawn)
            except Exception as error:
                raise DriverFailure(f"while judging a program of level {level}: {_said(error)}") from error
            if failing is not None:
                raise failure_class(failing.signature)(f"{failing.title} [{failing.signature}]")

        self._drive(property_holds, level)

    def _l3_batch(self, level: str) -> int:
        """L3 programs per compile: 1 unless batching is asked for (or the default) and can batch here."""
        batch = DEFAULT_BATCH.get(level, 1) if self.batch is None else self.batch
        return batch if level == "l3" and batch > 1 and batchable(self.frontend_compiler(), ()) else 1

    def _prejudge(
        self, strategy: SearchStrategy[Program], level: str, size: int, chunk_seed: int, batch: int
    ) -> None:
        """Draw the chunk's programs ahead and compile them in batches; the chunk's own Hypothesis run then
        takes each clean verdict instead of compiling (`prejudge.py` says why this way round)."""
        started, chunk_settings = time.perf_counter(), self._chunk_settings(level, size)
        self.prejudged = prejudge(self.judge, strategy, chunk_settings, chunk_seed, self.target, batch)
        self._count_prejudge(started, self.prejudged.draw_s)

    def _count_prejudge(self, started: float, draw_s: float) -> None:
        self.stats.timing["generate_s"] += draw_s
        self.stats.timing["compile_s"] += time.perf_counter() - started - draw_s
        self._last_end = time.perf_counter()

    def _chunk_settings(self, level: str, size: int) -> settings:
        """One chunk's settings. The target phase climbs toward what `steer_by_behaviour` measures; with a
        fleet, Hypothesis's examples are shared, and each chunk first replays what the fleet saved."""
        # Hypothesis's own switch: a level whose shrink allowance is spent runs without the shrink phase
        # (and raises nothing; its findings are written as found).
        if self.shrink and self.may_shrink(level):
            phases = [Phase.generate, Phase.target, Phase.shrink]
        else:
            phases = [Phase.generate, Phase.target] if self.shrink else [Phase.generate]
        if self.fleet is None:
            return settings(CAMPAIGN_SETTINGS, max_examples=size, phases=phases)
        return settings(
            CAMPAIGN_SETTINGS,
            max_examples=size,
            phases=[Phase.reuse, *phases],
            database=self.fleet.examples(level),
        )

    def _drive(self, property_holds: Callable[[], None], level: str) -> None:
        """Run one chunk's Hypothesis test; findings are recorded already, shrunk ones marked so."""
        self._raised, self._shrinking_since, self._chunk_level = set(), None, level
        try:
            try:
                property_holds()
            except FindingFailure:
                pass  # recorded (and shrunk) already
            except BaseExceptionGroup as group:  # several distinct bugs in one run (or a flaky one)
                raise_what_is_not_a_finding(group)
        except ShrinkTimeUp:  # this level's shrink allowance is spent: its entries stay `shrunk: no`
            self.stats.unshrunk |= self._raised
            return
        except BudgetExhausted:
            self.stats.unshrunk |= self._raised
            raise
        finally:
            for case, verdict in self.prejudged_l3.leftovers():  # judged ahead, not drawn: counted too
                self.account_l3(case, verdict, None)
            if self._shrinking_since is not None:
                self.stats.shrink_s[level] += time.monotonic() - self._shrinking_since
                self._shrinking_since = None
        # Reached only when Hypothesis finished: a budget running out mid-shrink skips this, and the
        # entries keep `shrunk: no` for the next campaign (or `stream-fuzz shrink`) to go on with.
        if self.shrink:
            self.corpus.mark_shrunk(sorted(self._raised))
            if self.witness:
                self._note_witnesses(sorted(self._raised - self._shrunk))
            for signature in sorted(self._raised):
                self._publish(signature, self.corpus.written.get(signature), finished=True)
            self._shrunk |= self._raised

    def _note_witnesses(self, signatures: list[str]) -> None:
        """The runtime witness of each data finding whose shrink finished, noted in its entry's header."""
        from stream_fuzz.triage.witness.note import note_witness

        external = self.judge.external
        for signature in signatures:
            note_witness(self.corpus.written.get(signature), str(external.binary) if external else None)


def _said(error: Exception) -> str:
    """An error in one line; an I/O error (a full disk under the corpus) names its file."""
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename}: {error.strerror}" if error.filename else error.strerror
    return repr(error)


def _fleet_note(meeting: Meeting) -> str:
    """How a finding stands in the fleet, for reports ("": this machine's own, or no fleet)."""
    return {
        "held": f"being shrunk by {meeting.holder}",
        "shrunk": f"found by {meeting.holder}",
        "found": f"found by {meeting.holder}, not shrunk yet",
        "takeover": f"found by {meeting.holder}; shrunk here after its claim expired",
    }.get(meeting.state, "")


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
    stream_hook: str | None = None,
    l3_execute: bool = True,
    iree_run_module: str | None = None,
    witness: bool = False,
    steer: bool = True,
    batch: int | None = None,
    l3_options: tuple[str, ...] = (),
    runtime_defects: frozenset[RuntimeDefect] = frozenset(),
) -> Campaign:
    judge = Judge(iree_opt, timeout=timeout, post_hook=post_hook)
    # Against any compiler but the pinned one, a finding is an entry's only where that entry's witness
    # shows its bug (attribution.py).
    corpus = Corpus(corpus_dir, proves=WitnessProver(Path(iree_opt)) if iree_opt else None)
    return Campaign(
        judge,
        corpus,
        on_example=on_example,
        provenance=provenance,
        shrink=shrink,
        fail_on=fail_on,
        program_size=program_size,
        stream_hook=stream_hook,
        l3_execute=l3_execute,
        iree_run_module=iree_run_module,
        witness=witness,
        steer=steer,
        batch=batch,
        l3_options=l3_options,
        runtime_defects=runtime_defects,
    )

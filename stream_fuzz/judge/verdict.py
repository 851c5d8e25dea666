"""Compile a program and apply the oracle to the output: one `Verdict` per program.

With the pinned in-process compiler the oracle runs inside the compiler worker on the module it just
compiled (no re-parse). With an external `iree-opt`, its printed output is read and checked in a worker
process too, so a parser crash on strange output is also contained and reported; for the stream pipeline
it also prints the async IR midway (`worker_hooks.MIDWAY`), checked for clobbered reads as the worker
checks the pinned compiler's, and when one shows, runs the pipeline stage by stage to name the first.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from stream_fuzz.compiler import (
    DEFAULT_TIMEOUT_S,
    CompileResult,
    CompilerInfo,
    InProcessCompiler,
    Outcome,
    SubprocessCompiler,
    resolve_pipeline,
)
from stream_fuzz.compiler.pipelines import UnknownPipeline
from stream_fuzz.compiler.staging import Staging, StagingError, stage_stream_pipeline
from stream_fuzz.oracles import Report, Rule, Violation
from stream_fuzz.oracles.checkers import (
    ALLOCATION_OUTPUT,
    Complaint,
    Unavailable,
    Unreadable,
    check_point,
    mark_rejections,
)
from stream_fuzz.oracles.checkers import MIDWAY as CHECK_MIDWAY
from stream_fuzz.oracles.rules import with_marks
from stream_fuzz.oracles.worker_hooks import MIDWAY, Oracle

PARSE_ONLY = "builtin.module()"  # a pipeline without passes: the text is parsed and verified only


@dataclass(frozen=True)
class Verdict:
    """A compile's result and the oracle's report on its output (an empty report when the output was not
    checked: the compile failed, or the analyzer did not run)."""

    result: CompileResult
    report: Report = field(default_factory=Report)

    @property
    def violations(self) -> tuple[Violation, ...]:
        return self.report.violations

    @property
    def unknown(self) -> dict[str, int]:
        return self.report.unknown

    @property
    def blamed_pipeline(self) -> str:
        """For a clobbered read: the first pass after which it shows, runnable alone."""
        return self.report.blamed_pipeline

    @property
    def before_blamed(self) -> str:
        """The IR before that pass."""
        return self.report.before_blamed

    @property
    def behaviour(self) -> frozenset[str]:
        """What the compiler did (`oracles.behaviour`)."""
        return self.report.behaviour

    @property
    def measures(self) -> dict[str, float]:
        return self.report.measures

    @property
    def clean(self) -> bool:
        return self.result.outcome is Outcome.OK and not self.violations

    def amended(self, **changes: object) -> Verdict:
        """This verdict with some of its report's fields changed (violations added by a later check)."""
        return replace(self, report=replace(self.report, **changes))  # type: ignore[arg-type]

    def to_json(self) -> dict:
        return {
            **self.result.to_json(),
            "violations": [v.to_json() for v in self.violations],
            "unknown": self.unknown,
        }


class Judge:
    def __init__(
        self, iree_opt: str | None = None, timeout: float = DEFAULT_TIMEOUT_S, post_hook: str | None = None
    ) -> None:
        """`post_hook` (`module:function`) changes the pinned compiler's output before the oracle sees it:
        fault injection for quality tests. It does not apply to an external compiler."""
        self.timeout = timeout
        self.external = SubprocessCompiler(iree_opt, timeout=timeout) if iree_opt else None
        # Compiles (pinned compiler) or only reads and checks (external compiler's output).
        self.worker = InProcessCompiler(timeout=timeout, post_hook=post_hook, analyzer=Oracle)
        self._external_staging: Staging | None = None
        self._has_checkers: dict[str, bool] = {}  # checker pipeline -> the external compiler has it

    @property
    def compiler_info(self) -> CompilerInfo:
        return (self.external or self.worker).info

    def close(self) -> None:
        self.worker.close()
        if self.external:
            self.external.close()

    def __enter__(self) -> Judge:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def judge(self, text: str, pipeline: str, async_output: bool = False) -> Verdict:
        """Compile `text` with `pipeline`, then check the output. `async_output`: the pipeline stops in the
        async phase (one pass of it, say), so its output is checked as async IR, for clobbered reads too."""
        if async_output:
            verdict = self.judge(text, pipeline)
            outcome = verdict.result.outcome
            # Output that reads back, as other IR (`compiler/roundtrip.py`), is checked too: a rule it breaks
            # is the finding, as for any bad output the oracle reads. (It is checked as read back: ties the
            # reading lost are lost to the clobber check too.)
            reread = outcome is Outcome.BAD_OUTPUT and not self.parse_error(verdict.result.output or "")
            if outcome is not Outcome.OK and not reread:
                return verdict
            checked = self.check_output(verdict.result.output or "", text, async_ir=True)
            return verdict if reread and not checked.violations else checked
        if self.external is None:
            return verdict_of(self.worker.compile(text, pipeline))
        staged = pipeline == resolve_pipeline("stream")
        result = self.external.compile(text, pipeline, print_before=MIDWAY[1] if staged else "")
        if result.outcome is not Outcome.OK:
            return Verdict(result)
        read = self.worker.analyze(result.output or "", program=text)
        if read.outcome is Outcome.BAD_OUTPUT and not read.extras and self.external.reads_back(result.output):
            # Our bindings cannot read it but its own compiler can: version drift, not a finding.
            unreadable = f"output unreadable by the pinned bindings: {read.diagnostics[0]}"
            return Verdict(result, Report(unknown={unreadable: 1}))
        combined = replace(
            result,
            outcome=read.outcome,
            diagnostics=read.diagnostics or result.diagnostics,
            report=read.report,
            extras=read.extras,
        )
        async_ir = result.extras.get("ir_before", "")
        verdict = (
            self._with_clobbers(verdict_of(combined), text, async_ir) if async_ir else verdict_of(combined)
        )
        if async_ir:
            return self._with_checkers(verdict, CHECK_MIDWAY, async_ir, text)
        if pipeline == resolve_pipeline("allocation") and result.output:
            return self._with_checkers(verdict, ALLOCATION_OUTPUT, result.output, text)
        return verdict

    def _with_checkers(self, verdict: Verdict, point: str, at: str, text: str) -> Verdict:
        """`verdict` of an external compiler's output, with what that compiler's own checkers say at
        `point` (`oracles/checkers.py`), run on the IR `at` there; the worker does the same in-process."""
        checked = check_point(point, self._external_checker(at), self._external_checker(text), self._version)
        if not checked.rejections and not checked.skipped:
            return verdict
        unknown = dict(verdict.unknown)
        for reason in checked.skipped:
            unknown[reason] = unknown.get(reason, 0) + 1
        rejections = mark_rejections(checked.violations(), verdict.report.unplaced, verdict.report.from_input)
        return verdict.amended(violations=(*verdict.violations, *rejections), unknown=unknown)

    @property
    def _version(self) -> str:
        return f"iree-opt {self.compiler_info.version}"

    def _external_checker(self, text: str) -> Callable[[str], tuple[Complaint, ...] | None]:
        """Runs a checker pipeline of the external compiler on `text`: None when it accepts."""
        assert self.external is not None
        external = self.external

        def run(pipeline: str) -> tuple[Complaint, ...] | None:
            if pipeline not in self._has_checkers:
                try:
                    external.check_pipeline(pipeline)
                    self._has_checkers[pipeline] = True
                except UnknownPipeline:
                    self._has_checkers[pipeline] = False
            if not self._has_checkers[pipeline]:
                raise Unavailable(pipeline)
            result = external.compile(text, pipeline, name_failing_pass=False)
            if result.outcome is Outcome.OK:
                return None
            unread = external.compile(text, PARSE_ONLY, name_failing_pass=False)
            if unread.outcome is not Outcome.OK:  # the parser's complaint, not the checker's
                raise Unreadable(unread.summary())
            said = [d for d in result.diagnostics if d.severity == "error"]
            return tuple(Complaint(d.location, d.message) for d in said) or (Complaint("", result.summary()),)

        return run

    def _with_clobbers(self, verdict: Verdict, text: str, async_ir: str) -> Verdict:
        """`verdict` of an external compiler's output, with the clobbered reads of its async IR midway."""
        if not _clobbers(self.worker.analyze(async_ir, program=text, midway=True)):
            return verdict
        blame = self._blame_external(text)
        stage = blame.get("stage", "")
        clobbers = _clobbers(self.worker.analyze(async_ir, program=text, midway=True, stage=stage))
        # How the writes reached the storage where the clobbers first show (rules.clobbered_read_violations).
        shown = [mark for mark in blame.get("marks", "").split(",") if mark]
        clobbers = tuple(replace(v, marks=with_marks(v.marks, shown)) for v in clobbers)
        return verdict.amended(
            violations=(*clobbers, *verdict.violations),
            blamed_pipeline=blame.get("stage_pipeline", ""),
            before_blamed=blame.get("before", ""),
        )

    def _blame_external(self, text: str) -> dict[str, str]:
        """Run the external compiler's stream pipeline one stage at a time (as the worker does for the
        pinned one): the first stage after which a clobbered read shows, its pipeline, the IR before it
        and the marks of the clobbers there (comma-separated). Empty when the pipeline cannot be split for
        this release or a stage fails on its own."""
        assert self.external is not None
        if self._external_staging is None:
            try:
                self._external_staging = stage_stream_pipeline(*MIDWAY, iree_opt=str(self.external.binary))
            except StagingError:
                return {}
        staging, current = self._external_staging, text
        for index, stage in enumerate(staging.head):
            result = self.external.compile(current, stage.pipeline, name_failing_pass=False)
            if result.outcome is not Outcome.OK or result.output is None:
                return {}
            watched = index >= staging.watch_from
            first = _clobbers(self.worker.analyze(result.output, text, midway=True)) if watched else ()
            if first:
                marks = ",".join(sorted({mark for clobber in first for mark in clobber.marks}))
                return {
                    "stage": stage.label,
                    "stage_pipeline": stage.pipeline,
                    "before": current,
                    "marks": marks,
                }
            current = result.output
        return {}

    def check_pipeline(self, pipeline: str) -> None:
        """Raise `UnknownPipeline`, naming what the compiler under test rejects, unless `pipeline` parses."""
        (self.external or self.worker).check_pipeline(pipeline)

    def parse_error(self, text: str) -> str:
        """Why the compiler under test cannot parse `text` ("" when it can): no pass runs."""
        if self.external is not None:
            result = self.external.compile(text, PARSE_ONLY, name_failing_pass=False)
        else:
            result = self.worker.compile(text, PARSE_ONLY)
        if result.outcome is Outcome.DIAGNOSTIC:
            return str(result.diagnostics[0]) if result.diagnostics else "does not parse"
        return ""

    def rejects_input(self, text: str) -> bool:
        """The verifier rejects `text` before any pass runs: for a generated program, the generator's own
        defect, not the compiler's (a pass failing on valid input is a compiler finding)."""
        return bool(self.parse_error(text))

    def check_output(self, text: str, program: str | None = None, async_ir: bool = False) -> Verdict:
        """Check already-compiled IR (no pipeline runs), optionally knowing the `program` it came from.
        BAD_OUTPUT: it does not parse (the violations, if any, were judged on a repaired reading).
        `async_ir`: the IR is async IR after copy-on-write; clobbered reads are checked in it too."""
        return verdict_of(self.worker.analyze(text, program, midway=async_ir))


def _clobbers(result: CompileResult) -> tuple[Violation, ...]:
    return tuple(v for v in verdict_of(result).violations if v.rule is Rule.CLOBBER)


def verdict_of(result: CompileResult) -> Verdict:
    return Verdict(result, result.report) if result.report is not None else Verdict(result)

"""Replay corpus entries against a compiler: does each bug still reproduce, and is it still the same bug?

Each witness program of an entry is compiled and judged; its state is one of

- `fails-as-recorded`: a finding whose signature is the entry's (or one of its aliases);
- `fails-differently`: a finding, but another one (a different rule, diagnostic or pass);
- `passes`: no finding at all;
- `unreadable`: the compiler cannot even parse it (a truncated file, or syntax another release lacks);
- `cannot-run-here`: an L3 entry this setup cannot execute (no `runtime` extra, or a runtime that refuses
  the compiler's modules: another release's bytecode). Its program is still compiled and checked: a finding
  with its recorded signature is `fails-as-recorded`; anything else says nothing about the bug, so it is
  this state, never `passes` or `fails-differently`.

The entry's state is the shared state of its witnesses, `fails-differently` when they disagree, and
`unreadable` when any is. Only `fails-as-recorded` counts as a known bug still open.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from stream_fuzz.compiler import CompilerNotFound
from stream_fuzz.compiler.frontend import FrontendCompiler, l3_compiler_of, l3_runtime_of
from stream_fuzz.corpus.entry import (
    FRONTEND_FOLDER,
    ONE_PASS_FOLDER,
    Entry,
    MalformedEntry,
    Status,
    as_recorded,
    read_corpus,
    read_entry,
)
from stream_fuzz.corpus.filecheck import run_filecheck
from stream_fuzz.judge.findings import finding_from
from stream_fuzz.judge.l3 import PIPELINE as L3_PIPELINE
from stream_fuzz.judge.l3 import case_from_entry, judge_case
from stream_fuzz.judge.verdict import Judge


class State(enum.StrEnum):
    """What replaying an entry (or one witness of it) shows today; the module docstring says when."""

    AS_RECORDED = "fails-as-recorded"
    DIFFERENTLY = "fails-differently"
    PASSES = "passes"
    UNREADABLE = "unreadable"
    CANNOT_RUN = "cannot-run-here"


# The names callers import.
AS_RECORDED, DIFFERENTLY, PASSES = State.AS_RECORDED, State.DIFFERENTLY, State.PASSES
UNREADABLE, CANNOT_RUN = State.UNREADABLE, State.CANNOT_RUN
STATES = tuple(State)
# What each status expects replay to see. Anything else is a surprise worth a human's look.
EXPECTED = {
    Status.OPEN: {AS_RECORDED},
    Status.FIXED: {PASSES},
    Status.NOT_A_BUG: {AS_RECORDED, PASSES},  # intended output, or an oracle rule since corrected
}


@dataclass(frozen=True)
class Witness:
    state: State
    signature: str = ""  # of today's finding ("" when it passes or is unreadable)
    reason: str = ""  # one line: today's finding, or why it is unreadable


@dataclass(frozen=True)
class Replay:
    path: Path
    state: State
    status: Status | None  # the entry's status line (None for a malformed file)
    signatures: tuple[str, ...] = ()  # the entry's recorded signatures
    witnesses: tuple[Witness, ...] = field(default_factory=tuple)
    reason: str = ""

    @property
    def surprising(self) -> bool:
        """Not what the entry's status line says: fixed upstream, a regression, another bug, unreadable.
        An entry that cannot run here says nothing either way: not a surprise (its own exit status)."""
        expected = EXPECTED[self.status] if self.status else set()
        return self.state != CANNOT_RUN and self.state not in expected

    @property
    def note(self) -> str:
        if not self.surprising:
            return ""
        if self.status is Status.OPEN and self.state == PASSES:
            return "fixed upstream? set its status to fixed"
        if self.status is Status.FIXED:
            return "regression"
        if self.state == DIFFERENTLY:
            return "fails, but not as recorded: triage it again"
        return "cannot be replayed"

    def to_json(self) -> dict:
        return {
            "path": str(self.path),
            "state": self.state,
            "status": self.status or "",
            "surprising": self.surprising,
            "signatures": list(self.signatures),
            "reason": self.reason,
            "witnesses": [w.__dict__ for w in self.witnesses],
        }


class L3Replayer:
    """L3 entries replay through a frontend worker, started at the first one: the pinned compiler's, or
    the `iree-compile` beside the judge's `iree-opt`, whose programs run on the `iree-run-module` given or
    the one of its own release beside it (`l3_runtime_of`). The worker first runs the known-good program
    (`preflight_l3`): when the runtime cannot run it, `say` is told why, once, and an entry whose bug shows
    only by running (a wrong result, a runtime error) is `cannot-run-here`, never `passes`."""

    def __init__(
        self,
        judge: Judge,
        iree_run_module: str | None = None,
        say: Callable[[str], None] | None = None,
    ) -> None:
        self.judge = judge
        self.iree_run_module = iree_run_module
        self.say = say
        self._compiler: FrontendCompiler | None = None
        self._not_run = ""  # why programs are not executed ("": they are)

    def witness(self, entry: Entry) -> Witness:
        try:
            case = case_from_entry(entry.text)
        except ValueError as error:
            return Witness(UNREADABLE, reason=f"its RUN lines: {error}")
        if self._compiler is None:
            try:
                iree_compile = l3_compiler_of(self.judge.compiler_info)
                runtime = l3_runtime_of(self.judge.compiler_info, self.iree_run_module)
            except CompilerNotFound as error:
                return Witness(UNREADABLE, reason=str(error))
            self._compiler = FrontendCompiler(
                self.judge.timeout, iree_compile=iree_compile, iree_run_module=runtime
            )
            self._not_run = self._preflight(self._compiler)
        verdict = judge_case(self._compiler, case, execute=not self._not_run)
        finding, not_run = verdict.finding, self._not_run or verdict.run.not_run
        recorded = finding is not None and as_recorded(entry, finding)
        if not_run and not recorded and any(s.startswith(RUN_KINDS) for s in entry.signatures):
            # Its bug shows by running, which this runtime cannot: neither passes nor another failure.
            seen = f" (compiled only: {finding.signature})" if finding is not None else ""
            return Witness(CANNOT_RUN, finding.signature if finding else "", f"not run: {not_run}{seen}")
        if finding is None:
            return Witness(PASSES)
        reason = finding.details[0] if finding.details else finding.title
        state = AS_RECORDED if recorded else DIFFERENTLY
        return Witness(state, finding.signature, f"{finding.signature}: {reason}")

    def _preflight(self, compiler: FrontendCompiler) -> str:
        from stream_fuzz.judge.preflight import SetupError, defects_notice, preflight_l3, runtime_defects

        try:
            why_not = preflight_l3(compiler)
            # Programs a known runtime defect would crash are then not run (`FrontendRun.not_run`).
            defects = runtime_defects(compiler) if not why_not else frozenset()
            notice = defects_notice(compiler.iree_run_module, defects)
        except SetupError as error:
            why_not, notice = f"stream-fuzz: {error}", ""
        if (why_not or notice) and self.say is not None:
            self.say(why_not or notice)
        return why_not.removeprefix("stream-fuzz: ")

    def close(self) -> None:
        if self._compiler is not None:
            self._compiler.close()


RUN_KINDS = ("wrong-result", "runtime-error")  # bugs only running a program shows


def replay_entry(entry: Entry, judge: Judge, l3: L3Replayer | None = None) -> Replay:
    if entry.pipeline == L3_PIPELINE:
        replayer = l3 or L3Replayer(judge)
        try:
            witnesses: tuple[Witness, ...] = (replayer.witness(entry),)
        finally:
            if l3 is None:
                replayer.close()
    elif _run_only(entry):
        witnesses = tuple(_replay_checked(program, entry, judge) for program in entry.programs)
    else:
        witnesses = tuple(_replay_witness(program, entry, judge) for program in entry.programs)
    states = {w.state for w in witnesses}
    if not witnesses:
        state, reason = UNREADABLE, "no program in the entry"
    elif UNREADABLE in states:
        state = UNREADABLE
        reason = next(w.reason for w in witnesses if w.state == UNREADABLE)
    elif CANNOT_RUN in states:
        state = CANNOT_RUN
        reason = next(w.reason for w in witnesses if w.state == CANNOT_RUN)
    elif len(states) == 1:
        state, reason = states.pop(), witnesses[0].reason
    else:
        state = DIFFERENTLY
        reason = "; ".join(f"witness {i + 1}: {w.state}" for i, w in enumerate(witnesses))
    return Replay(entry.path, state, entry.status, entry.signatures, witnesses, reason)


def _run_only(entry: Entry) -> bool:
    """A one-pass reproducer of a bug only running a program shows (wrong data, a run-time error): the
    oracle cannot see it in IR, so its own CHECK lines, which state the property the pass breaks, judge it."""
    return (
        bool(entry.signatures)
        and all(s.startswith(RUN_KINDS) for s in entry.signatures)
        and all("// CHECK" in program for program in entry.programs)
    )


def _replay_checked(program: str, entry: Entry, judge: Judge) -> Witness:
    unreadable = judge.parse_error(program)
    if unreadable:
        return Witness(UNREADABLE, reason=unreadable)
    verdict = judge.judge(program, entry.pipeline, entry.async_output)
    finding = finding_from(verdict, promised_valid=True)
    if finding is not None:  # the pass fails or breaks a rule the oracle knows: another bug
        reason = finding.details[0] if finding.details else finding.title
        return Witness(DIFFERENTLY, finding.signature, f"{finding.signature}: {reason}")
    checks = "\n".join(line for line in program.splitlines() if line.startswith("// CHECK")) + "\n"
    passed, complaint = run_filecheck(checks, verdict.result.output or "", "--strict-whitespace" in program)
    if passed:
        return Witness(PASSES)
    signature = entry.signatures[0]
    first = next((line for line in complaint.splitlines() if "error:" in line), complaint.strip())
    return Witness(
        AS_RECORDED,
        signature,
        f"{signature}: its CHECK lines fail: {first.split('error:')[-1].strip()[:200]}",
    )


def _replay_witness(program: str, entry: Entry, judge: Judge) -> Witness:
    unreadable = judge.parse_error(program)
    if unreadable:
        return Witness(UNREADABLE, reason=unreadable)
    # A bug triage found nondeterministic (a use-after-free) is compiled up to this many times: it is
    # still there when any run fails as recorded.
    attempts = NONDETERMINISTIC_ATTEMPTS if entry.nondeterministic else 1
    witness = Witness(PASSES)
    for _ in range(attempts):
        finding = finding_from(judge.judge(program, entry.pipeline, entry.async_output), promised_valid=True)
        if finding is None:
            continue
        reason = finding.details[0] if finding.details else finding.title
        state = AS_RECORDED if as_recorded(entry, finding) else DIFFERENTLY
        if state == DIFFERENTLY and finding.signature in entry.signatures:
            reason = f"its symptom {entry.symptom} is absent; {reason}"
        witness = Witness(state, finding.signature, f"{finding.signature}: {reason}")
        if state == AS_RECORDED:
            break
    return witness


NONDETERMINISTIC_ATTEMPTS = 5


def iter_entries(paths: list[Path]) -> Iterator[Entry | MalformedEntry]:
    """The entries of files and folders; a folder's one-pass reproducers (`stream-fuzz reduce`) and frontend
    witnesses (corpus/frontend/) too."""
    for path in paths:
        if path.is_dir():
            yield from read_corpus(path)
            for sub in (ONE_PASS_FOLDER, FRONTEND_FOLDER):
                if (path / sub).is_dir():
                    yield from read_corpus(path / sub)
        else:
            try:
                yield read_entry(path)
            except MalformedEntry as error:
                yield error


def replay_paths(
    paths: list[Path],
    judge: Judge,
    on_result: Callable[[Replay], None] | None = None,
    iree_run_module: str | None = None,
    say: Callable[[str], None] | None = None,
) -> list[Replay]:
    """Replay files and folders of entries, reporting each as soon as it is done (`on_result`); a
    malformed file is `unreadable`, never dropped. L3 entries run on `iree_run_module` (`L3Replayer`),
    which tells `say` once when it cannot run them."""
    results: list[Replay] = []
    l3 = L3Replayer(judge, iree_run_module, say)
    try:
        for item in iter_entries(paths):
            if isinstance(item, MalformedEntry):
                replay = Replay(item.path, UNREADABLE, None, reason=str(item))
            else:
                replay = replay_entry(item, judge, l3)
            results.append(replay)
            if on_result is not None:
                on_result(replay)
    finally:
        l3.close()
    return results

"""An upstream issue draft for a corpus entry, in Markdown: what happens, what should happen (from the rule
or the diagnostic), the one-pass and the whole-pipeline reproducers with their command lines, and how each
release tried behaves. It states what the tool measured; why the compiler does it is the entry's triage
(quoted as such), not something this module guesses from C++ it cannot see.

    draft = draft_issue(entry, reduction, [ReleaseResult(compiler, replay, async_clobber), ...])
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import assert_never

from stream_fuzz.corpus.entry import Entry, code_lines
from stream_fuzz.corpus.replay import AS_RECORDED, PASSES, UNREADABLE, Replay
from stream_fuzz.judge.findings import Finding
from stream_fuzz.judge.verdict import Judge
from stream_fuzz.oracles import Rule, Violation
from stream_fuzz.oracles.worker_hooks import MIDWAY
from stream_fuzz.triage.reduce import Reduction

_STATE_WORDS = {
    "fails-as-recorded": "has it",
    "fails-differently": "fails, but differently",
    "passes": "passes",
    "unreadable": "cannot parse the reproducer (older syntax)",
}


@dataclass(frozen=True)
class ReleaseResult:
    compiler: str  # e.g. "3.12.0rc20260917 @ 2b05c5db (subprocess)"
    replay: Replay
    async_clobber: bool | None = None  # a clobbered read in the async IR (None: not checked)

    @property
    def has_it(self) -> bool:
        return any(w.state == AS_RECORDED for w in self.replay.witnesses) or bool(self.async_clobber)

    @property
    def passes(self) -> bool:
        """Every witness this compiler can read passes, and it reads at least one."""
        readable = [w.state for w in self.replay.witnesses if w.state != UNREADABLE]
        return bool(readable) and set(readable) == {PASSES} and not self.async_clobber

    @property
    def reads_none(self) -> bool:
        """No witness parses on this compiler (older syntax): it is not known to be free of the bug."""
        return all(w.state == UNREADABLE for w in self.replay.witnesses)

    def words(self) -> str:
        states = [w.state for w in self.replay.witnesses]
        if AS_RECORDED in states:
            text = "has it"
            if len(set(states)) > 1:
                said = [f"witness {i + 1}: {_STATE_WORDS[state]}" for i, state in enumerate(states)]
                text += f" ({'; '.join(said)})"
        elif len(set(states)) == 1:
            text = _STATE_WORDS[states[0]]
        else:
            text = "; ".join(f"witness {i + 1}: {_STATE_WORDS[state]}" for i, state in enumerate(states))
        if self.async_clobber is not None:
            text += "; its async IR at the end of the async stage " + (
                "has the clobbered read" if self.async_clobber else "has no clobbered read"
            )
        return text


def draft_issue(entry: Entry, reduction: Reduction, releases: list[ReleaseResult]) -> str:
    finding = reduction.finding
    lines = [f"# [Stream] {_title(entry, reduction)}", ""]
    lines += [
        f"Found by stream-fuzz (property-based fuzzing of multi-device stream scheduling); corpus entry "
        f"`{entry.path.name}`, status `{entry.status}`.",
        "",
        "## What happens",
        "",
        *_what_happens(finding, reduction),
        "",
        "## What should happen",
        "",
        _what_should(finding),
        "",
        f"## Reproducer: `{reduction.stage.name}` alone",
        "",
        f"The IR before that pass ({reduction.lines} lines of code, reduced from {_loc(reduction.before)}):",
        "",
        "```mlir",
        reduction.program.strip(),
        "```",
        "",
        "```bash",
        *_commands(reduction),
        "```",
        "",
        "## Reproducer: the whole pipeline",
        "",
        "```mlir",
        _code(entry.programs[0]),
        "```",
        "",
        "```bash",
        f"iree-opt --pass-pipeline='{entry.pipeline}' repro.mlir",
        "```",
        "",
        "## Releases tried",
        "",
        "| compiler | result |",
        "|---|---|",
        *[f"| {r.compiler} | {r.words()} |" for r in releases],
        "",
        _first_release(releases),
    ]
    if entry.pass_name or _triage(entry):
        lines += ["", "## Triage notes (from the corpus entry, written by a person)", ""]
        if entry.pass_name:
            lines.append(f"Blamed pass: `{entry.pass_name}`.")
        if entry.releases:
            lines.append(f"Releases found affected: {entry.releases}.")
        if _triage(entry):
            lines += ["", _triage(entry)]
    return "\n".join(lines).rstrip() + "\n"


def _title(entry: Entry, reduction: Reduction) -> str:
    kind = entry.signature.rsplit("-", 1)[0]  # e.g. async-clobbered-read, invalid-program, crash
    words = entry.path.stem.removeprefix(f"{kind}-").replace("-", " ")
    return f"{words} ({reduction.finding.title}, in {reduction.stage.name})"


def _what_happens(finding: Finding, reduction: Reduction) -> list[str]:
    if finding.violations:
        return [f"- {v.message}" for v in finding.violations[:4]]
    lines = list(finding.details)
    if finding.kind == "crash":  # the pass, the site and the signal; not LLVM's boilerplate
        telling = ("[", "Assertion", "LLVM ERROR", "UNREACHABLE")
        lines = [line for line in lines if line.lstrip().startswith(telling) or "Assertion" in line]
    return [f"- {line}" for line in lines[:4]] or [f"- {finding.title}"]


def _what_should(finding: Finding) -> str:
    if not finding.rules:
        return {
            "crash": "The pass does not crash: the input is valid (it verifies, and the stream pipeline "
            "accepts such programs).",
            "timeout": "The pass finishes.",
            "bad-output": "The printed IR reads back as the IR that was printed (`iree-opt` parses its own "
            "output, into the same ops).",
        }.get(finding.kind, "The program compiles: it is valid input, and the pass rejects it.")
    return should_hold(finding.rules[0], finding.violations[0])


def should_hold(rule: Rule, v: Violation) -> str:
    """What the correct output does, for an issue's "what should happen" (a new Rule is a mypy error)."""
    match rule:
        case Rule.CLOBBER:
            return (
                "No value is used after an op overwrote it in place: after copy-on-write an in-place writer "
                "is the last use of what it overwrites, and every pass after it keeps that so (a copy stays "
                f"where it is needed). Here `{v.resource}` is read after being overwritten."
            )
        case Rule.READ | Rule.WRITE | Rule.EXPORT | Rule.DEALLOCA:
            return (
                f"Storage used by {', '.join(v.consumers) or 'its consumers'} is allocated for them; it is "
                f"allocated on `{v.placed_on or 'no device'}`."
            )
        case Rule.RESULT:
            return "A result the program declares on a device (`iree.abi.affinity`) is handed over there."
        case Rule.BORROWED:
            return (
                "A `stream.tensor.import` without `consume` borrows the caller's buffer: the program reads "
                f"it, never writes it (a copy takes the write). Here `{v.storage or v.resource}` is written."
            )
        case Rule.INPUT:
            return (
                "Every input buffer is unchanged after the call unless its argument is consumed "
                f"(`iree.abi.consume`); here {v.resource} changed."
            )
        case Rule.CHANNEL:
            return "A collective runs on the device its channel was created for."
        case Rule.PINNED_GLOBAL:
            return (
                "Work on a value loaded from an immutable global runs on the device the global lives on "
                f"(`{v.placed_on}`), or on a copy transferred to its own device first."
            )
        case Rule.AFTER_DEALLOCA:
            return (
                "A transient is used only before it is freed: its `stream.resource.dealloca` awaits every "
                "use's timepoint, and no host op touches it after the dealloca."
            )
        case Rule.BEFORE_ALLOCA:
            return (
                "An execute that uses a transient awaits its `stream.resource.alloca`'s timepoint (directly "
                "or through what it awaits): the memory is not valid before."
            )
        case Rule.RETURN_FENCE:
            return (
                "A function returns a resource only with a fence covering every op that writes it: the "
                "timepoint returned beside it, the timepoint chained to the caller's fence, or a host await "
                "before the return covers the writer's timepoint."
            )
        case Rule.CARRIED:
            return (
                "A resource carried through a loop or branch block argument with its timepoint is used "
                "only once that timepoint is reached: an execute capturing it awaits a timepoint covering "
                "the carried one, or the host awaited it first."
            )
        case Rule.FLUSH | Rule.INVALIDATE | Rule.TRANSFER:
            return "A transfer's result is made visible to its reader (a flush to it, or an invalidate)."
        case Rule.RACE | Rule.OVERLAP:
            return "Commands that may run at once do not touch the same bytes when one of them writes."
        case Rule.EXPECT:
            return "The value lives where the program says it may."
        case Rule.AFFINITY:
            return "Every op that needs a device names one (IREE's iree-stream-verify-affinities accepts it)."
        case Rule.ACCESS_RANGE:
            return (
                "Every access stays in its resource's bounds (iree-stream-verify-async-access-ranges "
                "accepts it)."
            )
        case _:
            assert_never(rule)


def _commands(reduction: Reduction) -> list[str]:
    command = f"iree-opt --pass-pipeline='{reduction.stage.pipeline}' one-pass.mlir"
    if reduction.stage.async_ir:
        return [
            f"{command} -o out.mlir",
            "stream-fuzz check --no-compile --async-ir out.mlir  # names the read",
        ]
    return [command]


def _first_release(releases: list[ReleaseResult]) -> str:
    ordered = sorted(releases, key=lambda r: _version_key(r.compiler))
    having = [r for r in ordered if r.has_it]
    if not having:
        return "None of the releases tried has it."
    first = having[0]
    earlier = [r for r in ordered if _version_key(r.compiler) < _version_key(first.compiler)]
    text = f"First release tried that has it: {_release(first)}."
    free = [_release(r) for r in earlier if r.passes]
    other = [_release(r) for r in earlier if not r.passes and not r.reads_none]
    unknown = [_release(r) for r in earlier if r.reads_none]
    if free:
        text += f" Free of it: {', '.join(free)}."
    if other:
        text += f" Not known: {', '.join(other)} fail otherwise, which may hide it."
    if unknown:
        text += f" Not known: {', '.join(unknown)} cannot parse any witness."
    return text


def _release(result: ReleaseResult) -> str:
    return result.compiler.split()[0]


def _version_key(compiler: str) -> tuple[int, ...]:
    match = re.match(r"(\d+)\.(\d+)(?:\.(\d+))?", compiler)
    return tuple(int(g or 0) for g in match.groups()) if match else (0,)


def _code(program: str) -> str:
    """A witness without its comment lines (the entry's header rides on the first one)."""
    return "\n".join(
        line for line in program.strip().splitlines() if not line.lstrip().startswith("//")
    ).strip()


def _loc(text: str) -> str:
    return f"{code_lines(text)} lines"


def _triage(entry: Entry) -> str:
    lines = []
    collecting = False
    for line in entry.text.splitlines():
        if line.startswith("// triage:"):
            collecting = True
            lines.append(line[len("// triage:") :].strip())
        elif collecting and line.startswith("//   "):
            lines.append(line[4:].strip())
        elif collecting:
            break
    return " ".join(lines)


def async_clobber_in_any(judge: Judge, entry: Entry) -> bool | None:
    """`async_clobber_with` over the entry's witnesses: True if any has it, None if none could be read."""
    seen = [async_clobber_with(judge, program, entry.pipeline) for program in entry.programs]
    return True if any(seen) else (False if False in seen else None)


def async_clobber_with(judge: Judge, program: str, pipeline: str) -> bool | None:
    """Does a compiler given with --iree-opt (whose passes the worker cannot stage) read a value after
    overwriting it, in its async IR at the end of the async stage? None when that IR cannot be had."""
    if judge.external is None:
        return None
    args = [f"--pass-pipeline={pipeline}", f"--mlir-print-ir-before={LOOK_BEFORE}",
            "--mlir-print-ir-module-scope", "--mlir-disable-threading", "-o", "/dev/null", "-"]  # fmt: skip
    _, _, stderr = judge.external.run_tool(args, program)
    dumps = [
        chunk
        for chunk in re.split(r"^// -----// IR Dump Before .*$", stderr, flags=re.M)[1:]
        if chunk.strip()
    ]
    if not dumps:
        return None
    verdict = judge.check_output(dumps[0], async_ir=True)
    return any(v.rule is Rule.CLOBBER for v in verdict.violations)


LOOK_BEFORE = MIDWAY[1]  # where the worker reads the async IR of the pinned compiler

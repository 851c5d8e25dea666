"""An upstream issue draft for a corpus entry, in Markdown: what happens, what should happen (from the rule
or the diagnostic), the one-pass and the whole-pipeline reproducers with their command lines, and how each
release tried behaves. It states what the tool measured; why the compiler does it is the entry's triage
(quoted as such), not something this module guesses from C++ it cannot see.

    draft = draft_issue(entry, reduction, [ReleaseResult(compiler, replay, async_clobber), ...])
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from stream_fuzz.corpus.replay import AS_RECORDED, PASSES, UNREADABLE, Replay
from stream_fuzz.corpus.store import Entry, code_lines
from stream_fuzz.judge.findings import Finding
from stream_fuzz.judge.verdict import Judge
from stream_fuzz.oracles import Rule
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
            "bad-output": "The printed IR reads back (`iree-opt` parses its own output).",
        }.get(finding.kind, "The program compiles: it is valid input, and the pass rejects it.")
    rule = finding.rules[0]
    v = finding.violations[0]
    if rule is Rule.CLOBBER:
        return (
            "No value is used after an op overwrote it in place: after copy-on-write an in-place writer is "
            "the last use of what it overwrites, and every pass after it keeps that so (a copy stays where "
            f"it is needed). Here `{v.resource}` is read after being overwritten."
        )
    if rule in (Rule.READ, Rule.WRITE, Rule.EXPORT, Rule.DEALLOCA):
        return (
            f"Storage used by {', '.join(v.consumers) or 'its consumers'} is allocated for them; it is "
            f"allocated on `{v.placed_on or 'no device'}`."
        )
    if rule is Rule.CHANNEL:
        return "A collective runs on the device its channel was created for."
    if rule in (Rule.FLUSH, Rule.INVALIDATE, Rule.TRANSFER):
        return "A transfer's result is made visible to its reader (a flush to it, or an invalidate)."
    if rule in (Rule.RACE, Rule.OVERLAP):
        return "Commands that may run at once do not touch the same bytes when one of them writes."
    return "The value lives where the program says it may."


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


# ---------------------------------------------------------------------------------------------------------
# The draft built from the entry file and its one-pass file as they are (`stream-fuzz report`): the runtime
# proof (or the structural witness), the one-pass reproducer, and the header's releases, triage,
# reachability and related entries, each quoted. Nothing is reduced; the only thing run is the files' own RUN
# lines, on one compiler, to show what they print there.

TOOL_NAMES = ("iree-opt", "iree-compile", "iree-run-module", "FileCheck")
REPRO = "repro.mlir"  # `%s` of the entry, as the draft names it
ONE_PASS = "one-pass.mlir"  # `%s` of the one-pass reproducer
TEMP = "out"  # `%t`: a path the RUN lines may write
_WORD = r"(?<![\w/.-]){}(?![\w/.-])"  # a tool's name as a whole word, as corpus/lit.cfg.py substitutes it
_MAX_OUTPUT_LINES = 30
# An absolute path of this machine (not part of a URL, a relative path, or a rule like `placement/read`).
MACHINE_PATH = re.compile(r"(?<![\w.~:/-])/(?:[\w.+@-]+/)+([\w.+@-]+)")
_EFFECT = {
    "invalid-program": "rejects valid input",
    "crash": "crashes",
    "timeout": "hangs",
    "bad-output": "prints IR it cannot read back",
    "async-clobbered-read": "reads a value after overwriting it in place",
    "wave-race": "lets commands that touch the same bytes run at once",
    "copy-overlap": "copies between overlapping ranges",
    "runtime-error": "makes a program fail at run time",
    "wrong-result": "computes wrong results",
}


@dataclass(frozen=True)
class Tools:
    """The tools the RUN lines name, as paths on this machine (never written into a draft)."""

    iree_opt: Path
    iree_compile: Path
    iree_run_module: Path | None
    filecheck: Path
    version: str  # the release, e.g. "3.13.0rc20261016 @ 89ece87b..."

    @property
    def release(self) -> str:
        return self.version.split()[0]

    def paths(self) -> dict[str, str]:
        named = {"iree-opt": self.iree_opt, "iree-compile": self.iree_compile, "FileCheck": self.filecheck}
        if self.iree_run_module:
            named["iree-run-module"] = self.iree_run_module
        return {name: str(path) for name, path in named.items()}


def find_tools(iree_opt: Path | None = None) -> Tools:
    """The pinned compiler (or `iree_opt`), the `iree-compile` beside it, the `iree-run-module` of its own
    release (beside it, else this Python's), and FileCheck: what corpus/lit.cfg.py substitutes."""
    import shutil
    import sys

    from stream_fuzz.compiler import native_iree_opt
    from stream_fuzz.compiler.subprocess_backend import probe_version

    opt = (iree_opt or native_iree_opt()).absolute()
    if opt.is_dir():
        opt = opt / "iree-opt"
    run_module: Path | None = opt.resolve().parents[2] / "_runtime_libs" / "iree-run-module"
    if run_module is None or not run_module.is_file():
        run_module = None
        try:
            import iree.runtime

            mine = Path(iree.runtime.__file__).resolve().parents[1] / "_runtime_libs" / "iree-run-module"
            run_module = mine if mine.is_file() else None
        except ImportError:
            pass
    found = shutil.which("filecheck", path=str(Path(sys.executable).parent)) or shutil.which("filecheck")
    if not found:
        raise FileNotFoundError("no `filecheck` command (pip install filecheck)")
    return Tools(opt, opt.with_name("iree-compile"), run_module, Path(found), probe_version(opt))


@dataclass(frozen=True)
class Outcome:
    """What a file's RUN lines did: the first command that failed (or the last one), and what it printed."""

    command: str  # as the draft shows it
    failed: bool
    output: str  # what the command printed, with this machine's paths taken out
    timed_out: bool = False
    seconds: float = 0.0


def run_commands(text: str, keep_breaks: bool = False) -> list[str]:
    """The RUN commands of a lit file, `\\`-continued lines joined (with a newline where they were broken
    when `keep_breaks`)."""
    commands: list[str] = []
    pending = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped.startswith("// RUN:"):
            continue
        part = stripped[len("// RUN:") :].strip()
        if part.endswith("\\"):
            pending += part[:-1].strip() + ("\n" if keep_breaks else " ")
            continue
        commands.append((pending + part).strip())
        pending = ""
    if pending:
        commands.append(pending.strip())
    return commands


def portable(command: str, name: str) -> str:
    """A RUN command as an IREE engineer pastes it: `%s` is the file, `%t` a path to write."""
    return command.replace("%s", name).replace("%t", TEMP)


def lit_text(text: str) -> str:
    """The file as a lit test to paste: the project's header (the `// key: value` block before the first
    RUN or REQUIRES line) dropped; RUN, CHECK and every other line kept."""
    lines = text.splitlines()
    start = 0
    for number, line in enumerate(lines):
        if line.startswith(("// RUN:", "// REQUIRES:")) or not line.startswith("//"):
            start = number
            break
    return "\n".join(lines[start:]).strip() + "\n"


def run_file(text: str, name: str, tools: Tools, timeout: float) -> Outcome:
    """Run `text`'s RUN lines as lit would (each in bash with pipefail, `not` inverting), in a fresh folder
    where the file is `name`; stop at the first command that fails."""
    import os
    import signal
    import subprocess
    import tempfile
    import time

    commands = run_commands(text)
    if not commands:
        return Outcome("", False, "(no RUN line)")
    with tempfile.TemporaryDirectory(prefix="stream-fuzz-report-") as folder:
        (Path(folder) / name).write_text(text)
        outcome = Outcome(portable(commands[-1], name), False, "")
        for command in commands:
            shown = portable(command, name)
            real = shown
            for tool, path in tools.paths().items():
                real = re.sub(_WORD.format(re.escape(tool)), path.replace("\\", "\\\\"), real)
            script = 'set -o pipefail\nnot() { ! "$@"; }\n' + real + "\n"
            started = time.monotonic()
            process = subprocess.Popen(
                ["bash", "-c", script],
                cwd=folder,
                stdout=subprocess.PIPE,
                stderr=subprocess.STDOUT,
                text=True,
                start_new_session=True,
            )
            try:
                output, _ = process.communicate(timeout=timeout)
                timed_out = False
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                output, _ = process.communicate()
                timed_out = True
            seconds = time.monotonic() - started
            output = _clean(output, tools, folder)
            outcome = Outcome(shown, timed_out or process.returncode != 0, output, timed_out, seconds)
            if outcome.failed:
                break
    return outcome


def _clean(output: str, tools: Tools, folder: str) -> str:
    """Output without this machine's paths: tools by name, the work folder dropped; at most a screenful."""
    for tool, path in sorted(tools.paths().items(), key=lambda item: -len(item[1])):
        output = output.replace(path, tool)
        output = output.replace(str(Path(path).resolve()), tool)
    output = output.replace(folder + "/", "").replace(folder, ".")
    output = MACHINE_PATH.sub(lambda m: m.group(1), output)  # a library in a backtrace: its name
    lines = [line.rstrip() for line in output.strip().splitlines()]
    if len(lines) > _MAX_OUTPUT_LINES:
        lines = [*lines[:_MAX_OUTPUT_LINES], f"... ({len(lines) - _MAX_OUTPUT_LINES} more lines)"]
    return "\n".join(lines)


def header_value(text: str, key: str) -> str:
    """A header line's value with its continuation lines (`//   ...`) joined: '' when absent."""
    found: list[str] = []
    for line in text.splitlines():
        if found:
            if line.startswith("//   ") and not _is_key(line):
                more = line[2:].strip()
                if found[-1].endswith("-") and not found[-1].endswith(" -"):  # a word broken at a hyphen
                    found[-1] += more
                else:
                    found.append(more)
                continue
            break
        if line.lower().startswith(f"// {key}:"):
            found.append(line[len(f"// {key}:") :].strip())
        elif line.startswith("// RUN:"):
            break
    return " ".join(found).strip()


def _is_key(line: str) -> bool:
    return bool(re.match(r"^//\s{0,2}[A-Za-z][\w -]*:\s", line))


def runs_a_program(text: str) -> bool:
    """Does the file compile and run a program (a runtime witness)?"""
    word = re.compile(_WORD.format("iree-run-module"))
    return any(word.search(command) for command in run_commands(text))


@dataclass(frozen=True)
class Related:
    """Other corpus entries one fix would close, by name, and other signatures of this root cause."""

    entries: tuple[str, ...] = ()
    signatures: tuple[str, ...] = ()


def related(entry: Entry, corpus: list[Entry]) -> Related:
    by_signature = {sig: other.path.stem for other in corpus for sig in other.signatures if other != entry}
    tokens = [t for t in re.split(r"[,\s]+", header_value(entry.text, "same-fix-as")) if t]
    entries = [Path(t).stem for t in tokens]
    signatures = []
    for alias in entry.aliases:
        if alias in by_signature:
            entries.append(by_signature[alias])
        else:
            signatures.append(alias)
    entries = [e for e in dict.fromkeys(entries) if e != entry.path.stem]
    return Related(tuple(entries), tuple(signatures))


def draft_from_entry(
    entry: Entry,
    main: Outcome,
    one_pass: tuple[Entry, Outcome] | None,
    tools_release: str,
    also: Related = Related(),
) -> str:
    """The upstream issue draft for `entry`, from its file (and its one-pass file) as they are, and what
    their RUN lines printed on the compiler `tools_release`."""
    text = entry.text
    program = runs_a_program(text)
    wrong_data = program and "[FAILED]" in main.output
    pass_name = entry.pass_name or header_value(text, "pass")
    # `cse (on func.func, ...)`: the pass alone; none when the header names no pass ("(the printer ...)")
    short = pass_name.split()[0] if re.match(r"[\w-]+(\s|$)", pass_name) else ""
    lines = [f"# [Stream] {_entry_title(entry, short, wrong_data)}", ""]
    lines += [_summary(entry, short, wrong_data, main, tools_release), ""]
    if program:
        lines += ["## Runtime proof: the program computes wrong results" if wrong_data else
                  "## Reproducer: the program, compiled and run", ""]  # fmt: skip
        lines += [
            f"Save this as `{REPRO}` (its `RUN:` lines are the commands; it is also a lit test):",
            "",
        ]
    else:
        lines += [
            "## Reproducer",
            "",
            f"Save this as `{REPRO}` (a lit test: its `RUN:` lines are the commands):",
            "",
        ]
    lines += ["```mlir", lit_text(text).rstrip(), "```", "", "```bash", *_shell(text, REPRO), "```", ""]
    if program:
        expected = _expected_outputs(text)
        if expected:
            lines += [
                "The correct results are the `--expected_output` values: "
                + ", ".join(f"`{e}`" for e in expected)
                + " (why, in the program's comments).",
                "",
            ]
    lines += _what_it_prints(main, tools_release)
    if one_pass is not None:
        reduced, outcome = one_pass
        one_text = lit_text(reduced.text)
        lines += [
            "## The one pass that breaks it",
            "",
            f"The same bug with `{reduced.pass_name or pass_name}` alone: its input is valid IR, the CHECK "
            "lines state a property every correct output has.",
            "",
            f"Save this as `{ONE_PASS}`:",
            "",
            "```mlir",
            one_text.rstrip(),
            "```",
            "",
            "```bash",
            *_shell(reduced.text, ONE_PASS),
            "```",
            "",
            *_what_it_prints(outcome, tools_release),
        ]
    releases = header_value(text, "releases") or entry.releases  # with its continuation lines
    lines += ["## Releases", ""]
    lines += [f"> {releases}" if releases else "Not computed yet.", ""]
    triage = header_value(text, "triage")
    if triage or pass_name:
        lines += ["## Root cause (the project's triage, not confirmed upstream)", ""]
        if pass_name:
            lines += [f"Pass: {pass_name if '`' in pass_name else f'`{pass_name}`'}.", ""]
        if triage:
            lines += [f"> {triage}", ""]
    reachability = header_value(text, "reachability")
    if reachability:
        lines += ["## Reachability", "", f"> {reachability}", ""]
    if also.entries or also.signatures:
        lines += ["## One fix would also close", ""]
        lines += [f"- `{name}` (another corpus entry of this root cause)" for name in also.entries]
        if also.signatures:
            lines.append(
                "- the fuzzer's findings " + ", ".join(f"`{s}`" for s in also.signatures) + " (other "
                "programs that show this root cause; no entries of their own)"
            )
        lines.append("")
    lines += [
        "---",
        "Found by stream-fuzz (property-based fuzzing of IREE's multi-device stream scheduling); corpus "
        f"entry `{entry.path.name}`. Drafted from the entry by `stream-fuzz report`.",
    ]
    return "\n".join(lines).rstrip() + "\n"


def _entry_title(entry: Entry, pass_name: str, wrong_data: bool) -> str:
    given = header_value(entry.text, "title")
    if given:
        return given
    kind = entry.signature.rsplit("-", 1)[0]
    words = entry.path.stem.removeprefix(f"{kind}-").replace("-", " ")
    effect = "wrong results at run time" if wrong_data else _effect(entry, kind)
    where = f" in `{pass_name}`" if pass_name else ""
    return f"{words} ({effect}{where})"


def _effect(entry: Entry, kind: str) -> str:
    if kind in _EFFECT:
        return _EFFECT[kind]
    rules = entry.title.split(":", 1)[-1].strip()  # "placement/read, visibility/transfer"
    if kind.startswith("placement"):
        return f"places a resource where a device that uses it cannot reach it ({rules})"
    if kind.startswith("visibility"):
        return f"leaves a transfer's result invisible to its reader ({rules})"
    return entry.title


def _summary(entry: Entry, pass_name: str, wrong_data: bool, main: Outcome, release: str) -> str:
    kind = entry.signature.rsplit("-", 1)[0]
    who = f"`{pass_name}`" if pass_name else "The stream pipeline"
    if wrong_data:
        what = "miscompiles a valid program: `iree-run-module` returns wrong results"
    else:
        what = _effect(entry, kind)
    seen = f"on {release}" if main.failed else f"(did not show on {release} in this run)"
    return (
        f"{who} {what} {seen}. The reproducer below is valid input; the commands use only IREE's tools "
        "and FileCheck."
    )


def _shell(text: str, name: str) -> list[str]:
    """The RUN commands as shell lines, broken where the file breaks them."""
    out: list[str] = []
    for command in run_commands(text, keep_breaks=True):
        parts = portable(command, name).split("\n")
        out += [part + " \\" for part in parts[:-1]] + [parts[-1]]
        out[len(out) - len(parts) + 1 :] = ["  " + line for line in out[len(out) - len(parts) + 1 :]]
    return out


def _expected_outputs(text: str) -> list[str]:
    found: list[str] = []
    for command in run_commands(text):
        found += re.findall(r"--expected_output=(\S+)", command)
    return found


def _what_it_prints(outcome: Outcome, release: str) -> list[str]:
    if not outcome.command:
        return []
    tool = outcome.command.split()[0] if outcome.command.split()[0] != "not" else outcome.command.split()[1]
    if outcome.timed_out:
        head = f"On {release}, `{tool}` does not finish (killed after {outcome.seconds:.0f} s)"
        return [head + (":" if outcome.output else "."), *_block(outcome.output)]
    if not outcome.failed:
        return [f"On {release} every command passes: the bug did not show in this run.", ""]
    if "[FAILED]" in outcome.output:
        head = f"On {release}, `iree-run-module` returns the wrong results (the expected ones above):"
    elif "FileCheck" in outcome.command and "error:" in outcome.output:
        head = f"On {release}, FileCheck finds the output wrong:"
    else:
        head = f"On {release}, `{tool}` fails:"
    return [head, *_block(outcome.output)]


def _block(output: str) -> list[str]:
    return ["", "```text", output.rstrip() or "(nothing)", "```", ""] if output else [""]

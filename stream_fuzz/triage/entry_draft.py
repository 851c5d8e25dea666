"""The draft built from the entry file and its one-pass file as they are (`stream-fuzz report`): the runtime
proof (or the structural witness), the one-pass reproducer, and the header's releases, triage,
reachability and related entries, each quoted. Nothing is reduced; the only thing run is the files' own RUN
lines, on one compiler, to show what they print there."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from stream_fuzz.corpus.entry import Entry
from stream_fuzz.triage.run_lines import (
    ONE_PASS,
    REPRO,
    Outcome,
    header_value,
    lit_text,
    portable,
    run_commands,
    runs_a_program,
)

_EFFECT = {
    "invalid-program": "rejects valid input",
    "crash": "crashes",
    "timeout": "hangs",
    "bad-output": "prints IR that does not read back as printed",
    "async-clobbered-read": "reads a value after overwriting it in place",
    "wave-race": "lets commands that touch the same bytes run at once",
    "copy-overlap": "copies between overlapping ranges",
    "runtime-error": "makes a program fail at run time",
    "wrong-result": "computes wrong results",
}


@dataclass(frozen=True)
class Related:
    """Other corpus entries one fix would close, by name, and other signatures of this root cause."""

    entries: tuple[str, ...] = ()
    signatures: tuple[str, ...] = ()


def related(entry: Entry, corpus: list[Entry]) -> Related:
    """The entries `same-fix-as` names (its words that are entries of the corpus: the line may say why in
    prose), and the aliases no other entry lists. An alias another entry lists too is a shape two root
    causes share, told apart by their symptoms (docs/corpus.md): not a sign that one fix closes both."""
    stems = {other.path.stem for other in corpus}
    shared = {sig for other in corpus if other.path != entry.path for sig in other.signatures}
    tokens = [
        Path(t.strip("().;:")).stem for t in re.split(r"[,\s]+", header_value(entry.text, "same-fix-as"))
    ]
    entries = [t for t in dict.fromkeys(tokens) if t in stems and t != entry.path.stem]
    signatures = [alias for alias in entry.aliases if alias not in shared]
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
        lines += [f"Save this as `{REPRO}` (its `RUN:` lines are the commands; it is also a lit test):", ""]
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

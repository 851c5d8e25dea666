"""CHECK lines are honest: every correct compiler output passes them, not only the one layout their author had
in mind.

tests/corpus/correct_outputs/<entry>/ holds, for a corpus entry (or `one-pass/<entry>` for a one-pass file)
whose RUN lines run FileCheck on an output, complete correct outputs of its program: what that FileCheck
reads. Each file's first line says where it came from: `// output of iree-opt 3.N.0 ...` (a release without
the bug, or, for a not-a-bug entry, the pinned one) or `// hand repair: ...` (the buggy output with the fault
repaired the way an IREE engineer might, with why the result is correct). Every file must pass every
FileCheck of the entry's RUN lines, with their options; every open entry with CHECK lines needs at least two
structurally different such outputs, or a place in KNOWN_GAPS saying why not yet. No compiler runs here: the
data files are the outputs.
"""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest
from filecheck.matcher import Matcher
from filecheck.options import Options, parse_argv_options

from stream_fuzz.corpus.entry import MalformedEntry, read_entry

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT / "corpus"
DATA = Path(__file__).resolve().parent / "correct_outputs"
ENTRIES = sorted(CORPUS.glob("*.mlir")) + sorted(CORPUS.glob("one-pass/*.mlir"))
ORIGINS = ("// output of iree-opt 3.", "// hand repair: ")
# The FileCheck options this test knows how to pass on (parse_argv_options silently drops others).
KNOWN_OPTIONS = {
    "--check-prefix",
    "--check-prefixes",
    "--comment-prefixes",
    "--strict-whitespace",
    "--enable-var-scope",
    "--match-full-lines",
    "--allow-empty",
    "--reject-empty-vars",
    "--dump-input",
}

# Open entries with FileCheck CHECK lines that have fewer than two correct outputs yet, and why. The test
# fails when an entry here gets its data (drop it from the list) and when a new entry arrives without data.
KNOWN_GAPS: dict[str, str] = {}  # none today: every open entry with CHECK lines has its outputs


def _key(path: Path) -> str:
    """An entry's name below corpus/ without `.mlir`: its folder under correct_outputs/."""
    return str(path.relative_to(CORPUS).with_suffix(""))


def run_lines(text: str) -> list[str]:
    """The entry's RUN commands, continuation lines (`\\` at the end) joined."""
    commands: list[str] = []
    pending = ""
    for line in text.splitlines():
        match = re.match(r"^//\s*RUN:\s?(.*)$", line)
        if not match:
            continue
        part = match[1].rstrip()
        if part.endswith("\\"):
            pending += part[:-1] + " "
        else:
            commands.append(pending + part)
            pending = ""
    return commands


def filecheck_runs(path: Path) -> list[tuple[str, list[str]]]:
    """Each `FileCheck` of the entry's RUN lines: what it reads (`pipe <n>` for the output piped in by RUN
    command n, else the file it reads, `%t`, given by `< %t` or `--input-file %t`) and its other arguments,
    `%s` standing for the entry itself."""
    found: list[tuple[str, list[str]]] = []
    for number, command in enumerate(run_lines(path.read_text())):
        for index, stage in enumerate(command.split("|")):
            words = shlex.split(stage)
            if not words or words[0] != "FileCheck":
                continue
            source, arguments, rest = f"pipe {number}", [], iter(words[1:])
            for word in rest:
                if word in ("<", "--input-file", "-input-file"):
                    source = next(rest, "")
                elif word.startswith(("--input-file=", "-input-file=")):
                    source = word.split("=", 1)[1]
                else:
                    arguments.append(str(path) if word == "%s" else word)
            if index == 0 and source.startswith("pipe"):
                continue  # FileCheck reading nothing: not a check of an output
            found.append((source, arguments))
    return found


def filecheck_arguments(path: Path) -> list[list[str]]:
    """The arguments of each `FileCheck` the entry's RUN lines run on an output."""
    return [arguments for _, arguments in filecheck_runs(path)]


def _options(arguments: list[str], output: Path) -> Options:
    for word in arguments:
        if word.startswith("-") and not word.startswith("-D"):
            name = "--" + word.lstrip("-").split("=", 1)[0]
            assert name in KNOWN_OPTIONS, f"FileCheck option {word} is not passed on by this test"
    return parse_argv_options(["FileCheck", *arguments, "--input-file", str(output)])


def filecheck(arguments: list[str], output: Path) -> tuple[bool, str]:
    """FileCheck (the `filecheck` package, in-process) on `output`; the second item is its complaint."""
    complaint = io.StringIO()
    with contextlib.redirect_stderr(complaint), contextlib.redirect_stdout(io.StringIO()):
        code = Matcher.from_opts(_options(arguments, output)).run()
    return code == 0, complaint.getvalue().strip()


def _is_open(path: Path) -> bool:
    """A malformed header is test_corpus.py's to report, not this file's."""
    try:
        return read_entry(path).status == "open"
    except MalformedEntry:
        return False


CHECKED = {_key(path): path for path in ENTRIES if filecheck_arguments(path)}
OPEN = sorted(key for key, path in CHECKED.items() if _is_open(path))
OUTPUTS = sorted(DATA.glob("**/*.mlir"))


def _entry_of(output: Path) -> str:
    return str(output.parent.relative_to(DATA))


def _outputs(key: str) -> list[Path]:
    folder = DATA / key
    return sorted(folder.glob("*.mlir")) if folder.is_dir() else []


@pytest.mark.parametrize("output", OUTPUTS, ids=[str(o.relative_to(DATA)) for o in OUTPUTS])
def test_correct_output_passes_the_entry_checks(output: Path) -> None:
    key = _entry_of(output)
    assert key in CHECKED, f"{key}: no corpus entry with a RUN line piping into FileCheck"
    first = output.read_text().splitlines()[0]
    assert first.startswith(ORIGINS), f"first line must say where the output came from: {first!r}"
    runs = filecheck_runs(CHECKED[key])
    # Several FileChecks on one output (e.g. a HAS prefix and the CHECK lines, both reading %t): a correct
    # output passes every one. FileChecks of different outputs would need data per output.
    assert len({source for source, _ in runs}) == 1, "FileChecks of several outputs: say which data is whose"
    for arguments in dict.fromkeys(tuple(a) for _, a in runs):
        ok, complaint = filecheck(list(arguments), output)
        assert ok, (
            f"the CHECK lines of {key} ({' '.join(arguments)}) reject a correct output:\n{complaint[-3000:]}"
        )


@pytest.mark.parametrize("key", OPEN)
def test_open_entry_has_two_correct_outputs(key: str) -> None:
    count = len(_outputs(key))
    if key in KNOWN_GAPS:
        assert count < 2, f"{key} has {count} correct outputs now: take it off KNOWN_GAPS"
        pytest.skip(f"known gap: {KNOWN_GAPS[key]}")
    assert count >= 2, f"{key}: {count} correct outputs under {DATA.name}/{key}; its CHECK lines need two"


@pytest.mark.parametrize("key", sorted(CHECKED))
def test_correct_outputs_of_an_entry_differ(key: str) -> None:
    """Two copies of one output are one output: each file must differ from the others below its first line."""
    bodies = [output.read_text().split("\n", 1)[-1] for output in _outputs(key)]
    assert len(set(bodies)) == len(bodies), f"{key}: two correct outputs are the same text"


def test_known_gaps_name_open_checked_entries() -> None:
    stale = sorted(set(KNOWN_GAPS) - set(OPEN))
    assert not stale, f"KNOWN_GAPS names entries that are not open entries with CHECK lines: {stale}"


def test_the_filecheck_run_is_not_vacuous(tmp_path: Path) -> None:
    """The in-process FileCheck rejects what it should, so a passing output above means something."""
    checks = tmp_path / "entry.mlir"
    checks.write_text("// CHECK: stream.cmd.copy\n// CHECK-NOT: @d3\n")
    output = tmp_path / "out.mlir"
    output.write_text("stream.cmd.copy %a\n on(@d3)\n")
    assert not filecheck([str(checks)], output)[0]
    output.write_text("stream.cmd.copy %a\n on(@d0)\n")
    assert filecheck([str(checks)], output)[0]
    prefixed = tmp_path / "prefixed.mlir"
    prefixed.write_text("// OTHER: nowhere\n// CHECK: stream\n")
    assert filecheck([str(prefixed)], output)[0]
    assert not filecheck([str(prefixed), "--check-prefix=OTHER"], output)[0]


def test_filecheck_runs_are_found_piped_or_reading_a_file(tmp_path: Path) -> None:
    """A FileCheck reads a pipe or a file (`< %t`, `--input-file %t`); the file is not an option."""
    entry = tmp_path / "entry.mlir"
    entry.write_text(
        "// RUN: iree-opt %s | FileCheck %s\n"
        "// RUN: iree-opt %s -o %t\n"
        "// RUN: FileCheck --strict-whitespace --check-prefix=HAS %s < %t\n"
        "// RUN: FileCheck %s --input-file %t\n"
    )
    assert filecheck_runs(entry) == [
        ("pipe 0", [str(entry)]),
        ("%t", ["--strict-whitespace", "--check-prefix=HAS", str(entry)]),
        ("%t", [str(entry)]),
    ]

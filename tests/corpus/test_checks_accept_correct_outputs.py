"""CHECK lines are honest: every correct compiler output passes them, not only the one layout their author had
in mind.

tests/corpus/correct_outputs/<entry>/ holds, for a corpus entry (or `one-pass/<entry>` for a one-pass file)
whose RUN lines pipe into FileCheck, complete correct outputs of its program: what that FileCheck reads. Each
file's first line says where it came from: `// output of iree-opt 3.N.0 ...` (a release without the bug, or,
for a not-a-bug entry, the pinned one) or `// hand repair: ...` (the buggy output with the fault repaired the
way an IREE engineer might, with why the result is correct). Every file must pass FileCheck with the entry's
CHECK lines and the options of its RUN line; every open entry with CHECK lines needs at least two
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

from stream_fuzz.corpus import MalformedEntry, read_entry

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
KNOWN_GAPS: dict[str, str] = {
    # The entries of other helpers' families: their data (or their RUN lines) are being reworked in parallel.
    "async-clobbered-read-late-cse-merges-a-writer-and-a-reader": "being rewritten as a runtime witness",
    "copy-overlap-identity-copy-reaches-the-hal": "being rewritten as a runtime witness",
    "one-pass/copy-overlap-identity-copy-reaches-the-hal": "being rewritten as a runtime witness",
    "wave-race-tied-chain-not-compared": "being rewritten as a runtime witness",
    "one-pass/wave-race-tied-chain-not-compared": "being rewritten as a runtime witness",
    # Entries of h4 (the zero-length crash, the transfer of a barrier): data pending.
    "crash-concurrency-joins-zero-length-producer-and-consumer": "h4's entry: not in h6's brief, data pending",
    "one-pass/crash-concurrency-joins-zero-length-producer-and-consumer": "h4's entry: not in h6's brief, data pending",
    "invalid-program-transfer-of-barrier-not-partitioned": "h4's entry: not in h6's brief, data pending",
    "one-pass/invalid-program-transfer-of-barrier-not-partitioned": "h4's entry: not in h6's brief, data pending",
}


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


def filecheck_arguments(path: Path) -> list[list[str]]:
    """The arguments of each `FileCheck` a RUN line pipes into, `%s` standing for the entry itself."""
    found: list[list[str]] = []
    for command in run_lines(path.read_text()):
        for stage in command.split("|")[1:]:
            words = shlex.split(stage)
            if words and words[0] == "FileCheck":
                found.append([str(path) if word == "%s" else word for word in words[1:]])
    return found


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
    arguments = filecheck_arguments(CHECKED[key])
    assert len({tuple(a) for a in arguments}) == 1, "several FileCheck option sets: say which data is whose"
    ok, complaint = filecheck(arguments[0], output)
    assert ok, f"the CHECK lines of {key} reject a correct output:\n{complaint[-3000:]}"


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

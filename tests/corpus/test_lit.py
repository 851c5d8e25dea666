"""The corpus is a real lit suite: `lit corpus/` passes on the pinned compiler, every open entry failing
(XFAIL) because FileCheck (or the oracle) rejected the compiler's output, never because a RUN line itself
is broken."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from stream_fuzz.corpus.entry import read_entry
from stream_fuzz.judge.l3 import PIPELINE as L3_PIPELINE

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
# The entries and their one-pass reproducers (`stream-fuzz reduce`), both lit tests of the suite.
ENTRIES = (
    sorted(CORPUS.glob("*.mlir"))
    + sorted(CORPUS.glob("one-pass/*.mlir"))
    + sorted(CORPUS.glob("frontend/*.mlir"))
)


def _name(path: Path) -> str:
    """How lit names a test: its path below corpus/."""
    return str(path.relative_to(CORPUS))


# What a RUN line that is itself broken prints: such a failure would pass as an expected one.
BROKEN = (
    "command not found",
    "No such file or directory",
    "No module named",
    "Permission denied",
    "Traceback",
)
# `XFAIL: stream-fuzz corpus :: name.mlir (3 of 18)` and what lit printed for it, up to the next test.
_TEST = re.compile(
    r"^(\w+): stream-fuzz corpus :: (\S+) \(\d+ of \d+\)\n(.*?)(?=^\w+: stream-fuzz|\Z)", re.M | re.S
)


@pytest.fixture(scope="module")
def lit_run(tmp_path_factory: pytest.TempPathFactory) -> subprocess.CompletedProcess[str]:
    exec_root = tmp_path_factory.mktemp("lit")
    return subprocess.run(
        [str(Path(sys.executable).parent / "lit"), str(CORPUS), "-a", "-D", f"exec_root={exec_root}"],
        capture_output=True,
        text=True,
        timeout=900,
    )


def _blocks(output: str) -> dict[str, tuple[str, str]]:
    """test file name -> (lit's result code, what lit printed for the test)."""
    blocks: dict[str, tuple[str, str]] = {}
    for match in _TEST.finditer(output):
        blocks[match[2]] = (match[1], match[3])
    return blocks


# What an IREE engineer has: IREE's tools, LLVM's FileCheck and lit's `not`. Nothing of this project.
IREE_TOOLS = {"iree-opt", "iree-compile", "iree-run-module", "FileCheck", "not"}


def _run_commands(path: Path) -> list[str]:
    """Each RUN command of a file (continuation lines joined)."""
    commands, current = [], ""
    for line in path.read_text().splitlines():
        found = re.match(r"//\s*RUN:\s?(.*)$", line)
        if not found:
            continue
        current += found[1].rstrip()
        if current.endswith("\\"):
            current = current[:-1] + " "
        else:
            commands.append(current)
            current = ""
    return commands


@pytest.mark.parametrize("path", ENTRIES, ids=[_name(p) for p in ENTRIES])
def test_run_lines_use_only_iree_tools(path: Path) -> None:
    commands = _run_commands(path)
    assert commands, "an entry without RUN lines tests nothing"
    for command in commands:
        for stage in re.split(r"\|\|?|&&", command):
            words = stage.split()
            tool = next((word for word in words if word != "not" and not word.startswith("--")), None)
            assert not words or words[0] in IREE_TOOLS, (command, words[0])
            assert tool is None or tool in IREE_TOOLS, (command, tool)


@pytest.mark.slow
def test_lit_passes_with_open_entries_expected_to_fail(lit_run: subprocess.CompletedProcess[str]) -> None:
    assert lit_run.returncode == 0, lit_run.stdout[-6000:] + lit_run.stderr[-2000:]
    results = {name: code for name, (code, _) in _blocks(lit_run.stdout).items()}
    assert set(results) == {_name(path) for path in ENTRIES}, "lit did not run every entry"
    for path in ENTRIES:
        expected = "XFAIL" if read_entry(path).status == "open" else "PASS"
        assert results[_name(path)] == expected, (_name(path), results[_name(path)])


@pytest.mark.slow
@pytest.mark.parametrize("path", ENTRIES, ids=[_name(p) for p in ENTRIES])
def test_an_open_entry_fails_because_filecheck_rejects_the_output(
    path: Path, lit_run: subprocess.CompletedProcess[str]
) -> None:
    entry = read_entry(path)
    if entry.status != "open":
        pytest.skip(f"status {entry.status}: lit expects it to pass")
    _, printed = _blocks(lit_run.stdout)[_name(path)]
    assert not any(sign in printed for sign in BROKEN), printed[-3000:]
    if entry.kind == "timeout":
        assert "Reached timeout" in printed, printed[-3000:]  # the hang itself, cut off by lit
        return
    if entry.kind == "invalid-program":
        # The compiler rejects the valid program in the bug's own words (`failure:`), shown by the RUN line
        # that compiles it alone (an entry whose witnesses share no words: in any words).
        signs = entry.failure_signs or (": error: ",)
        assert any(sign in printed for sign in signs), printed[-3000:]
        return
    if entry.pipeline == L3_PIPELINE:
        # What the buggy compiler's program does wrong, as lit shows it: iree-compile dies or rejects the
        # program, iree-run-module fails (an IREE status) or finds a result not NumPy's, or FileCheck
        # rejects the stream-phase IR.
        sign = {
            "crash": r"Stack dump:",
            "runtime-error": r"\b(INVALID_ARGUMENT|FAILED_PRECONDITION|OUT_OF_RANGE|INTERNAL|UNKNOWN); ",
            "wrong-result": r"\[FAILED\]",
            "violation": rf"{re.escape(path.name)}:\d+: error: ",
        }[entry.kind]
        assert re.search(sign, printed, re.M), printed[-3000:]
        return
    # FileCheck's complaint about the output; or, for a stream-IR program run as a runtime witness,
    # iree-run-module finding a wrong number.
    about_output = "|".join(
        (
            rf"{re.escape(path.name)}:\d+: error: ",
            "filecheck error: '<stdin>' is empty",
            r"^# \| \[FAILED\] result\[\d+\]",
        )
    )
    complaint = re.search(about_output, printed, re.M)
    assert complaint, f"no complaint about the output:\n{printed[-3000:]}"
    if entry.kind == "crash":
        assert "command failed with exit status: -11" in printed or "Stack dump:" in printed
    if entry.kind == "bad-output":
        # ...and the output it rejected is the compiler's failure (its error).
        assert re.search(r"error: |is empty", printed[: complaint.start()] + printed[complaint.end() :])

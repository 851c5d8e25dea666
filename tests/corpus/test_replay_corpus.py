"""Replay every entry in corpus/ against the pinned compiler, through the oracle and as a lit test.

An `open` entry is a known compiler bug: a strict expected failure, so the day IREE fixes it this
suite says so (and its status line should become `fixed`). A `fixed` entry must pass: a regression fails.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from stream_fuzz.corpus import Entry, read_entry
from stream_fuzz.judge import Judge
from stream_fuzz.replay import NOW_PASSING, replay_entry

CORPUS = Path(__file__).resolve().parent.parent.parent / "corpus"
ENTRIES = sorted(CORPUS.glob("*.mlir"))


# Entries are shrunk programs that compile in milliseconds; an entry that hangs (a `timeout` finding)
# must not hold the suite for long.
TIMEOUT_S = 10


@pytest.fixture(scope="module")
def judge() -> Judge:
    with Judge(timeout=TIMEOUT_S) as pinned:
        yield pinned


def _params() -> list[object]:
    params = []
    for path in ENTRIES:
        entry = read_entry(path)  # a malformed entry fails collection loudly, naming the file
        marks = []
        if entry.status == "open":
            marks.append(pytest.mark.xfail(strict=True, reason=f"open compiler bug {entry.signature}"))
        params.append(pytest.param(entry, id=path.stem, marks=marks))
    return params


@pytest.mark.parametrize("entry", _params())
def test_entry_replays_clean(entry: Entry, judge: Judge) -> None:
    replay = replay_entry(entry, judge)
    if entry.status == "not-a-bug":
        assert replay.state == NOW_PASSING or replay.same_signature, replay.reason
        return
    assert replay.state == NOW_PASSING, replay.reason


def run_line(entry: Entry, iree_opt: Path) -> subprocess.CompletedProcess[str]:
    """Run the entry's `// RUN:` line as lit would, with the wheel's iree-opt and the filecheck package."""
    [run] = [line.split("RUN:", 1)[1] for line in entry.text.splitlines() if line.startswith("// RUN:")]
    filecheck = f"{shlex.quote(sys.executable)} -m filecheck"
    command = run.replace("%s", shlex.quote(str(entry.path))).replace("iree-opt", shlex.quote(str(iree_opt)))
    command = command.replace("FileCheck", filecheck)
    # A session of its own: on a hang the whole pipeline (bash, iree-opt, FileCheck) is killed, not just bash.
    process = subprocess.Popen(
        ["bash", "-o", "pipefail", "-c", command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(timeout=TIMEOUT_S)
    except subprocess.TimeoutExpired:  # lit would time out too: the test fails
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        return subprocess.CompletedProcess(command, 124, "", "error: timed out (the compiler hangs)")
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)


@pytest.mark.parametrize("path", ENTRIES, ids=[p.stem for p in ENTRIES])
def test_run_line_works_as_a_lit_test(path: Path, native_iree_opt: Path) -> None:
    entry = read_entry(path)
    done = run_line(entry, native_iree_opt)
    if "no CHECK line distinguishes" in entry.text:
        # Its CHECK lines cannot tell the faulty output from a correct one (the header says so): as a lit
        # test it only shows the program compiles; `test_entry_replays_clean` judges it with the oracle.
        assert done.returncode == 0, done.stderr[-2000:]
    elif entry.status == "open":
        assert done.returncode != 0, "an open bug's lit test passes: fixed upstream? update its status"
        # ...and it fails because of the compiler, not because the RUN line itself is broken.
        assert "error" in done.stderr and "No module named" not in done.stderr, done.stderr[-2000:]
        assert "command not found" not in done.stderr, done.stderr[-2000:]
    elif entry.status == "fixed":
        assert done.returncode == 0, done.stderr[-2000:]


def test_corpus_is_not_empty() -> None:
    assert ENTRIES, "corpus/ has no entries to replay"

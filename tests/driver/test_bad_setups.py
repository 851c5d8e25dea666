"""A CI stage that never cries wolf: every bad input, broken setup or fault a user can cause gets a clear
answer with the documented exit status, no traceback, and nothing written that is not a finding.

Compilers, budgets, workers, signals and options (`test_bad_files.py` has disks, files, corpus entries
and Redis). One table: each row is a case from the field (what a user did), run against the real pinned
compiler or a small fake compiler script, with what must happen.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CORPUS
from tests.driver.bad_setup_tools import (
    FAST,
    L1_ENTRY,
    SEED,
    fake_compiler,
    no_traceback,
    stream_fuzz,
    written,
)


def broken_compiler_binary(tmp: Path) -> None:
    ran = stream_fuzz("run", *FAST, "--iree-opt", "/bin/false", "--corpus", str(tmp / "c"))
    assert ran.code == 2 and "fails on a known-good l2 program" in ran.err
    assert written(tmp / "c") == []


def compiler_failing_every_program(tmp: Path) -> None:
    fake = fake_compiler(tmp, 'echo "<stdin>:1:1: error: this build is broken" >&2\nexit 1')
    ran = stream_fuzz("run", *FAST, "--iree-opt", fake, "--corpus", str(tmp / "c"))
    assert ran.code == 2 and "this build is broken" in ran.err  # the compiler's own words
    assert written(tmp / "c") == []


def zero_timeout(tmp: Path) -> None:
    ran = stream_fuzz("run", *FAST, "--timeout", "0", "--corpus", str(tmp / "c"))
    assert ran.code == 2 and "--timeout must be a positive number" in ran.err


def tiny_timeout(tmp: Path) -> None:
    ran = stream_fuzz("run", *FAST, "--timeout", "0.0001", "--corpus", str(tmp / "c"))
    assert ran.code == 2 and "fails on a known-good" in ran.err and "timeout" in ran.err
    assert written(tmp / "c") == []  # the real timeout entry's signature is not reused for a setup error


def worker_dies_with_two_workers(tmp: Path) -> None:
    report, junit = tmp / "run.json", tmp / "run.xml"
    fault = ["--inject-fault", "tests.mutants:kill_campaign_worker_1"]
    ran = stream_fuzz(
        "run", "--level", "l2", "--workers", "2", "--budget", "10", "--corpus", str(tmp / "c"),
        "--json", str(report), "--junit", str(junit), *fault,
    )  # fmt: skip
    assert ran.code == 3
    assert json.loads(report.read_text())["errors"] == ["worker 1 died (exit code -9)"]
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and suite.get("errors") == "1"
    assert [e.get("message") for e in suite.iter("error")] == ["worker 1 died (exit code -9)"]


def _interrupt(tmp: Path, signum: signal.Signals, code: int, workers: str) -> None:
    report, junit, log = tmp / "run.json", tmp / "run.xml", tmp / "stderr.txt"
    # As from a terminal: a shell that runs the suite in the background (`cmd &`) starts it with SIGINT
    # ignored, and Python keeps an ignored SIGINT ignored, so the child gets the default disposition.
    launched = time.monotonic()
    with log.open("w") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-m", "stream_fuzz.cli", "run", "--level", "l2", "--budget", "120",
             "--workers", workers, "--corpus", str(tmp / "c"), "--json", str(report), "--junit", str(junit)],
            stdout=subprocess.PIPE, stderr=stderr, text=True,
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
        )  # fmt: skip
    # Well into fuzzing: 12 s in, and at least 3 s after the first progress line (a program judged), which
    # a loaded machine prints later. The workers' clock started before that line was printed.
    fuzzing = _wait_for_line(
        log, process, re.compile(r"^\[ *\d+/\d+s\] [1-9]\d* programs", re.MULTILINE), 180
    )
    time.sleep(max(launched + 12 - time.monotonic(), fuzzing + 3 - time.monotonic(), 0))
    signalled = time.monotonic()
    process.send_signal(signum)
    try:
        out, _ = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()  # a campaign left running would slow every test after this one
        process.communicate()
        raise AssertionError(f"the campaign ignored {signum.name}: {log.read_text()[-2000:]}") from None
    err = log.read_text()
    assert process.returncode == code, err[-3000:]
    assert "Traceback" not in err and "(interrupted)" in out  # the summary, for what was done
    data = json.loads(report.read_text())
    assert data["interrupted"] is True and sum(data["programs"].values()) > 0
    # True numbers: the time fuzzed (at least from the first progress line to the signal, >= 3 s), not the
    # time since the signal ("347 programs in 0.0 s").
    assert data["elapsed_s"] >= signalled - fuzzing >= 3, (data["elapsed_s"], signalled - fuzzing)
    assert ET.parse(junit).getroot().find("testsuite") is not None


def _wait_for_line(
    log: Path, process: subprocess.Popen[str], line: re.Pattern[str], timeout_s: float
) -> float:
    """When `line` first appeared in the process's stderr (written to `log`): an event, not a guess of
    how long a start takes under the load of the moment."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end:
        if line.search(log.read_text()):
            return time.monotonic()
        if process.poll() is not None:
            raise AssertionError(f"the campaign ended before {line.pattern!r}: {log.read_text()[-2000:]}")
        time.sleep(0.1)
    process.kill()
    process.communicate()
    raise AssertionError(f"no {line.pattern!r} within {timeout_s:g} s: {log.read_text()[-2000:]}")


def sigint_mid_campaign(tmp: Path) -> None:
    _interrupt(tmp, signal.SIGINT, 130, "1")


def sigterm_mid_campaign(tmp: Path) -> None:
    _interrupt(tmp, signal.SIGTERM, 143, "2")


def unshrunk_entry_is_shrunk_by_the_next_campaign(tmp: Path) -> None:
    # Seed 4: a seed whose first finding is not already minimal (seed 3's became so when tests stopped
    # drawing Hypothesis's local constants; shrinking it again cannot make it shorter).
    corpus = tmp / "c"
    argv = ["run", "--level", "l2", "--examples", "20", "--seed", "4", "--workers", "1",
            "--corpus", str(corpus), "--inject-fault", "tests.mutants:dealloca_elsewhere"]  # fmt: skip
    first = stream_fuzz(*argv, "--no-shrink")  # as if the budget ran out while shrinking
    assert first.code == 1
    entries = {p.name: p.read_text() for p in corpus.glob("*.mlir")}
    assert entries and all("// shrunk: no" in text for text in entries.values())
    second = stream_fuzz(*argv)
    no_traceback(second)
    after = {p.name: p.read_text() for p in corpus.glob("*.mlir")}
    shrunk = [name for name in entries if "// shrunk: yes" in after[name]]
    assert shrunk, "the next campaign did not shrink the unshrunk entries"
    for name in shrunk:
        assert len(after[name]) < len(entries[name])


def check_of_a_corpus_entry_uses_its_pipeline(tmp: Path) -> None:
    ran = stream_fuzz("check", str(L1_ENTRY))  # a race only the whole stream pipeline makes
    assert ran.code == 1 and "[wave/race]" in ran.out


def syntax_error_in_a_checked_program(tmp: Path) -> None:
    broken = tmp / "broken.mlir"
    broken.write_text(SEED.read_text().replace("stream.async.splat", "stream.async.splatt", 1))
    ran = stream_fuzz("check", str(broken))
    assert ran.code == 2 and f"{broken} does not parse" in ran.err


def misspelled_pass_pipeline(tmp: Path) -> None:
    for command in ("check", "compile"):
        ran = stream_fuzz(command, str(SEED), "--pass-pipeline", "iree-stream-schedule-alocation")
        assert (
            ran.code == 2
            and "'iree-stream-schedule-alocation' does not refer to a registered pass" in ran.err
        )


def too_many_workers(tmp: Path) -> None:
    ran = stream_fuzz(
        "run", "--examples", "2", "--level", "l2", "--workers", "1000", "--corpus", str(tmp / "c")
    )
    cores = os.cpu_count() or 1
    assert ran.code in (0, 1) and f"--workers 1000 capped to the {cores} cores" in ran.err


def infinite_or_nan_budget(tmp: Path) -> None:
    for value in ("nan", "inf", "-3"):
        ran = stream_fuzz("run", "--budget", value, "--corpus", str(tmp / "c"))
        assert ran.code == 2 and "--budget must be a positive number" in ran.err


def output_piped_into_head(tmp: Path) -> None:
    done = subprocess.run(
        f"{sys.executable} -m stream_fuzz.cli stats --examples 40 --level l2 | head -1",
        shell=True, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert done.stdout.startswith("level l2") and "Traceback" not in done.stderr, done.stderr[-2000:]


def version_probe_that_hangs(tmp: Path) -> None:
    """A fake iree-compile beside the fake iree-opt hangs on --version, with a child of its own."""
    # The same command with an iree-compile that answers at once: what the command costs on this machine
    # under the load of the moment, so that the bound below holds on a busy machine and still fails on a
    # probe that waits much longer than its 5 s timeout.
    (tmp / "quick").mkdir()
    (tmp / "quick" / "iree-compile").write_text('#!/bin/sh\necho "LLVM version 20.0.0git"\n')
    (tmp / "quick" / "iree-compile").chmod(0o755)
    refuse = 'echo "<stdin>:1:1: error: no" >&2\nexit 1'
    started = time.monotonic()
    ran = stream_fuzz("check", str(SEED), "--iree-opt", fake_compiler(tmp / "quick", refuse), timeout=60)
    quick = time.monotonic() - started
    assert ran.code in (1, 2), ran.err[-2000:]
    pid_file = tmp / "child.pid"
    hang = f"sleep 600 &\necho $! > {pid_file}\nwait"
    (tmp / "iree-compile").write_text(f"#!/bin/sh\n{hang}\n")
    (tmp / "iree-compile").chmod(0o755)
    fake = fake_compiler(tmp, refuse)
    started = time.monotonic()
    ran = stream_fuzz("check", str(SEED), "--iree-opt", fake, timeout=60)
    hung = time.monotonic() - started
    # The probe's 5 s, plus as much again as the whole command took (load varies between the two runs).
    assert hung < quick + 5 + max(5.0, quick) and ran.code in (1, 2), (hung, quick, ran.err[-2000:])
    child = int(pid_file.read_text())

    def state() -> str:
        try:
            return Path(f"/proc/{child}/status").read_text()
        except FileNotFoundError:
            return "gone"

    deadline = time.monotonic() + 10  # killed already: only its exit may wait for a CPU on a busy machine
    while not any(word in state().lower() for word in ("gone", "zombie")) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert any(word in state().lower() for word in ("gone", "zombie")), state()


def replay_shows_progress(tmp: Path) -> None:
    ran = stream_fuzz(
        "replay", str(L1_ENTRY), str(CORPUS / "placement-read-pull-of-import-without-from.mlir")
    )
    assert "replay: 1/2 done" in ran.err and "replay: 2/2 done" in ran.err
    assert ran.out.splitlines()[0].startswith("replaying 2 entries")


def matrix_and_stats_leave_nothing_behind(tmp: Path) -> None:
    work = tmp / "work"
    work.mkdir()
    argv = ["matrix", "--include-pinned", "--examples", "3", "--no-shrink", "--out", str(tmp / "m")]
    ran = stream_fuzz(*argv, cwd=work)
    assert ran.code == 0 and "matrix: [1/1] fuzzing" in ran.err
    assert re.search(r"^programs +3$", ran.out, re.MULTILINE), ran.out  # --examples 3, none shrunk
    ran = stream_fuzz("stats", "--examples", "20", cwd=work)
    assert ran.code == 0 and "stats l2: 20/20 programs" in ran.err
    assert list(work.iterdir()) == []


def version_flag(tmp: Path) -> None:
    ran = stream_fuzz("--version")
    assert ran.code == 0 and ran.out.startswith("stream-fuzz ") and "iree-base-compiler 3.13" in ran.out


def percentiles_of_few_samples(tmp: Path) -> None:
    ran = stream_fuzz("stats", "--examples", "5")
    assert ran.code == 0 and "p90 n/a (5 programs)" in ran.out and "p90 0.000" not in ran.out


def nothing_judged(tmp: Path) -> None:
    """A budget spent before the first program (the set-up takes longer) is no green run. A millisecond:
    since the worker's context loads dialects lazily (issue 30) set-up can take less than half a second."""
    report = tmp / "run.json"
    ran = stream_fuzz(
        "run", "--level", "l2", "--budget", "0.001", "--workers", "1", "--corpus", str(tmp / "c"),
        "--json", str(report),
    )  # fmt: skip
    no_traceback(ran)
    assert ran.code == 3 and "no program was judged" in ran.err, ran.err[-2000:]
    data = json.loads(report.read_text())
    assert sum(data["programs"].values()) == 0 and data["errors"]


def _signal_at(
    tmp: Path, argv: list[str], signum: signal.Signals, after_s: float
) -> tuple[int, str, str, float]:
    """The command signalled `after_s` seconds after its launch: its exit code, stdout, stderr and how
    long it lived (launch to exit, as measured here)."""
    launched = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "stream_fuzz.cli", *argv],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    _wait_for_signal_handlers(process)
    time.sleep(after_s)
    process.send_signal(signum)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"ignored {signum.name}: {err[-2000:]}") from None
    return process.returncode, out, err, time.monotonic() - launched


def _wait_for_signal_handlers(process: subprocess.Popen[str], timeout_s: float = 60) -> None:
    """Until the command catches SIGTERM (`stream_fuzz.interrupts`, the first thing it imports): before
    that no program can answer a signal, and on a busy machine the interpreter alone takes over 0.5 s to
    get there. `after_s` counts from here, so "0.5 s in" means "while importing" under any load."""
    end = time.monotonic() + timeout_s
    while time.monotonic() < end and process.poll() is None:
        caught = next(
            line for line in Path(f"/proc/{process.pid}/status").read_text().splitlines()
            if line.startswith("SigCgt:")
        )  # fmt: skip
        if int(caught.split()[1], 16) & (1 << (signal.SIGTERM - 1)):
            return
        time.sleep(0.01)
    raise AssertionError(f"the command did not catch SIGTERM within {timeout_s:g} s (exit {process.poll()})")


def interrupted_while_starting(tmp: Path) -> None:
    """Cancelled in its first seconds (Python still importing, the compiler being checked, workers
    starting): the reports are still written, with what was done (nothing), and the exit says why."""
    cases = [(signal.SIGTERM, 0.5, "2"), (signal.SIGINT, 1.5, "1"), (signal.SIGTERM, 1.5, "1"),
             (signal.SIGINT, 3.0, "2")]  # fmt: skip
    for number, (signum, after_s, workers) in enumerate(cases):
        report, junit = tmp / f"run{number}.json", tmp / f"run{number}.xml"
        argv = ["run", "--level", "l2", "--budget", "120", "--workers", workers, "--corpus", str(tmp / "c"),
                "--json", str(report), "--junit", str(junit)]  # fmt: skip
        code, _out, err, lived = _signal_at(tmp, argv, signum, after_s)
        case = (signum.name, after_s, workers)
        assert code == (143 if signum == signal.SIGTERM else 130), (case, err[-2000:])
        assert "Traceback" not in err, (case, err[-2000:])
        data = json.loads(report.read_text())
        assert data["interrupted"] is True, case
        # No invented time either (not the budget, not a clock of another origin): at most the process's
        # life. Not `after_s` + a constant: under load, workers still starting take many seconds to stop.
        assert 0 <= data["elapsed_s"] <= lived, (case, data["elapsed_s"], lived)
        assert ET.parse(junit).getroot().find("testsuite") is not None, case


def matrix_interrupted(tmp: Path) -> None:
    """At any moment: starting, checking the compiler (a few seconds in), fuzzing (later; on a loaded
    machine still checking), the table is printed and says it is incomplete."""
    for after_s in (1.0, 4.0, 10.0):
        argv = ["matrix", "--include-pinned", "--budget", "120", "--out", str(tmp / f"m{after_s}")]
        code, out, err, _ = _signal_at(tmp, argv, signal.SIGTERM, after_s)
        assert code == 143 and "Traceback" not in err, (after_s, err[-2000:])
        assert "interrupted" in out and "interrupted" in err, (after_s, out, err[-2000:])


def report_with_a_broken_compiler(tmp: Path) -> None:
    ran = stream_fuzz("report", str(L1_ENTRY), "--iree-opt", "/bin/false", "-o", str(tmp / "draft.md"))
    no_traceback(ran)
    assert ran.code == 2 and "fails on a known-good" in ran.err and not (tmp / "draft.md").exists()


def fixed_entry_met_again_is_a_regression(tmp: Path) -> None:
    corpus = tmp / "c"
    argv = ["run", "--level", "l2", "--examples", "20", "--seed", "3", "--workers", "1", "--no-shrink",
            "--corpus", str(corpus), "--inject-fault", "tests.mutants:dealloca_elsewhere"]  # fmt: skip
    assert stream_fuzz(*argv).code == 1
    for entry in corpus.glob("*.mlir"):  # triage said: fixed
        entry.write_text(entry.read_text().replace("// status: open", "// status: fixed"))
    report = tmp / "again.json"
    ran = stream_fuzz(*argv, "--json", str(report), "--fail-on", "race")  # fails whatever --fail-on says
    no_traceback(ran)
    assert ran.code == 1 and "REGRESSION" in ran.out, ran.out[-2000:]
    data = json.loads(report.read_text())
    assert data["regressions"] and all(f["fails"] for f in data["findings"] if f["regression"])


def replay_that_cannot_run_here(tmp: Path) -> None:
    """Without the runtime extra, an L3 entry whose bug shows only at run time is `cannot-run-here`
    (exit 4), never `passes` (\"fixed upstream?\") or `fails-differently`."""
    hide = tmp / "hide"
    hide.mkdir()
    (hide / "sitecustomize.py").write_text(
        "import sys\n"
        "class _NoRuntime:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        "        if name == 'iree.runtime' or name.startswith('iree.runtime.'):\n"
        "            raise ImportError('hidden: no runtime extra')\n"
        "sys.meta_path.insert(0, _NoRuntime())\n"
    )
    entries = sorted(CORPUS.glob("wrong-result-*.mlir"))[:1] + sorted(CORPUS.glob("runtime-error-*.mlir"))[:1]
    assert entries
    env = {**os.environ, "PYTHONPATH": f"{hide}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    done = subprocess.run(
        [sys.executable, "-m", "stream_fuzz.cli", "replay", *map(str, entries)],
        capture_output=True, text=True, timeout=600, env=env,
    )  # fmt: skip
    assert "Traceback" not in done.stderr, done.stderr[-2000:]
    assert done.returncode == 4, done.stdout + done.stderr[-2000:]
    states = [line.split()[0] for line in done.stdout.splitlines()[1:] if line and not line[0].isspace()]
    assert "passes" not in states and "fails-differently" not in states, done.stdout
    assert "cannot-run-here" in states, done.stdout


def unidentified_compiler(tmp: Path) -> None:
    """A wrapper script around a real iree-opt, no iree-compile beside it: which release (and syntax)
    is unknown, so it is not fuzzed, and nothing is written."""
    import iree.compiler

    real = Path(iree.compiler.__file__).parent / "_mlir_libs" / "iree-opt"
    wrapper = tmp / "bin" / "iree-opt"
    wrapper.parent.mkdir()
    wrapper.write_text(f'#!/bin/sh\nexec "{real}" "$@"\n')
    wrapper.chmod(0o755)
    for command in (
        ["run", "--level", "all", "--examples", "5", "--workers", "1"],
        ["matrix", "--examples", "5"],
    ):
        out = tmp / command[0]
        where = ["--corpus", str(out)] if command[0] == "run" else ["--out", str(out)]
        ran = stream_fuzz(*command, "--iree-opt", str(wrapper), *where)
        no_traceback(ran)
        assert ran.code == 2 and "cannot tell which IREE release" in ran.err, (command, ran.err)
        assert not list(out.rglob("*.mlir"))


CASES: list[tuple[str, Callable[[Path], None]]] = [
    ("--iree-opt /bin/false", broken_compiler_binary),
    ("a compiler that fails on every program", compiler_failing_every_program),
    ("--timeout 0", zero_timeout),
    ("a timeout too short for any compile", tiny_timeout),
    ("a worker dies with 2 workers", worker_dies_with_two_workers),
    ("SIGINT mid-campaign", sigint_mid_campaign),
    ("SIGTERM mid-campaign", sigterm_mid_campaign),
    ("budget ends while shrinking", unshrunk_entry_is_shrunk_by_the_next_campaign),
    ("check of an L1 corpus entry", check_of_a_corpus_entry_uses_its_pipeline),
    ("a syntax error in a checked program", syntax_error_in_a_checked_program),
    ("misspelled --pass-pipeline", misspelled_pass_pipeline),
    ("--workers 1000", too_many_workers),
    ("--budget nan / inf", infinite_or_nan_budget),
    ("stats | head", output_piped_into_head),
    ("a compiler hanging on the version probe", version_probe_that_hangs),
    ("replay of several entries", replay_shows_progress),
    ("matrix and stats", matrix_and_stats_leave_nothing_behind),
    ("stream-fuzz --version", version_flag),
    ("stats --examples 5", percentiles_of_few_samples),
    ("0 programs judged (a budget spent in set-up)", nothing_judged),
    ("SIGINT / SIGTERM in the first seconds", interrupted_while_starting),
    ("matrix interrupted", matrix_interrupted),
    ("report --iree-opt /bin/false", report_with_a_broken_compiler),
    ("a fixed entry met again", fixed_entry_met_again_is_a_regression),
    ("replay without a runtime that can run the entry", replay_that_cannot_run_here),
    ("a compiler whose release cannot be read", unidentified_compiler),
]


@pytest.mark.slow
@pytest.mark.parametrize(("case", "check"), CASES, ids=[name for name, _ in CASES])
def test_a_bad_setup_gets_a_clear_answer(case: str, check: Callable[[Path], None], tmp_path: Path) -> None:
    check(tmp_path)

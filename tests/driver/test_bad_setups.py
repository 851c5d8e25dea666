"""A CI stage that never cries wolf: every bad input, broken setup or fault a user can cause gets a clear
answer with the documented exit status, no traceback, and nothing written that is not a finding.

One table: each row is a case from the field (what a user did), run against the real pinned compiler or a
small fake compiler script, with what must happen.
"""

from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.conftest import CORPUS, PROGRAMS

SEED = PROGRAMS.parent / "oracles" / "programs" / "seed_tp4_fanout.mlir"
L1_ENTRY = CORPUS / "wave-race-tied-chain-not-compared.mlir"  # records the whole stream pipeline
FAST = ["--examples", "4", "--workers", "1", "--level", "l2"]


@dataclass
class Ran:
    code: int
    out: str
    err: str


def stream_fuzz(*argv: str, cwd: Path | None = None, timeout: float = 300) -> Ran:
    """The command as a user runs it, in a process of its own."""
    done = subprocess.run(
        [sys.executable, "-m", "stream_fuzz.cli", *argv],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
    )
    return Ran(done.returncode, done.stdout, done.stderr)


def fake_compiler(folder: Path, body: str, name: str = "iree-opt") -> str:
    """A stand-in iree-opt: a shell script that answers --version and then does `body`."""
    script = folder / name
    version = 'case "$1" in --version) echo "LLVM version 20.0.0git"; exit 0;; esac\n'
    script.write_text("#!/bin/sh\n" + version + body + "\n")
    script.chmod(script.stat().st_mode | stat.S_IXUSR)
    return str(script)


def no_traceback(ran: Ran) -> None:
    assert "Traceback" not in ran.err and "Traceback" not in ran.out, ran.err[-3000:]


def written(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.glob("*.mlir")) if folder.exists() else []


# -- the rows ------------------------------------------------------------------------------------------


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


def read_only_corpus(tmp: Path) -> None:
    ran = stream_fuzz("run", *FAST, "--corpus", "/proc/stream-fuzz-corpus")
    assert ran.code == 2 and "corpus folder /proc/stream-fuzz-corpus is not writable" in ran.err


def corpus_path_is_a_file(tmp: Path) -> None:
    (tmp / "afile").write_text("x")
    ran = stream_fuzz("run", *FAST, "--corpus", str(tmp / "afile"))
    assert ran.code == 2 and f"corpus folder {tmp / 'afile'} is not a folder" in ran.err


def unwritable_reports(tmp: Path) -> None:
    for option in ("--json", "--junit"):
        ran = stream_fuzz("run", *FAST, "--corpus", str(tmp / "c"), option, "/proc/report.out")
        assert ran.code == 2 and f"{option} /proc/report.out cannot be written" in ran.err, ran.err


def disk_full_when_writing_a_report(tmp: Path) -> None:
    """/dev/full accepts the open and fails the write: a late failure still ends with the summary and the
    other report."""
    junit = tmp / "run.xml"
    ran = stream_fuzz("run", *FAST, "--corpus", str(tmp / "c"), "--json", "/dev/full", "--junit", str(junit))
    assert ran.code == 3 and "could not write --json /dev/full: No space left on device" in ran.err
    assert "programs in" in ran.out  # the summary
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and suite.get("errors") == "1"


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
    report, junit = tmp / "run.json", tmp / "run.xml"
    # As from a terminal: a shell that runs the suite in the background (`cmd &`) starts it with SIGINT
    # ignored, and Python keeps an ignored SIGINT ignored, so the child gets the default disposition.
    process = subprocess.Popen(
        [sys.executable, "-m", "stream_fuzz.cli", "run", "--level", "l2", "--budget", "120",
         "--workers", workers, "--corpus", str(tmp / "c"), "--json", str(report), "--junit", str(junit)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    time.sleep(12)  # well into fuzzing
    process.send_signal(signum)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()  # a campaign left running would slow every test after this one
        out, err = process.communicate()
        raise AssertionError(f"the campaign ignored {signum.name}: {err[-2000:]}") from None
    assert process.returncode == code, err[-3000:]
    assert "Traceback" not in err and "(interrupted)" in out  # the summary, for what was done
    data = json.loads(report.read_text())
    assert data["interrupted"] is True and sum(data["programs"].values()) > 0
    # True numbers: the time fuzzed, not the time since the signal ("347 programs in 0.0 s").
    assert data["elapsed_s"] >= 3, data["elapsed_s"]
    assert ET.parse(junit).getroot().find("testsuite") is not None


def sigint_mid_campaign(tmp: Path) -> None:
    _interrupt(tmp, signal.SIGINT, 130, "1")


def sigterm_mid_campaign(tmp: Path) -> None:
    _interrupt(tmp, signal.SIGTERM, 143, "2")


def unshrunk_entry_is_shrunk_by_the_next_campaign(tmp: Path) -> None:
    corpus = tmp / "c"
    argv = ["run", "--level", "l2", "--examples", "20", "--seed", "3", "--workers", "1",
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


def header_typos(tmp: Path) -> None:
    corpus = tmp / "c"
    corpus.mkdir()
    original = L1_ENTRY.read_text()
    (corpus / "cased.mlir").write_text(original.replace("// status: open", "// Status: Open"))
    typo = original.replace("// status: open", "// status: opne")
    (corpus / L1_ENTRY.name).write_text(typo)
    ran = stream_fuzz("run", *FAST, "--corpus", str(corpus))
    assert (
        ran.code == 2 and f"{corpus / L1_ENTRY.name}: line " in ran.err and "'opne' is not one of" in ran.err
    )
    assert (corpus / L1_ENTRY.name).read_text() == typo  # the human's file is untouched


def check_of_a_corpus_entry_uses_its_pipeline(tmp: Path) -> None:
    ran = stream_fuzz("check", str(L1_ENTRY))  # a race only the whole stream pipeline makes
    assert ran.code == 1 and "[wave/race]" in ran.out


def files_without_a_stream_program(tmp: Path) -> None:
    cases = {
        "empty.mlir": "",
        "comments.mlir": "// RUN: nothing\n// CHECK: x\n",
        "other.mlir": "func.func @f() {\n  return\n}\n",
    }
    for name, text in cases.items():
        (tmp / name).write_text(text)
        for command in ("check", "compile", "bisect"):
            ran = stream_fuzz(command, str(tmp / name))
            assert ran.code == 2 and f"no stream program in {tmp / name}" in ran.err, (command, name, ran.err)


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
    pid_file = tmp / "child.pid"
    hang = f"sleep 600 &\necho $! > {pid_file}\nwait"
    (tmp / "iree-compile").write_text(f"#!/bin/sh\n{hang}\n")
    (tmp / "iree-compile").chmod(0o755)
    fake = fake_compiler(tmp, 'echo "<stdin>:1:1: error: no" >&2\nexit 1')
    started = time.monotonic()
    ran = stream_fuzz("check", str(SEED), "--iree-opt", fake, timeout=60)
    assert time.monotonic() - started < 20 and ran.code in (1, 2)
    child = int(pid_file.read_text())
    time.sleep(0.5)
    assert (
        not Path(f"/proc/{child}").exists() or "zombie" in Path(f"/proc/{child}/status").read_text().lower()
    )


def replay_shows_progress(tmp: Path) -> None:
    ran = stream_fuzz(
        "replay", str(L1_ENTRY), str(CORPUS / "placement-read-pull-of-import-without-from.mlir")
    )
    assert "replay: 1/2 done" in ran.err and "replay: 2/2 done" in ran.err
    assert ran.out.splitlines()[0].startswith("replaying 2 entries")


def matrix_and_stats_leave_nothing_behind(tmp: Path) -> None:
    work = tmp / "work"
    work.mkdir()
    ran = stream_fuzz("matrix", "--include-pinned", "--examples", "3", "--out", str(tmp / "m"), cwd=work)
    assert ran.code == 0 and "matrix: [1/1] fuzzing" in ran.err
    ran = stream_fuzz("stats", "--examples", "20", cwd=work)
    assert ran.code == 0 and "stats l2: 20/20 programs" in ran.err
    assert list(work.iterdir()) == []


def version_flag(tmp: Path) -> None:
    ran = stream_fuzz("--version")
    assert ran.code == 0 and ran.out.startswith("stream-fuzz ") and "iree-base-compiler 3.13" in ran.out


def percentiles_of_few_samples(tmp: Path) -> None:
    ran = stream_fuzz("stats", "--examples", "5")
    assert ran.code == 0 and "p90 n/a (5 programs)" in ran.out and "p90 0.000" not in ran.out


def reduce_and_report_of_bad_entries(tmp: Path) -> None:
    missing = str(tmp / "no-such-entry.mlir")
    broken = tmp / "broken.mlir"
    broken.write_text("// stream-fuzz finding: crash\n// status: opne\nutil.func public @f() {\n}\n")
    for command in ("reduce", "report"):
        for entry, says in ((missing, "no such corpus entry"), (str(broken), "broken.mlir")):
            ran = stream_fuzz(command, entry)
            no_traceback(ran)
            assert ran.code == 2 and says in ran.err, (command, entry, ran.err)
    passing = CORPUS / "placement-read-pull-of-import-without-from.mlir"  # not a bug: it passes
    ran = stream_fuzz("reduce", str(passing), "-o", str(tmp / "out.mlir"))
    no_traceback(ran)
    assert ran.code == 1 and "passes" in ran.err and not (tmp / "out.mlir").exists()
    ran = stream_fuzz("reduce", str(L1_ENTRY), "-o", str(tmp / "no-folder" / "out.mlir"))
    assert ran.code == 2 and "no-folder" in ran.err
    ran = stream_fuzz("check", str(SEED), "--async-ir")
    assert ran.code == 2 and "--no-compile" in ran.err


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


def _signal_at(tmp: Path, argv: list[str], signum: signal.Signals, after_s: float) -> tuple[int, str, str]:
    process = subprocess.Popen(
        [sys.executable, "-m", "stream_fuzz.cli", *argv],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    time.sleep(after_s)
    process.send_signal(signum)
    try:
        out, err = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"ignored {signum.name}: {err[-2000:]}") from None
    return process.returncode, out, err


def interrupted_while_starting(tmp: Path) -> None:
    """Cancelled in its first seconds (Python still importing, the compiler being checked, workers
    starting): the reports are still written, with what was done (nothing), and the exit says why."""
    cases = [(signal.SIGTERM, 0.5, "2"), (signal.SIGINT, 1.5, "1"), (signal.SIGTERM, 1.5, "1"),
             (signal.SIGINT, 3.0, "2")]  # fmt: skip
    for number, (signum, after_s, workers) in enumerate(cases):
        report, junit = tmp / f"run{number}.json", tmp / f"run{number}.xml"
        argv = ["run", "--level", "l2", "--budget", "120", "--workers", workers, "--corpus", str(tmp / "c"),
                "--json", str(report), "--junit", str(junit)]  # fmt: skip
        code, _out, err = _signal_at(tmp, argv, signum, after_s)
        case = (signum.name, after_s, workers)
        assert code == (143 if signum == signal.SIGTERM else 130), (case, err[-2000:])
        assert "Traceback" not in err, (case, err[-2000:])
        data = json.loads(report.read_text())
        assert data["interrupted"] is True, case
        assert data["elapsed_s"] < after_s + 5, case  # no invented time either
        assert ET.parse(junit).getroot().find("testsuite") is not None, case


def matrix_interrupted(tmp: Path) -> None:
    argv = ["matrix", "--include-pinned", "--budget", "120", "--out", str(tmp / "m")]
    code, out, err = _signal_at(tmp, argv, signal.SIGTERM, 10)
    assert code == 143 and "Traceback" not in err, err[-2000:]
    assert "interrupted" in out and "interrupted" in err  # the table says so, not complete-looking


def disk_full_while_writing_the_corpus(tmp: Path) -> None:
    """ENOSPC under the corpus mid-campaign (one worker, in this process): the summary and the reports
    for what was done, the file named, exit 3."""
    from stream_fuzz.cli.main import main

    def full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device", str(path))

    report, junit = tmp / "run.json", tmp / "run.xml"
    argv = ["run", "--level", "l2", "--examples", "20", "--seed", "3", "--workers", "1", "--no-shrink",
            "--corpus", str(tmp / "c"), "--json", str(report), "--junit", str(junit),
            "--inject-fault", "tests.mutants:dealloca_elsewhere"]  # fmt: skip
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("stream_fuzz.corpus.store.write_atomically", full)
        code = main(argv)
    assert code == 3
    (error,) = json.loads(report.read_text())["errors"]
    assert "No space left on device" in error and str(tmp / "c") in error and "Traceback" not in error
    suite = ET.parse(junit).getroot().find("testsuite")
    assert suite is not None and suite.get("errors") == "1"


def disk_full_for_other_commands(tmp: Path) -> None:
    """Each command's output file on a full disk: exit 3 naming it, no traceback."""
    corpus = tmp / "corpus"
    corpus.mkdir()
    (corpus / L1_ENTRY.name).write_text(L1_ENTRY.read_text())
    commands = [
        ["findings", "--corpus", str(corpus), "--write", "/dev/full"],
        ["stats", "--examples", "3", "--json", "/dev/full"],
        ["replay", str(L1_ENTRY), "--json", "/dev/full"],
    ]
    for argv in commands:
        ran = stream_fuzz(*argv)
        no_traceback(ran)
        assert ran.code == 3 and "could not write" in ran.err and "/dev/full" in ran.err, (argv, ran.err)


def reports_are_written_atomically(tmp: Path) -> None:
    """A write that fails half-way leaves the old report (or none), never a truncated one."""
    from stream_fuzz.campaign.report import write_json

    report = tmp / "run.json"
    write_json(report, {"old": True})
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("os.fsync", lambda fd: (_ for _ in ()).throw(OSError(28, "No space left on device")))
        with pytest.raises(OSError):
            write_json(report, {"new": "x" * 100_000})
    assert json.loads(report.read_text()) == {"old": True}
    assert [p.name for p in tmp.iterdir()] == ["run.json"]  # no temporary left behind


def pull_and_reduce_keep_human_lines(tmp: Path) -> None:
    """`corpus pull` over a local entry with a header typo stops, naming it, and leaves it as it is
    (before asking Redis anything); `reduce` over a one-pass file keeps its status and human lines."""
    corpus = tmp / "c"
    corpus.mkdir()
    typo = L1_ENTRY.read_text().replace("// status: open", "// status: fixd\n// triage: the human's words")
    (corpus / L1_ENTRY.name).write_text(typo)
    ran = stream_fuzz("corpus", "pull", "--db", "redis://127.0.0.1:1/0", str(corpus))
    no_traceback(ran)
    assert ran.code == 2 and L1_ENTRY.name in ran.err and "fixd" in ran.err, ran.err
    assert (corpus / L1_ENTRY.name).read_text() == typo

    from stream_fuzz.cli.triage import keep_one_pass_human_lines
    from stream_fuzz.corpus.entry import read_entry

    one_pass = CORPUS / "one-pass" / "async-clobbered-read-concurrency-wave-placed-above-a-read.mlir"
    old = one_pass.read_text().replace("// status: open", "// status: fixed\n// triage: why\n//   more")
    target = tmp / "one-pass.mlir"
    target.write_text(old)
    new = one_pass.read_text().replace("// releases:", "// x-dropped:")  # the reducer writes no releases
    merged = keep_one_pass_human_lines(target, new)
    assert "// status: fixed" in merged and "// triage: why\n//   more" in merged
    assert next(line for line in old.splitlines() if line.startswith("// releases:")) in merged
    target.write_text(merged)
    assert read_entry(target).status == "fixed"


def findings_of_a_malformed_entry(tmp: Path) -> None:
    corpus = tmp / "c"
    corpus.mkdir()
    (corpus / L1_ENTRY.name).write_text(L1_ENTRY.read_text().replace("// status: open", "// status: opne"))
    ran = stream_fuzz("findings", "--corpus", str(corpus))
    no_traceback(ran)
    assert ran.code == 2 and f"{corpus / L1_ENTRY.name}: line " in ran.err, ran.err


def report_with_a_broken_compiler(tmp: Path) -> None:
    ran = stream_fuzz("report", str(L1_ENTRY), "--iree-opt", "/bin/false", "-o", str(tmp / "draft.md"))
    no_traceback(ran)
    assert ran.code == 2 and "fails on a known-good" in ran.err and not (tmp / "draft.md").exists()


def redis_password_never_printed(tmp: Path) -> None:
    url = "redis://user:hunter2@127.0.0.1:1/0"
    for argv in (
        ["status", "--db", url],
        ["corpus", "pull", "--db", url, str(tmp / "pulled")],
        ["run", *FAST, "--corpus", str(tmp / "c"), "--db", url],
        ["status", "--db", "redis://:hunter2@127.0.0.1:99999/0"],
    ):
        ran = stream_fuzz(*argv)
        no_traceback(ran)
        assert ran.code == 2 and "hunter2" not in ran.err + ran.out and "***" in ran.err, (argv, ran.err)


def bad_data_in_redis(tmp: Path) -> None:
    from tests.fleet.conftest import start_redis

    server = start_redis(tmp / "redis")
    try:
        import redis

        client = redis.Redis.from_url(server.url)
        client.set("stream-fuzz:signatures", "not a set")  # a key of the wrong type
        for argv in (["status", "--db", server.url], ["corpus", "pull", "--db", server.url, str(tmp / "p")]):
            ran = stream_fuzz(*argv)
            no_traceback(ran)
            assert ran.code == 2 and "bad data in Redis" in ran.err, (argv, ran.err)
    finally:
        server.kill()


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
    ("read-only corpus", read_only_corpus),
    ("corpus path is a file", corpus_path_is_a_file),
    ("unwritable --json / --junit", unwritable_reports),
    ("full disk at the end", disk_full_when_writing_a_report),
    ("a worker dies with 2 workers", worker_dies_with_two_workers),
    ("SIGINT mid-campaign", sigint_mid_campaign),
    ("SIGTERM mid-campaign", sigterm_mid_campaign),
    ("budget ends while shrinking", unshrunk_entry_is_shrunk_by_the_next_campaign),
    ("header typo", header_typos),
    ("check of an L1 corpus entry", check_of_a_corpus_entry_uses_its_pipeline),
    ("empty file, comments only, no stream program", files_without_a_stream_program),
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
    ("reduce / report of a missing, malformed or passing entry", reduce_and_report_of_bad_entries),
    ("0 programs judged (a budget spent in set-up)", nothing_judged),
    ("SIGINT / SIGTERM in the first seconds", interrupted_while_starting),
    ("matrix interrupted", matrix_interrupted),
    ("full disk under the corpus mid-campaign", disk_full_while_writing_the_corpus),
    ("full disk for findings / stats / replay", disk_full_for_other_commands),
    ("reports written atomically", reports_are_written_atomically),
    ("corpus pull / reduce over human lines", pull_and_reduce_keep_human_lines),
    ("findings of a malformed entry", findings_of_a_malformed_entry),
    ("report --iree-opt /bin/false", report_with_a_broken_compiler),
    ("a Redis password in --db", redis_password_never_printed),
    ("bad data in Redis", bad_data_in_redis),
    ("a fixed entry met again", fixed_entry_met_again_is_a_regression),
    ("replay without a runtime that can run the entry", replay_that_cannot_run_here),
    ("a compiler whose release cannot be read", unidentified_compiler),
]


@pytest.mark.slow
@pytest.mark.parametrize(("case", "check"), CASES, ids=[name for name, _ in CASES])
def test_a_bad_setup_gets_a_clear_answer(case: str, check: Callable[[Path], None], tmp_path: Path) -> None:
    check(tmp_path)

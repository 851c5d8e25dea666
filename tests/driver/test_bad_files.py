"""A CI stage that never cries wolf, for what it reads and writes: read-only or full disks, unwritable
reports, corpus entries with typos or no program, human lines in entries, and Redis. Each row is a case
from the field, run against the real pinned compiler, with what must happen (`test_bad_setups.py` has
the compilers, budgets, workers and signals).
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import CORPUS
from tests.driver.bad_setup_tools import (
    FAST,
    L1_ENTRY,
    SEED,
    no_traceback,
    stream_fuzz,
)


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


CASES: list[tuple[str, Callable[[Path], None]]] = [
    ("read-only corpus", read_only_corpus),
    ("corpus path is a file", corpus_path_is_a_file),
    ("unwritable --json / --junit", unwritable_reports),
    ("full disk at the end", disk_full_when_writing_a_report),
    ("header typo", header_typos),
    ("empty file, comments only, no stream program", files_without_a_stream_program),
    ("reduce / report of a missing, malformed or passing entry", reduce_and_report_of_bad_entries),
    ("full disk under the corpus mid-campaign", disk_full_while_writing_the_corpus),
    ("full disk for findings / stats / replay", disk_full_for_other_commands),
    ("reports written atomically", reports_are_written_atomically),
    ("corpus pull / reduce over human lines", pull_and_reduce_keep_human_lines),
    ("findings of a malformed entry", findings_of_a_malformed_entry),
    ("a Redis password in --db", redis_password_never_printed),
    ("bad data in Redis", bad_data_in_redis),
]


@pytest.mark.slow
@pytest.mark.parametrize(("case", "check"), CASES, ids=[name for name, _ in CASES])
def test_a_bad_file_or_store_gets_a_clear_answer(
    case: str, check: Callable[[Path], None], tmp_path: Path
) -> None:
    check(tmp_path)

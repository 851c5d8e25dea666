"""`stream-fuzz report`: an upstream issue draft made from a corpus entry and its one-pass file as they are
(nothing re-reduced), running only their own RUN lines on the pinned tools."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from stream_fuzz.cli.main import main
from stream_fuzz.triage.run_lines import MACHINE_PATH, header_value, lit_text, portable, run_commands

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
STRUCTURAL = (
    "invalid-program-optimal-joinand-null-members"  # an iree-opt | FileCheck entry, with a one-pass file
)
RUNTIME = "async-clobbered-read-concurrency-wave-placed-above-a-read"  # compiles and runs a program
NOT_OPEN = "placement-read-pull-of-import-without-from"  # not a bug: no draft


def test_run_lines_are_joined_and_made_portable() -> None:
    text = (
        "// RUN: iree-compile %s -o %t.vmfb\n// RUN: iree-run-module --module=%t.vmfb \\\n// RUN:   --x=1\n"
    )
    assert run_commands(text) == ["iree-compile %s -o %t.vmfb", "iree-run-module --module=%t.vmfb --x=1"]
    assert portable(run_commands(text)[1], "repro.mlir") == "iree-run-module --module=out.vmfb --x=1"
    assert run_commands(text, keep_breaks=True)[1] == "iree-run-module --module=%t.vmfb\n--x=1"


def test_the_lit_text_drops_the_header_and_keeps_run_and_check_lines() -> None:
    text = (CORPUS / f"{STRUCTURAL}.mlir").read_text()
    shown = lit_text(text)
    assert shown.startswith("// RUN: iree-opt") and "// signature:" not in shown and "// triage:" not in shown
    assert [line for line in text.splitlines() if line.startswith("// CHECK")] == [
        line for line in shown.splitlines() if line.startswith("// CHECK")
    ]


def test_a_header_value_joins_its_continuation_lines() -> None:
    triage = header_value((CORPUS / f"{STRUCTURAL}.mlir").read_text(), "triage")
    assert "bad-output-optimal-joinor-nests-members" in triage  # a name broken at its hyphen, joined
    assert triage.endswith("(generators/builder.py).")
    assert header_value("// stream-fuzz finding: crash\n// pass: cse\n", "reachability") == ""


def _corpus(tmp_path: Path, *names: str) -> Path:
    corpus = tmp_path / "corpus"
    (corpus / "one-pass").mkdir(parents=True)
    for name in names:
        shutil.copy(CORPUS / f"{name}.mlir", corpus)
        if (CORPUS / "one-pass" / f"{name}.mlir").exists():
            shutil.copy(CORPUS / "one-pass" / f"{name}.mlir", corpus / "one-pass")
    return corpus


def test_all_open_entries_get_a_draft_and_stale_drafts_go(tmp_path: Path) -> None:
    corpus = _corpus(tmp_path, STRUCTURAL, NOT_OPEN)
    drafts = tmp_path / "drafts"
    drafts.mkdir()
    (drafts / "an-entry-that-is-gone.md").write_text("old\n")
    argv = ["report", "--all", "--corpus", str(corpus), "--write-drafts", str(drafts)]
    assert main(argv) == 0
    assert sorted(p.name for p in drafts.iterdir()) == [f"{STRUCTURAL}.md"]
    draft = (drafts / f"{STRUCTURAL}.md").read_text()
    # An invalid-program entry compiles alone first: the draft shows the compiler's rejection.
    order = ["## Reproducer", "`iree-opt` fails:", "## The one pass that breaks it",
             "## Releases", "## Root cause"]  # fmt: skip
    assert [draft.index(heading) for heading in order] == sorted(draft.index(h) for h in order)
    assert (
        "iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' "
        "repro.mlir" in draft
    )
    releases = header_value((CORPUS / f"{STRUCTURAL}.mlir").read_text(), "releases")
    assert f"> {releases}" in draft  # the releases line, quoted
    assert "stream-fuzz replay" not in draft and MACHINE_PATH.search(draft) is None


@pytest.mark.slow
def test_a_runtime_entry_puts_the_failed_run_first(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    corpus = _corpus(tmp_path, RUNTIME)
    assert main(["report", str(corpus / f"{RUNTIME}.mlir")]) == 0
    draft = capsys.readouterr().out
    assert (
        draft.index("## Runtime proof") < draft.index("[FAILED] result[0]") < draft.index("## The one pass")
    )
    assert "iree-compile --compile-from=flow repro.mlir -o out.vmfb" in draft
    assert MACHINE_PATH.search(draft) is None


@pytest.mark.parametrize(
    ("argv", "complaint"),
    [
        (["report"], "give an ENTRY"),
        (["report", "--all"], "--all needs --write-drafts DIR"),
        (["report", "x.mlir", "--all", "--write-drafts", "d"], "not both"),
        (["report", "--reduce", "--all"], "--reduce drafts one ENTRY"),
    ],
)
def test_bad_report_arguments_exit_2(
    argv: list[str], complaint: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    assert complaint in capsys.readouterr().err

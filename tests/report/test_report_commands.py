"""The report options of `run` and the `html` command: the Markdown summary drawn from the run's JSON
alone (so `html` draws it again the same), and the errors a user gets before anything is fuzzed."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from stream_fuzz.cli.main import main
from stream_fuzz.dashboard import output
from tests.conftest import CORPUS

FAULT = ["--level", "l1", "--no-shrink", "--inject-fault", "tests.mutants:dealloca_elsewhere"]


def test_the_summary_is_drawn_from_the_json_and_drawn_again_the_same(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.delenv("GITHUB_STEP_SUMMARY", raising=False)
    shutil.copytree(CORPUS, tmp_path / "corpus")
    report, summary = tmp_path / "run.json", tmp_path / "summary.md"
    reports = ["--json", str(report), "--summary-md", str(summary)]
    code = main(
        [
            "run",
            "--workers",
            "1",
            "--examples",
            "20",
            "--seed",
            "5",
            "--corpus",
            str(tmp_path / "corpus"),
            *reports,
            *FAULT,
        ]
    )
    assert code == 1
    data = json.loads(report.read_text())
    text = summary.read_text()
    failing = sum(f["fails"] for f in data["findings"])
    assert text.startswith(f"### stream-fuzz: **{failing} new failing finding(s)**")
    assert f"| l1 | {data['programs']['l1']} |" in text
    assert all(f"`{f['signature']}`" in text for f in data["findings"])
    again = tmp_path / "again.md"
    assert main(["html", str(report), "--summary-md", str(again)]) == 0
    assert again.read_text() == text


def test_html_refuses_what_is_not_a_runs_report(tmp_path: Path, capsys) -> None:
    other = tmp_path / "status.json"
    other.write_text(json.dumps({"url": "redis://x", "levels": {}}))
    assert main(["html", str(other), "--summary-md", str(tmp_path / "s.md")]) == 2
    assert f"{other}: not a run's JSON report" in capsys.readouterr().err
    assert not (tmp_path / "s.md").exists()


def test_html_without_the_report_extra_is_a_usage_error_before_fuzzing(tmp_path: Path, capsys, monkeypatch):
    # As without matplotlib installed: `find_spec` is what `plotting_missing` asks.
    real = output.importlib.util.find_spec
    monkeypatch.setattr(
        output.importlib.util, "find_spec", lambda name, *a: None if name == "matplotlib" else real(name, *a)
    )
    page = tmp_path / "report.html"
    code = main(["run", "--examples", "5", "--corpus", str(tmp_path / "corpus"), "--html", str(page)])
    assert code == 2
    said = capsys.readouterr().err
    assert f"--html {page}" in said and "iree-stream-fuzz[report]" in said
    assert not page.exists() and not (tmp_path / "corpus").exists()


@pytest.mark.parametrize("option", ["--html", "--summary-md"])
def test_an_unwritable_report_is_refused_before_fuzzing(tmp_path: Path, capsys, option: str) -> None:
    target = tmp_path / "no-such-folder" / "report"
    code = main(["run", "--examples", "5", "--corpus", str(tmp_path / "corpus"), option, str(target)])
    assert code == 2
    assert f"{option} {target} cannot be written" in capsys.readouterr().err

"""The HTML report of a real campaign, loaded in a real headless Chromium: the plots are drawn with the
series they should have, nothing is fetched and nothing is said on the console; the Markdown summary
reaches a GitHub job page. The checks themselves are shown to fail on pages that break them."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stream_fuzz.dashboard.browser import drawn_series, load
from tests.conftest import CORPUS, ROOT

# The fault of tests/driver/test_run.py: every dealloca moved to another device, new signatures in seconds.
FAULT = ["--level", "l1", "--no-shrink", "--inject-fault", "tests.mutants:dealloca_elsewhere"]
SERIES = (
    "series-new-signatures",
    "series-known-signatures",
    "series-rate-l1",
    "series-input-labels",
    "series-output-labels",
    *(f"series-time-{name}" for name in ("generate", "compile", "oracle", "shrink")),
)


def ys(paths: list[list[tuple[float, float]]]) -> set[float]:
    return {round(y, 3) for path in paths for _, y in path}


@pytest.mark.slow
def test_a_campaigns_report_draws_its_series_in_chromium(chromium: str, tmp_path: Path) -> None:
    shutil.copytree(CORPUS, tmp_path / "corpus")
    step_summary = tmp_path / "step-summary.md"
    step_summary.write_text("earlier step\n")
    files = {name: tmp_path / name for name in ("run.json", "report.html", "summary.md")}
    command = [sys.executable, "-m", "stream_fuzz.cli", "run", "--workers", "2", "--examples", "60"]
    command += ["--corpus", str(tmp_path / "corpus"), "--json", str(files["run.json"]), *FAULT]
    command += ["--html", str(files["report.html"]), "--summary-md", str(files["summary.md"])]
    env = {**os.environ, "GITHUB_STEP_SUMMARY": str(step_summary)}
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 1, done.stderr  # the fault's findings are new
    data = json.loads(files["run.json"].read_text())
    timeline = data["timeline"]
    # Two worker processes, one timeline: its samples add up to the programs judged, and every signature
    # met has the time it was first met.
    per_second = sum(counts.get("programs:l1", 0) for _, counts in timeline["samples"])
    assert per_second == data["programs"]["l1"] > 0
    assert {f["signature"] for f in data["findings"]} == set(timeline["signatures"])

    page = load(files["report.html"])
    assert page.console == () and page.fetches == ()
    series = drawn_series(page.dom)
    assert set(SERIES) <= set(series)
    assert all(series[name] and any(len(path) >= 2 for path in series[name]) for name in SERIES)
    assert len(ys(series["series-new-signatures"])) > 1  # the curve rises: new signatures were met
    assert len(ys(series["series-input-labels"])) > 1

    # Self-contained: no script, stylesheet, image or font to fetch (`url(#...)`: a clip path in the page).
    text = files["report.html"].read_text()
    assert not re.search(r"<script|<link|<img|<iframe|\bsrc=|url\((?!#)|@import", text)
    # Each new finding's entry is linked, relative to the page.
    links = set(re.findall(r"href='([^']+)'", text))
    new = [f for f in data["findings"] if f["new"]]
    assert new and all((tmp_path / link).is_file() for link in links)
    assert {Path(f["file"]).name for f in new} <= {Path(link).name for link in links}

    summary = files["summary.md"].read_text()
    assert summary.startswith(f"### stream-fuzz: **{sum(f['fails'] for f in data['findings'])} new failing")
    assert all(f"`{f['signature']}`" in summary for f in new)
    assert step_summary.read_text() == "earlier step\n" + summary + "\n"


def test_the_browser_check_sees_console_errors_and_fetches(chromium: str, tmp_path: Path) -> None:
    """The mutant pages: a script that logs an error, an image from the network. Each must be reported."""
    broken = tmp_path / "broken.html"
    broken.write_text(
        "<!DOCTYPE html><html><body><script>console.error('drawn wrong')</script>"
        "<img src='https://example.com/plot.png'></body></html>"
    )
    loaded = load(broken)
    assert any("drawn wrong" in line for line in loaded.console)
    assert loaded.fetches == ("https://example.com/plot.png",)


def test_a_missing_series_is_seen(chromium: str, tmp_path: Path) -> None:
    page = tmp_path / "page.html"
    path = "<path d='M 0 10 L 5 4 L 9 2'/>"
    svg = f"<svg xmlns='http://www.w3.org/2000/svg'><g id='series-rate-l1'>{path}</g></svg>"
    page.write_text(f"<!DOCTYPE html><html><body>{svg}</body></html>")
    series = drawn_series(load(page).dom)
    assert series == {"series-rate-l1": [[(0.0, 10.0), (5.0, 4.0), (9.0, 2.0)]]}
    page.write_text(f"<!DOCTYPE html><html><body>{svg.replace('series-rate-l1', 'other')}</body></html>")
    assert drawn_series(load(page).dom) == {}

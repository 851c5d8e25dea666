"""Writing the reports: the HTML page (needs the `report` extra), the Markdown summary, the CI job page."""

from __future__ import annotations

import importlib.util
import os
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from stream_fuzz.corpus.entry import write_atomically
from stream_fuzz.dashboard import STEP_SUMMARY
from stream_fuzz.dashboard.markdown import campaign_markdown
from stream_fuzz.fleet.status import FleetStatus

INSTALL_HINT = "the HTML report draws with matplotlib: pip install 'iree-stream-fuzz[report]'"


def plotting_missing() -> str:
    """Why `--html` cannot be written here ("" when it can), said before any work is done."""
    return "" if importlib.util.find_spec("matplotlib") else INSTALL_HINT


def write_html(path: Path, data: Mapping[str, Any]) -> None:
    from stream_fuzz.dashboard.page import campaign_page  # matplotlib: only when a page is asked for

    write_atomically(path, campaign_page(data, path))


def write_fleet_html(path: Path, status: FleetStatus) -> None:
    from stream_fuzz.dashboard.page import fleet_page

    write_atomically(path, fleet_page(status, time.time()))


def write_markdown(path: Path, data: Mapping[str, Any]) -> None:
    write_atomically(path, campaign_markdown(data))


def append_step_summary(data: Mapping[str, Any]) -> Path | None:
    """The summary appended to `$GITHUB_STEP_SUMMARY` when the variable is set (the file it names)."""
    target = os.environ.get(STEP_SUMMARY)
    if not target:
        return None
    with open(target, "a", encoding="utf-8") as summary:
        summary.write(campaign_markdown(data) + "\n")
    return Path(target)

"""A real headless Chromium (Debian's `chromium` package) to load a report as a reader's browser would:
the DOM it built, what it wrote to its console, and a screenshot.

Chromium's own command line does all of it (`--dump-dom`, `--screenshot`, `--enable-logging=stderr`, which
prints each console message as a `CONSOLE` line, `--log-net-log`, which records every request), so no
driver library or protocol client is needed. Requests resolve nowhere (`--host-resolver-rules`): a page
that fetches something is caught in the net log, never served by the network.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

NAMES = ("chromium", "chromium-browser", "google-chrome")
TIMEOUT_S = 120.0
_FLAGS = (
    "--headless",
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--no-first-run",
    "--hide-scrollbars",
    "--disable-background-networking",  # Chromium's own requests would mix with the page's in the net log
    "--disable-component-update",
    "--no-pings",
    "--host-resolver-rules=MAP * ~NOTFOUND",  # nothing leaves the machine
    "--enable-logging=stderr",
    "--v=0",
)
# Chromium's log line for a console message: `...:INFO:CONSOLE:1] "the message", source: file (1)` (older
# releases wrote `CONSOLE(1)]`)
_CONSOLE = re.compile(r":CONSOLE(?::\d+|\(\d+\))?\]\s*(.*)$")


class NoBrowser(RuntimeError):
    """No Chromium on PATH."""


def find_chromium() -> str:
    for name in NAMES:
        found = shutil.which(name)
        if found:
            return found
    raise NoBrowser(f"no Chromium found (looked for {', '.join(NAMES)}); Debian: apt-get install chromium")


@dataclass(frozen=True)
class Loaded:
    dom: str  # the document as Chromium built it
    console: tuple[str, ...]  # console messages
    fetches: tuple[str, ...]  # URLs the page asked the network for


def _run(args: list[str], profile: str) -> subprocess.CompletedProcess[str]:
    command = [find_chromium(), *_FLAGS, f"--user-data-dir={profile}", *args]
    return subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT_S, check=False)


def load(page: Path) -> Loaded:
    """Open `page` in headless Chromium; its DOM once loaded and every console message it caused."""
    with tempfile.TemporaryDirectory(prefix="stream-fuzz-chromium-") as profile:
        net_log = Path(profile) / "net-log.json"
        done = _run([f"--log-net-log={net_log}", "--dump-dom", page.resolve().as_uri()], profile)
        if done.returncode != 0 or "<html" not in done.stdout:
            said = done.stderr[-2000:]
            raise RuntimeError(f"chromium could not load {page} (exit {done.returncode}): {said}")
        fetches = _page_requests(json.loads(net_log.read_text()))
    console = [match.group(1) for match in map(_CONSOLE.search, done.stderr.splitlines()) if match]
    return Loaded(done.stdout, tuple(console), fetches)


def _page_requests(net_log: dict) -> tuple[str, ...]:
    """The URLs requested on behalf of a page opened from a file (its network isolation key is file://)."""
    start = net_log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    urls = []
    for event in net_log.get("events", []):
        params = event.get("params") or {}
        if event.get("type") == start and str(params.get("network_isolation_key", "")).startswith("file:"):
            urls.append(str(params.get("url")))
    return tuple(dict.fromkeys(urls))


def screenshot(page: Path, png: Path, width: int = 1280, height: int = 1900) -> None:
    """A PNG of `page` at a laptop's width (the height is the window's: the page's top part)."""
    png.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="stream-fuzz-chromium-") as profile:
        done = _run(
            [f"--window-size={width},{height}", f"--screenshot={png.resolve()}", page.resolve().as_uri()],
            profile,
        )
    if done.returncode != 0 or not png.exists():
        said = done.stderr[-2000:]
        raise RuntimeError(f"chromium could not photograph {page} (exit {done.returncode}): {said}")


class _Series(HTMLParser):
    """The points of each SVG series (`<g id="series-...">`): the vertices of the paths inside it."""

    def __init__(self) -> None:
        super().__init__()
        self.series: dict[str, list[list[tuple[float, float]]]] = {}
        self._open: list[str | None] = []  # the series id of each open <g> (None: not a series)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "g":
            gid = values.get("id") or ""
            self._open.append(gid if gid.startswith("series-") else None)
            if gid.startswith("series-"):
                self.series.setdefault(gid, [])
        elif tag == "path" and values.get("d"):
            inside = [gid for gid in self._open if gid]
            if inside:
                self.series[inside[-1]].append(_vertices(values["d"] or ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "g" and self._open:
            self._open.pop()


def _vertices(d: str) -> list[tuple[float, float]]:
    numbers = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", d)]
    return list(zip(numbers[::2], numbers[1::2], strict=False))


def drawn_series(dom: str) -> dict[str, list[list[tuple[float, float]]]]:
    """Each series the DOM holds, with the vertices of each of its paths (screen coordinates)."""
    parser = _Series()
    parser.feed(dom)
    return parser.series

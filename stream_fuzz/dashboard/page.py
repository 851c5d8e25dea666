"""One self-contained HTML file: a campaign's report (`run --html`) or a fleet's status (`status --html`).

The page is drawn from the run's JSON report (`report.as_json`), the one record of a run, so a CI
artifact's JSON can be drawn again later (`stream-fuzz html`). Styles are inline and plots are inline SVG;
the page fetches nothing and runs no script, so it opens the same from a CI artifact, a mail or a disk.
"""

from __future__ import annotations

import html
import os
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from stream_fuzz.dashboard import charts
from stream_fuzz.dashboard.charts import Chart
from stream_fuzz.dashboard.markdown import mark
from stream_fuzz.fleet.status import FleetStatus
from stream_fuzz.generators.model import LEVELS

_STYLE = """
body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5em auto; max-width: 1200px; color: #222; }
h1 { font-size: 1.4em; margin-bottom: 0.2em; } h2 { font-size: 1.1em; margin-top: 1.5em; }
.meta { color: #555; } .verdict { font-weight: 600; } .fails { color: #b00020; } .ok { color: #1b5e20; }
.charts { display: grid; grid-template-columns: repeat(auto-fit, minmax(520px, 1fr)); gap: 1em; }
figure { margin: 0; border: 1px solid #ddd; border-radius: 6px; padding: 0.6em; }
figure svg { width: 100%; height: auto; } figcaption { color: #555; font-size: 12px; }
table { border-collapse: collapse; font-size: 13px; } th, td { padding: 3px 8px; text-align: left; }
th { border-bottom: 2px solid #ccc; } tr:nth-child(even) td { background: #f6f6f6; }
td.n { text-align: right; font-variant-numeric: tabular-nums; } code { font-size: 12px; white-space: nowrap; }
.mark-NEW, .mark-REGRESSION { color: #b00020; font-weight: 600; } .mark-old { color: #777; }
"""

FINDING_COLUMNS = ("", "signature", "kind", "rule", "severity", "level", "hits", "entry", "what")
SIGNATURE_COLUMNS = ("signature", "kind", "level", "hits", "state", "found by", "entry", "what")


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def _page(title: str, body: Iterable[str]) -> str:
    head = f"<head><meta charset='utf-8'><title>{_e(title)}</title><style>{_STYLE}</style></head>"
    return f"<!DOCTYPE html>\n<html lang='en'>{head}<body>\n" + "\n".join(body) + "\n</body></html>\n"


def _figure(chart: Chart) -> str:
    return (
        f"<figure id='chart-{chart.key}' data-series='{' '.join(chart.series)}'>"
        f"<h2>{_e(chart.title)}</h2>{chart.svg}<figcaption>{_e(chart.caption)}</figcaption></figure>"
    )


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], numeric: frozenset[int] = frozenset()) -> str:
    """`rows` hold HTML already escaped; `numeric` columns are right-aligned."""
    heads = "".join(f"<th>{_e(h)}</th>" for h in head)
    cell = "<td class='n'>{}</td>", "<td>{}</td>"
    lines = ("".join(cell[i not in numeric].format(c) for i, c in enumerate(row)) for row in rows)
    body = "".join(f"<tr>{line}</tr>" for line in lines)
    return f"<table><thead><tr>{heads}</tr></thead><tbody>{body}</tbody></table>"


def entry_link(file: str, html_dir: Path) -> str:
    """A corpus entry as a link relative to the page (so a copied folder keeps working)."""
    if not file:
        return ""
    href = os.path.relpath(Path(file).resolve(), html_dir.resolve())
    return f"<a href='{_e(Path(href).as_posix())}'>{_e(file)}</a>"


def _level_rows(data: Mapping[str, Any]) -> list[list[str]]:
    rows = []
    for level in LEVELS:
        n = data["programs"].get(level, 0)
        if not n:
            continue
        seconds = data["level_s"].get(level, 0.0)
        rows.append(
            [
                level,
                str(n),
                f"{data['valid'][level] / n:.1%}",
                f"{data['compiled'][level] / n:.1%}",
                f"{data['executed'][level] / n:.1%}" if level == "l3" else "-",
                f"{seconds:.0f} s",
                f"{n / seconds:.1f}" if seconds else "-",
            ]
        )
    return rows


def campaign_charts(data: Mapping[str, Any]) -> list[Chart]:
    timeline = data.get("timeline") or {}
    end = float(data.get("elapsed_s") or 0.0)
    samples = [(float(second), counts) for second, counts in timeline.get("samples", [])]
    firsts = timeline.get("signatures", {})
    end = max([end, *firsts.values(), *(second for second, _ in samples)])
    new = {f["signature"] for f in data.get("findings", []) if f.get("new")}
    workers = int(data.get("workers") or 1)
    # Until the first program was judged the run was checking its set-up (the compiler, the corpus).
    setup_s = min([*(second for second, _ in samples), *timeline.get("inputs", {}).values()], default=0.0)
    return [
        charts.saturation(firsts, new, end, setup_s),
        charts.throughput(samples, end, setup_s),
        charts.coverage(timeline.get("inputs", {}), timeline.get("outputs", {}), end, setup_s),
        charts.time_split(data.get("timing", {}), sum(data.get("shrink_s", {}).values()), workers * end),
    ]


def campaign_page(data: Mapping[str, Any], html_path: Path) -> str:
    """The report of one campaign, from its JSON report (`report.as_json`)."""
    findings = list(data.get("findings", []))
    failing = sum(bool(f.get("fails")) for f in findings)
    total = sum(data["programs"].values())
    elapsed = float(data.get("elapsed_s") or 0.0)
    verdict = (
        f"<span class='verdict fails'>{failing} new failing finding(s)</span>"
        if failing
        else "<span class='verdict ok'>nothing new that fails</span>"
    )
    interrupted = " (interrupted)" if data.get("interrupted") else ""
    meta = (
        f"compiler {_e(data['compiler']['version'])} &middot; {total} programs in {elapsed:.0f} s"
        f"{interrupted} ({total / elapsed if elapsed else 0:.1f}/s) &middot; {_e(data.get('workers', 1))} "
        f"worker(s), seed {_e(data.get('seed', '-'))} &middot; {len(findings)} signature(s) met"
    )
    errors = [f"<p class='fails'>{_e(error.splitlines()[0])}</p>" for error in data.get("errors", [])]
    rows = [
        [
            f"<span class='mark-{mark(f)}'>{mark(f)}</span>",
            f"<code>{_e(f['signature'])}</code>",
            _e("generator-defect" if f.get("generator_defect") else f.get("kind", "")),
            _e(f.get("rule", "")),
            _e(f.get("severity", "")),
            _e(f.get("level", "")),
            str(f.get("hits", 0)),
            entry_link(f.get("file", ""), html_path.parent) or _e(f"(fleet: {f.get('fleet', '')})"),
            _e(f.get("message", "")),
        ]
        for f in findings
    ]
    body = [
        f"<h1>stream-fuzz campaign: {verdict}</h1>",
        f"<p class='meta'>{meta}</p>",
        *errors,
        _table(
            ["level", "programs", "valid", "compiled", "executed", "time", "programs/s of its time"],
            _level_rows(data),
            frozenset({1, 2, 3, 4, 5, 6}),
        ),
        "<div class='charts'>",
        *(_figure(chart) for chart in campaign_charts(data)),
        "</div>",
        f"<h2>Findings ({len(findings)})</h2>",
        _table(FINDING_COLUMNS, rows, frozenset({6})) if rows else "<p>no findings</p>",
    ]
    return _page("stream-fuzz campaign report", body)


def fleet_page(status: FleetStatus, now: float) -> str:
    """The fleet's report: its curves from the timeline its workers add to Redis, drawn as a campaign's
    are; each level's totals; the workers alive; each signature's state in the fleet."""
    timing: dict[str, float] = {}
    for _, counts in status.timeline.get("samples", []):
        for counter, value in counts.items():
            timing[counter] = timing.get(counter, 0.0) + value
    data = {
        "timeline": status.timeline,
        "elapsed_s": max(now - status.started_at, 0.0) if status.started_at else 0.0,
        "findings": [{"signature": s.signature, "new": bool(s.first_by)} for s in status.signatures],
        "workers": len(status.workers),
        "timing": timing,
        "shrink_s": {"all": timing.get("shrink_s", 0.0)},
    }
    levels = []
    for level in status.levels:
        programs = status.total("programs", level)
        if programs:
            valid = f"{status.total('valid', level) / programs:.1%}"
            levels.append(
                [
                    level,
                    str(programs),
                    valid,
                    str(status.total("executed", level)),
                    f"{status.rate(level):.1f}",
                ]
            )
    rows = []
    for s in status.signatures:
        state = (
            f"claimed by {s.claim}"
            if s.claim
            else "shrunk"
            if s.shrunk
            else "unshrunk"
            if s.entry
            else "known to a machine's corpus"
        )
        rows.append(
            [
                f"<code>{_e(s.signature)}</code>",
                _e(s.kind),
                _e(s.level),
                str(s.hits),
                _e(state),
                _e(s.first_by),
                _e(f"{s.entry} ({s.size} lines)" if s.entry else ""),
                _e(s.message),
            ]
        )
    workers = [[_e(w.name), str(sum(w.programs.values())), f"{w.seconds:.0f} s"] for w in status.alive]
    body = [
        f"<h1>stream-fuzz fleet at {_e(status.url)}</h1>",
        f"<p class='meta'>{status.machines_alive} machine(s) and {len(status.alive)} worker(s) alive "
        f"({status.machines_seen} machine(s), {len(status.workers)} worker(s) seen) &middot; "
        f"{len(status.signatures)} signature(s)</p>",
        _table(["level", "programs", "valid", "executed", "now/s"], levels, frozenset({1, 2, 3, 4})),
        "<div class='charts'>",
        *(_figure(chart) for chart in campaign_charts(data)),
        "</div>",
        "<h2>Workers alive</h2>",
        _table(["worker", "programs", "time"], workers, frozenset({1, 2})) if workers else "<p>none</p>",
        f"<h2>Signatures ({len(rows)})</h2>",
        "<p class='meta'>Entries are in Redis: <code>stream-fuzz corpus pull --db URL DIR</code> writes them."
        "</p>",
        _table(SIGNATURE_COLUMNS, rows, frozenset({3})) if rows else "<p>no signatures</p>",
    ]
    return _page("stream-fuzz fleet status", body)

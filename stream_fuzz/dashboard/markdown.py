"""A short Markdown summary of a campaign for a CI job page (GitHub's `$GITHUB_STEP_SUMMARY`, a GitLab
report artifact), drawn from the run's JSON report as the HTML page is."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stream_fuzz.generators.model import LEVELS

MAX_ROWS = 25  # findings listed; the rest are counted (the HTML report and the JSON have them all)


def mark(finding: Mapping[str, Any]) -> str:
    """As the summary table marks it: REGRESSION, NEW (fails the run), new, old."""
    if finding.get("regression"):
        return "REGRESSION"
    if finding.get("new"):
        return "NEW" if finding.get("fails") else "new"
    return "old"


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def campaign_markdown(data: Mapping[str, Any]) -> str:
    findings = list(data.get("findings", []))
    failing = sum(bool(f.get("fails")) for f in findings)
    total = sum(data["programs"].values())
    elapsed = float(data.get("elapsed_s") or 0.0)
    rate = total / elapsed if elapsed else 0.0
    verdict = f"**{failing} new failing finding(s)**" if failing else "nothing new that fails"
    interrupted = " (interrupted)" if data.get("interrupted") else ""
    lines = [
        f"### stream-fuzz: {verdict}",
        "",
        f"{total} programs in {elapsed:.0f} s{interrupted} ({rate:.1f}/s) against "
        f"`{data['compiler']['version']}`, {data.get('workers', 1)} worker(s), seed {data.get('seed', '-')}; "
        f"{len(findings)} signature(s) met, {sum(bool(f.get('new')) for f in findings)} new.",
        "",
        "| level | programs | valid | compiled | programs/s of its time |",
        "|---|---:|---:|---:|---:|",
    ]
    for level in LEVELS:
        n = data["programs"].get(level, 0)
        if n:
            seconds = data["level_s"].get(level, 0.0)
            each = f"{n / seconds:.1f}" if seconds else "-"
            valid, compiled = data["valid"][level] / n, data["compiled"][level] / n
            lines.append(f"| {level} | {n} | {valid:.1%} | {compiled:.1%} | {each} |")
    timing = data.get("timing", {})
    keys = ("generate_s", "compile_s", "oracle_s")
    spent = sum(timing.get(k, 0.0) for k in keys) or 1.0
    split = ", ".join(f"{k[:-2]} {timing.get(k, 0.0) / spent:.0%}" for k in keys)
    shrink = sum(data.get("shrink_s", {}).values())
    lines += ["", f"Time: {split}; shrinking {shrink:.0f} s."]
    for error in data.get("errors", []):
        lines.append(f"\n> error: {_cell(error.splitlines()[0])}")
    if findings:
        lines += ["", "| | signature | kind | level | hits | entry |", "|---|---|---|---|---:|---|"]
        for f in findings[:MAX_ROWS]:
            entry = f.get("file") or (f"fleet: {f['fleet']}" if f.get("fleet") else "")
            kind = "generator-defect" if f.get("generator_defect") else f.get("rule") or f.get("kind", "")
            lines.append(
                f"| {mark(f)} | `{_cell(f['signature'])}` | {_cell(kind)} | {f.get('level', '')} | "
                f"{f.get('hits', 0)} | {_cell(entry)} |"
            )
        if len(findings) > MAX_ROWS:
            lines.append(f"\n... and {len(findings) - MAX_ROWS} more (the JSON and HTML reports list all).")
    return "\n".join(lines) + "\n"

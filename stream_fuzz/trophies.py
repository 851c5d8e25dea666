"""The trophy table: every corpus entry in one Markdown table (`docs/findings.md`), generated from the corpus.

    stream-fuzz findings --write docs/findings.md

A test fails when the checked-in table is not what the corpus says (tests/corpus/test_findings_table.py).
"""

from __future__ import annotations

from pathlib import Path

from stream_fuzz.corpus import Entry, MalformedEntry, read_corpus

# What a finding that is not a violation breaks, for the severity column.
_KIND_EFFECT = {
    "invalid-program": "rejects valid input",
    "crash": "crashes",
    "timeout": "hangs",
    "bad-output": "prints IR it cannot read",
}
_STATUS_ORDER = {"open": 0, "fixed": 1, "not-a-bug": 2}


def entries(folder: Path) -> list[Entry]:
    found = [entry for entry in read_corpus(folder) if not isinstance(entry, MalformedEntry)]
    return sorted(found, key=lambda e: (_STATUS_ORDER[e.status], e.kind, e.path.name))


def render(folder: Path) -> str:
    rows = entries(folder)
    counts = {status: sum(e.status == status for e in rows) for status in _STATUS_ORDER}
    lines = [
        "# What stream-fuzz has found",
        "",
        "Generated from `corpus/` by `stream-fuzz findings --write docs/findings.md`; do not edit by hand.",
        "Each entry is one root cause, with its triage (why it is wrong, the pass and function that decide",
        "it) in the entry's header and its witnesses as a lit test.",
        "",
        f"{counts['open']} open, {counts['fixed']} fixed, {counts['not-a-bug']} not a bug.",
        "",
        "| entry | kind | severity | pass | releases | status | upstream |",
        "|---|---|---|---|---|---|---|",
    ]
    for entry in rows:
        severity = entry.severity if entry.kind == "violation" else _KIND_EFFECT.get(entry.kind, entry.kind)
        name = f"[{entry.path.stem}](../corpus/{entry.path.name})"
        cells = [
            name,
            entry.kind,
            severity or "-",
            entry.pass_name or "-",
            entry.releases or "-",
            entry.status,
        ]
        cells.append(entry.upstream or "-")
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"

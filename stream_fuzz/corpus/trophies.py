"""The trophy table: every corpus entry in one Markdown table (`docs/findings.md`), generated from the corpus.

    stream-fuzz findings --write docs/findings.md

A test fails when the checked-in table is not what the corpus says (tests/corpus/test_findings_table.py).
"""

from __future__ import annotations

from pathlib import Path

from stream_fuzz.corpus.entry import (
    FRONTEND_FOLDER,
    ONE_PASS_FOLDER,
    Entry,
    MalformedEntry,
    Status,
    code_lines,
    read_corpus,
)

# What a finding that is not a violation breaks, for the severity column.
_KIND_EFFECT = {
    "invalid-program": "rejects valid input",
    "crash": "crashes",
    "timeout": "hangs",
    "bad-output": "prints IR that does not read back as printed",
}
_STATUS_ORDER = {status: order for order, status in enumerate(Status)}


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
        f"{counts[Status.OPEN]} open, {counts[Status.FIXED]} fixed, {counts[Status.NOT_A_BUG]} not a bug.",
        "",
        "`one pass` links the reproducer for the pass alone (`stream-fuzz reduce`), with its lines of code;",
        "`draft` the upstream issue draft (`stream-fuzz report`).",
        "`reachability` is the priority for triage: `frontend` when a tensor program compiled by",
        "`iree-compile` reaches the root cause (its `// reachability:` header says how), `stream IR only`",
        "when only stream IR written by hand or by the fuzzer does so far (the header lists what was tried),",
        "`not tried` when nobody has tried.",
        "",
        "| entry | kind | severity | reachability | pass | releases | status | one pass | draft | upstream |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for entry in rows:
        severity = entry.severity if entry.kind == "violation" else _KIND_EFFECT.get(entry.kind, entry.kind)
        name = f"[{entry.path.stem}](../corpus/{entry.path.name})"
        cells = [
            name,
            entry.kind,
            severity or "-",
            _reach(entry),
            entry.pass_name or "-",
            entry.releases or "-",
            entry.status,
            _one_pass(entry),
            _draft(entry, folder),
            entry.upstream or "-",
        ]
        lines.append("| " + " | ".join(cell.replace("|", "\\|") for cell in cells) + " |")
    return "\n".join(lines) + "\n"


def _reach(entry: Entry) -> str:
    """The reachability cell; a frontend witness in corpus/frontend/ is linked."""
    witness = entry.path.parent / FRONTEND_FOLDER / entry.path.name
    if entry.reach == "frontend" and witness.exists():
        return f"[frontend](../corpus/{FRONTEND_FOLDER}/{entry.path.name})"
    return entry.reach


def _one_pass(entry: Entry) -> str:
    path = entry.path.parent / ONE_PASS_FOLDER / entry.path.name
    if not path.exists():
        # An entry for one pass already (pre-scheduled input to schedule-allocation) is its own.
        return "the entry" if entry.pipeline.count("(") == 1 else "-"
    lines = code_lines(path.read_text())
    return f"[{lines} lines](../corpus/{ONE_PASS_FOLDER}/{entry.path.name})"


def _draft(entry: Entry, folder: Path) -> str:
    name = f"{entry.path.stem}.md"
    return f"[draft](upstream-drafts/{name})" if (folder.parent / "docs" / DRAFTS / name).exists() else "-"


DRAFTS = "upstream-drafts"  # docs/upstream-drafts/<entry>.md

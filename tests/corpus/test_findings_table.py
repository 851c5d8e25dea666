"""docs/findings.md is the corpus as a table: regenerate it (`stream-fuzz findings --write docs/findings.md`)
whenever an entry is added, triaged or fixed."""

from __future__ import annotations

from pathlib import Path

from stream_fuzz.corpus.entry import FRONTEND_FOLDER
from stream_fuzz.corpus.trophies import entries, render

ROOT = Path(__file__).resolve().parents[2]


def test_the_trophy_table_is_current() -> None:
    table = (ROOT / "docs" / "findings.md").read_text()
    assert table == render(ROOT / "corpus"), (
        "docs/findings.md is stale: run stream-fuzz findings --write docs/findings.md"
    )


def test_every_entry_is_in_the_table_with_its_status() -> None:
    table = render(ROOT / "corpus")
    for path in sorted((ROOT / "corpus").glob("*.mlir")):
        assert f"[{path.stem}](../corpus/{path.name})" in table


def test_every_open_entry_says_how_reachable_it_is() -> None:
    """The reachability column: `frontend`, `stream IR only`, or `not tried` when the header has no line."""
    for entry in entries(ROOT / "corpus"):
        assert entry.reach in ("frontend", "stream IR only", "not tried"), (entry.path, entry.reach)
        if entry.status == "open":
            assert entry.reach != "not tried", f"{entry.path.name}: no // reachability: line"


def test_a_frontend_witness_is_linked_from_the_table() -> None:
    table = render(ROOT / "corpus")
    for path in sorted((ROOT / "corpus" / FRONTEND_FOLDER).glob("*.mlir")):
        assert f"[frontend](../corpus/{FRONTEND_FOLDER}/{path.name})" in table

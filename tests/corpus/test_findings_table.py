"""docs/findings.md is the corpus as a table: regenerate it (`stream-fuzz findings --write docs/findings.md`)
whenever an entry is added, triaged or fixed."""

from __future__ import annotations

from pathlib import Path

from stream_fuzz.trophies import render

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

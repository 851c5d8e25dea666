"""docs/upstream-drafts/ holds one upstream issue draft per open corpus entry, made from the entry alone:
`stream-fuzz report --all --write-drafts docs/upstream-drafts` regenerates them all (and removes drafts of
entries that are gone or no longer open). An IREE engineer pastes a draft's commands as they are: they name
IREE's tools and FileCheck, never stream-fuzz, and no path of the machine that wrote the draft."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stream_fuzz.corpus.entry import Entry, read_corpus, read_entry
from stream_fuzz.triage.entry_draft import related
from stream_fuzz.triage.run_lines import MACHINE_PATH, TOOL_NAMES, header_value, run_commands

ROOT = Path(__file__).resolve().parents[2]
DRAFTS = ROOT / "docs" / "upstream-drafts"
REGENERATE = "stream-fuzz report --all --write-drafts docs/upstream-drafts"
OPEN = sorted(p for p in (ROOT / "corpus").glob("*.mlir") if read_entry(p).status == "open")


def _code_blocks(text: str) -> list[tuple[str, str]]:
    return re.findall(r"^```(\w*)\n(.*?)^```", text, flags=re.M | re.S)


def test_every_open_entry_has_a_draft_and_every_draft_an_open_entry() -> None:
    drafts = {path.stem for path in DRAFTS.glob("*.md")}
    wanted = {path.stem for path in OPEN}
    assert not wanted - drafts, f"open entries without a draft (run {REGENERATE}): {sorted(wanted - drafts)}"
    assert not drafts - wanted, f"drafts of no open entry (run {REGENERATE}): {sorted(drafts - wanted)}"


@pytest.mark.parametrize("entry", OPEN, ids=[path.stem for path in OPEN])
def test_a_draft_reproduces_with_iree_tools_only(entry: Path) -> None:
    draft = (DRAFTS / f"{entry.stem}.md").read_text()
    blocks = _code_blocks(draft)
    commands = [line for lang, body in blocks if lang == "bash" for line in body.splitlines()]
    assert commands, f"{entry.stem}: the draft gives no commands"
    for lang, body in blocks:
        steps = body.splitlines() if lang == "bash" else run_commands(body)
        for step in steps:
            assert "stream-fuzz" not in step, f"{entry.stem}: a reproduction step runs stream-fuzz: {step}"
    for command in run_commands("\n".join(body for lang, body in blocks if lang == "mlir")):
        for tool in re.findall(r"(?:^|\|\s*)(\S+)", command):
            assert tool in (*TOOL_NAMES, "not"), f"{entry.stem}: a RUN line runs {tool}: {command}"
    path = MACHINE_PATH.search(draft)
    assert path is None, f"{entry.stem}: the draft names a path of this machine: {path and path.group(0)}"


@pytest.mark.parametrize("entry", OPEN, ids=[path.stem for path in OPEN])
def test_a_draft_shows_the_entry_as_it_is(entry: Path) -> None:
    """Stale drafts (of an older witness, or triage) are caught: the draft holds the entry's RUN and CHECK
    lines and its releases, triage and reachability lines, word for word."""
    draft = (DRAFTS / f"{entry.stem}.md").read_text()
    text = entry.read_text()
    for line in text.splitlines():
        if line.startswith(("// RUN:", "// CHECK")):
            assert line in draft, f"{entry.stem}: the draft is stale (run {REGENERATE}): lacks {line!r}"
    for key in ("releases", "triage", "reachability"):
        value = header_value(text, key)
        if value:
            assert value in draft, f"{entry.stem}: the draft is stale (run {REGENERATE}): its {key} differs"


def test_one_fix_closes_only_what_same_fix_as_names_and_unshared_aliases() -> None:
    """A draft's "One fix would also close" lists the entries `same-fix-as` names (not the words of its
    prose: the joinOR draft listed `(the`, `same`, ...) and the aliases no other entry lists. Three entries
    list placement-read-bb281ef42ca6, each its own root cause told apart by symptom: the public-return draft
    claimed one fix would close the execute-region, scf-for-init and joinOR entries."""
    corpus = [e for e in read_corpus(ROOT / "corpus") if isinstance(e, Entry)]
    by_name = {e.path.stem: e for e in corpus}
    join_or = related(by_name["bad-output-optimal-joinor-nests-members"], corpus)
    assert join_or.entries == ("invalid-program-optimal-joinand-null-members",)
    assert "placement-read-bb281ef42ca6" not in join_or.signatures
    assert "checker-verify-affinities-c16a2669692b" in join_or.signatures
    public_return = related(by_name["placement-read-public-return-drops-known-consumers"], corpus)
    assert public_return.entries == ()
    assert public_return.signatures == ("placement-write-833d624fcc0a",)

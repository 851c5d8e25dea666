"""Every rule is handled wherever a rule must be: its plausible fix (or the documented few that have none),
its CHECK lines (`checklines.candidate_groups`, a `match` mypy holds to every rule of `fixes.DerivedFix`),
the issue draft's "what should happen", and the README's rule table. Adding a Rule fails here (and in
mypy) until it has them."""

from __future__ import annotations

from pathlib import Path

import pytest
from stream_fuzz.oracles import Rule, Violation

from stream_fuzz.corpus.checklines import candidate_groups
from stream_fuzz.judge.fixes import DERIVED_FIX, NO_DERIVED_FIX, fix_of
from stream_fuzz.triage.issue_draft import should_hold

README = Path(__file__).resolve().parents[2] / "README.md"


def _violation(rule: Rule) -> Violation:
    return Violation(rule, "m", "stream.cmd.copy %a", "loc", "%r", ("d1",), "#hal.device.affinity<@d0>")


@pytest.mark.parametrize("rule", list(Rule), ids=[rule.id for rule in Rule])
def test_every_rule_has_its_fix_lines_and_sentence(rule: Rule) -> None:
    assert (fix_of(rule) is None) == (rule in NO_DERIVED_FIX)
    if rule not in NO_DERIVED_FIX:  # a repair to derive, so CHECK lines derived from it
        assert fix_of(rule) is not None
    candidate_groups((_violation(rule),), "")  # the match covers it (else assert_never raises)
    sentence = should_hold(rule, _violation(rule))
    assert sentence.endswith(".") and len(sentence) > 30
    assert f"`{rule.id}`" in README.read_text(), f"README's rule table lacks {rule.id}"


def test_every_rule_is_named_once_by_whether_its_repair_is_derived() -> None:
    assert set(Rule) == DERIVED_FIX | NO_DERIVED_FIX
    assert not DERIVED_FIX & NO_DERIVED_FIX


def test_the_sentences_tell_the_rule_families_apart() -> None:
    sentences = {should_hold(rule, _violation(rule)) for rule in Rule}
    assert len(sentences) >= 8  # not one fallback for most rules

"""Every rule is handled wherever a rule must be: its plausible fix (or the documented few that have none),
its CHECK lines (`checklines.candidate_groups`, a `match` mypy holds to every Rule), the issue draft's "what
should happen", and the README's rule table. Adding a Rule fails here (and in mypy) until it has them."""

from __future__ import annotations

from pathlib import Path

import pytest
from stream_fuzz.oracles import Rule, Violation

from stream_fuzz.corpus.checklines import candidate_groups
from stream_fuzz.judge.fixes import fix_of
from stream_fuzz.triage.issue_draft import should_hold

README = Path(__file__).resolve().parents[2] / "README.md"
# Stated another way than by repairing the final output: a clobbered read on the async IR on the way, a
# result's device by a run, a checker's rule by the RUN line that runs IREE's checker.
# A borrowed import written has no one repair (where would the copy go?); an input written is shown by a run.
# A pinned global worked on elsewhere has no one repair either (a transfer first, or the work moved?), nor has
# a transient used outside its life (a later dealloca, an added await, or a use moved), nor a returned value
# its fence does not cover (a join added to which fence, or the write moved?).
WITHOUT_A_FIX = {
    Rule.CLOBBER,
    Rule.RESULT,
    Rule.AFFINITY,
    Rule.ACCESS_RANGE,
    Rule.BORROWED,
    Rule.INPUT,
    Rule.PINNED_GLOBAL,
    Rule.AFTER_DEALLOCA,
    Rule.BEFORE_ALLOCA,
    Rule.RETURN_FENCE,
}


def _violation(rule: Rule) -> Violation:
    return Violation(rule, "m", "stream.cmd.copy %a", "loc", "%r", ("d1",), "#hal.device.affinity<@d0>")


@pytest.mark.parametrize("rule", list(Rule), ids=[rule.id for rule in Rule])
def test_every_rule_has_its_fix_lines_and_sentence(rule: Rule) -> None:
    assert (fix_of(rule) is None) == (rule in WITHOUT_A_FIX)
    candidate_groups((_violation(rule),), "")  # the match covers it (else assert_never raises)
    sentence = should_hold(rule, _violation(rule))
    assert sentence.endswith(".") and len(sentence) > 30
    assert f"`{rule.id}`" in README.read_text(), f"README's rule table lacks {rule.id}"


def test_the_sentences_tell_the_rule_families_apart() -> None:
    sentences = {should_hold(rule, _violation(rule)) for rule in Rule}
    assert len(sentences) >= 8  # not one fallback for most rules

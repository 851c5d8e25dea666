"""The property the suite exists for: for every generated program, the pinned compiler compiles it and
places every allocation, write, flush and export on the device that uses it.

Settings come from the profile in STREAM_FUZZ_PROFILE: `ci` (the default: deterministic and bounded) or
`dev` (more examples), registered by tests/conftest.py. A failure is written, shrunk, to a temporary corpus
folder (its path is in the assertion message) and Hypothesis prints `@reproduce_failure(...)` to replay it
exactly. A failure whose signature is an `open` entry of the project's corpus is a known bug and passes.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from stream_fuzz.generators import Program, label_and_target, programs
from stream_fuzz.generators.builder import build, encode
from stream_fuzz.generators.model import ForLoop, Transfer
from stream_fuzz.generators.specs import ProgramSpec

from stream_fuzz.campaign.loop import Campaign
from stream_fuzz.corpus.store import Corpus
from stream_fuzz.judge.verdict import Judge

PROJECT_CORPUS = Path(__file__).resolve().parents[2] / "corpus"
PROFILE = settings.get_profile("stream-fuzz-" + os.environ.get("STREAM_FUZZ_PROFILE", "ci"))

# Pinned examples replay on every run whatever the profile. A failure prints the spec of the program it
# found (`build(ProgramSpec(...))`); pasting it here as an @example keeps it replayed from then on. Write
# its tokens as (kind, choices) steps with `encode` (choices = token // len(token_table(...)) of the
# printed spec) so that reweighting the token table does not change what the example builds.
# The seed's shape: a value transferred to another device inside a concurrent wave, consumed there.
L2_SWITCHES = frozenset({"dispatch_tied", "update", "waves", "dispatch", "fill"})
TRANSFER_IN_WAVE = ProgramSpec(
    level="l2",
    n_devices=4,
    promise_mask=0,
    max_depth=4,
    tokens=encode("l2", L2_SWITCHES, [("splat", 0), ("transfer", 0), ("wave", 0), ("transfer", 21855)]),
    switches=L2_SWITCHES,
)
# A round trip d0 -> d1 -> d0 carried by an scf.for, through the whole stream pipeline.
L1_SWITCHES = frozenset(
    {
        "fill",
        "topology",
        "update",
        "copy",
        "dispatch_tied",
        "export",
        "clone",
        "transfer_from",
        "import",
        "if",
        "call",
        "for",
        "transfer_on",
        "dispatch",
        "barrier",
        "cross_device",
        "optimal",
        "slice",
    }
)
ROUND_TRIP_WITH_LOOP = ProgramSpec(
    level="l1",
    n_devices=2,
    promise_mask=0,
    max_depth=4,
    tokens=encode("l1", L1_SWITCHES, [("splat", 0), ("for", 16), ("transfer", 24), ("transfer", 16)]),
    switches=L1_SWITCHES,
)


@pytest.fixture(scope="module")
def campaign(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Campaign]:
    with Judge(timeout=60) as judge:
        yield Campaign(judge, Corpus(tmp_path_factory.mktemp("findings"), also_known=PROJECT_CORPUS))


def assert_placement_holds(campaign: Campaign, program: Program) -> None:
    label_and_target(program)
    failing = campaign.evaluate(program)
    if failing is not None:
        record = campaign.stats.findings[failing.signature]
        details = "\n".join(failing.details[:5])
        pytest.fail(f"{failing.title} [{failing.signature}], repro written to {record.file}\n{details}")


@settings(PROFILE)
@given(program=programs("l2"))
@example(program=build(TRANSFER_IN_WAVE))
def test_prescheduled_programs_are_placed_correctly(campaign: Campaign, program: Program) -> None:
    """L2: explicit executes and nested waves through iree-stream-schedule-allocation."""
    assert_placement_holds(campaign, program)


@settings(PROFILE)
@given(program=programs("l1"))
@example(program=build(ROUND_TRIP_WITH_LOOP))
def test_flat_programs_are_placed_correctly(campaign: Campaign, program: Program) -> None:
    """L1: flat async IR through the whole iree-stream-transformation-pipeline."""
    assert_placement_holds(campaign, program)


def test_pinned_examples_have_their_shapes() -> None:
    from stream_fuzz.generators import features

    assert {"transfer_in_wave", "transfer_fanout"} <= features(build(TRANSFER_IN_WAVE))
    assert {"transfer_roundtrip", "for"} <= features(build(ROUND_TRIP_WITH_LOOP))
    (loop,) = [op for op in build(ROUND_TRIP_WITH_LOOP).main.body if isinstance(op, ForLoop)]
    assert isinstance(loop.body[-1], Transfer) and loop.yields == [loop.body[-1].result]

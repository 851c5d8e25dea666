"""Failures shrink by deleting ops and regions, down to the one op that matters."""

from __future__ import annotations

import pytest
from hypothesis import find, settings
from stream_fuzz.generators import features, programs
from stream_fuzz.generators import model as m

SEARCH = settings(max_examples=2000, derandomize=True)


def count(program: m.Program, kind: type) -> int:
    return sum(isinstance(op, kind) for op in program.ops())


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_any_transfer_shrinks_to_a_single_transfer(level):
    smallest = find(programs(level), lambda p: count(p, m.Transfer) > 0, settings=SEARCH)
    assert count(smallest, m.Transfer) == 1
    # Besides the transfer: the value it moves, and the witnesses of the two live values.
    work = [op for op in smallest.ops() if not isinstance(op, m.Expect | m.Execute)]
    assert len(work) == 2, work
    assert count(smallest, m.Concurrent) == 0
    assert count(smallest, m.Execute) <= 1


def test_nested_waves_shrink_to_two_waves_in_one_execute():
    smallest = find(programs("l2"), lambda p: "nested_concurrent" in features(p), settings=SEARCH)
    assert count(smallest, m.Execute) == 1
    assert count(smallest, m.Concurrent) == 2
    # One op is needed to make the inner wave non-empty; nothing else survives.
    work = [op for op in smallest.ops() if not isinstance(op, m.Expect | m.Region)]
    assert len(work) == 1, work


def test_fanout_in_a_wave_shrinks_to_the_seed_shape():
    """The seed bug's shape: one value transferred to two devices inside a concurrent wave."""

    def seed_shaped(p: m.Program) -> bool:
        return {"transfer_fanout", "concurrent", "multi_device_executes"} <= features(p)

    smallest = find(programs("l2"), seed_shaped, settings=SEARCH)
    # Two transfers of one value; a third appears when the value is first pushed away and then
    # pulled back (a value is read only where it lives), a local minimum of shrinking.
    assert 2 <= count(smallest, m.Transfer) <= 3
    assert count(smallest, m.Concurrent) == 1

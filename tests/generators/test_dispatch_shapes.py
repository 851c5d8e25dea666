"""The dispatch shapes of issue 26 (`generators.dispatches`): a multi-result dispatch concatenated into one
buffer (at L1 and L2, on the dispatch's device or gathered on another), and dispatches with a workload and
scalar operands. Each is found by its feature label, checked in the model, printed for old and new releases
and compiled by the pinned compiler."""

from __future__ import annotations

import contextlib
import itertools

import pytest
from hypothesis import HealthCheck, Phase, find, given, settings
from stream_fuzz.generators import features, print_program, programs
from stream_fuzz.generators import model as m

from tests.generators.conftest import KnownCompilerBug

# The first program found, not shrunk (shrinking is what made a search take seconds), the same every run.
FIND = settings(
    database=None,
    max_examples=2000,
    suppress_health_check=list(HealthCheck),
    deadline=None,
    derandomize=True,
    phases=[Phase.generate],
)
# The syntax parses on every release from 3.1 (checked with each release's own iree-opt when it was added).
TARGETS = [(3, 1), (3, 5), (3, 11), (3, 13)]


def _find(level: str, *labels: str) -> m.Program:
    return find(programs(level), lambda p: set(labels) <= features(p), settings=FIND)


def _concats(program: m.Program) -> list[tuple[m.Dispatch, list[m.Update]]]:
    """Each dispatch with the updates its results (or their moves) feed, when there are two or more."""
    ops = program.ops()
    carried: dict[int, m.Value] = {}  # value id -> the dispatch result it is (moved or captured)
    for op in ops:
        if isinstance(op, m.Transfer):
            carried[op.result.id] = carried.get(op.source.id, op.source)
        if isinstance(op, m.Execute):
            for region_result, y in zip(op.results, op.yields, strict=True):
                carried[region_result.id] = carried.get(y.id, y)
            for arg, capture in zip(op.args, op.captures, strict=True):
                carried[arg.id] = carried.get(capture.id, capture)
    out = []
    for d in (op for op in ops if isinstance(op, m.Dispatch)):
        ids = {r.id for r in d.results}
        fed = [u for u in ops if isinstance(u, m.Update) and carried.get(u.update.id, u.update).id in ids]
        if len(fed) >= 2:
            out.append((d, fed))
    return out


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_concat_tiles_one_buffer_and_compiles(mlir, level):
    """The parts' updates fill their buffer exactly, slice by slice, each update writing the previous one's
    result; the program compiles through the level's pipeline."""
    program = _find(level, "dispatch_results_concatenated")
    dispatch, updates = _concats(program)[0]
    assert len(updates) == len(dispatch.results) >= 2
    for before, after in itertools.pairwise(updates):
        assert after.target is before.result or after.target.origin is before.result
    size = updates[0].target.size
    spans = sorted((u.offset, u.offset + u.update.size) for u in updates)
    assert spans[0][0] == 0 and spans[-1][1] == size
    assert all(a[1] == b[0] for a, b in itertools.pairwise(spans))  # no gap, no overlap
    text = print_program(program)
    mlir.parse(text)
    with contextlib.suppress(KnownCompilerBug):
        assert f"@ex::@{dispatch.entry}" in mlir.run(text, program.pipeline)


@pytest.mark.parametrize("level", ["l1", "l2"])
def test_a_gathered_concat_moves_each_part_to_the_buffer(level):
    program = _find(level, "dispatch_results_gathered")
    dispatch, updates = next((d, u) for d, u in _concats(program) if u[0].result.home != d.results[0].home)
    home = updates[0].result.home
    assert all(u.result.homes == (home,) and u.update.lives_on(home) for u in updates)
    assert not any(r.lives_on(home) for r in dispatch.results)
    if level == "l2":  # each part pulled by the buffer's execute, naming where it comes from
        pulls = [
            op
            for op in program.ops()
            if isinstance(op, m.Transfer) and op.result in [u.update for u in updates]
        ]
        assert len(pulls) == len(updates)
        assert all(p.source_affinity and p.source_affinity.home == dispatch.results[0].home for p in pulls)


@pytest.mark.parametrize("target", TARGETS)
def test_workload_and_scalars_are_printed_for_every_release(mlir, target):
    """`@ex::@f[workload](scalars, resources)`, scalars typed before the resources, for every release."""

    def dressed(p: m.Program) -> list[m.Dispatch]:
        return [op for op in p.ops() if isinstance(op, m.Dispatch) and op.workload and op.scalars]

    program = find(programs("l2", target=target), lambda p: bool(dressed(p)), settings=FIND)
    assert {"dispatch_workload", "dispatch_scalar_operands"} <= features(program)
    d = dressed(program)[0]
    text = print_program(program, target)
    line = next(line for line in text.splitlines() if f"@ex::@{d.entry}[" in line)
    workload = ", ".join(f"%c{w}" for w in d.workload)
    assert f"@ex::@{d.entry}[{workload}](" in line
    scalars = ", ".join(f"%c{v}" if t == "index" else f"%c{v}_i32" for t, v in d.scalars)
    assert f"]({scalars}, {d.operands[0].name}[" in line
    assert f" : ({', '.join(t for t, _ in d.scalars)}, !stream.resource<" in line
    mlir.parse(text)


@settings(max_examples=120, derandomize=True, phases=[Phase.generate])
@given(programs("l1"))
def test_dispatches_keep_their_form_without_wide(program):
    """Only `wide` gives a dispatch a workload or scalars, or draws a concat: programs without it are drawn
    as before the shapes existed."""
    if "wide" not in program.switches:
        assert not any(isinstance(op, m.Dispatch) and (op.workload or op.scalars) for op in program.ops())
        assert not {"dispatch_results_concatenated", "dispatch_workload"} & features(program)

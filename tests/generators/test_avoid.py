"""Rewrites that steer around known compiler bugs (generators/avoid.py): each removes its bug's failure
from a program with the bug's shape, and leaves alone programs without it."""

from __future__ import annotations

import pytest
from stream_fuzz.generators import model as m
from stream_fuzz.generators import print_program
from stream_fuzz.generators.avoid import run_dead_nested_loops_once, run_partition_cycle_loops_once

from tests.generators.conftest import CompileError

D0 = m.Affinity("affinity", ("d0",))


class Values:
    def __init__(self) -> None:
        self.n = 0

    def __call__(self) -> m.Value:
        self.n += 1
        return m.Value(self.n, 16, "*", ("d0",))


def nested_loops(inner_result_kept: bool, inner_writes: bool) -> tuple[m.Program, m.ForLoop, m.ForLoop]:
    """An outer loop carrying %v1 through unchanged, around an inner loop that fills its argument (or
    only reads it). The inner result is kept (yielded out and witnessed) or not."""
    v = Values()
    v1 = v()
    inner_arg, filled, inner_result = v(), v(), v()
    if inner_writes:
        body: list[m.Op] = [m.Fill(inner_arg, filled, 0, 0, 8, D0)]
        inner_yield = filled
    else:
        body = [m.Clone(v1, filled, D0)]
        inner_yield = inner_arg
    inner = m.ForLoop(2, [v1], [inner_arg], body, [inner_yield], [inner_result])
    outer_arg, outer_result = v(), v()
    outer_yield = inner_result if inner_result_kept else outer_arg
    outer = m.ForLoop(2, [v1], [outer_arg], [inner], [outer_yield], [outer_result])
    body = [m.Splat(v1, 0, D0), outer, m.Expect(v1, ("d0",)), m.Expect(outer_result, ("d0",))]
    main = m.Function("main", [], body, [], public=True)
    return m.Program("l1", ("d0",), [main]), outer, inner


def test_dead_nested_loop_that_writes_its_argument_runs_once(mlir) -> None:
    program, outer, inner = nested_loops(inner_result_kept=False, inner_writes=True)
    with pytest.raises(CompileError, match="fixed point"):  # the bug, as generated before the rewrite
        mlir.run(print_program(program), "stream")
    run_dead_nested_loops_once(program.main)
    assert (outer.trips, inner.trips) == (2, 1)
    mlir.run(print_program(program), "stream")


@pytest.mark.parametrize("kept, writes", [(True, True), (False, False)], ids=["live", "read-only"])
def test_live_or_read_only_nested_loops_keep_iterating(mlir, kept: bool, writes: bool) -> None:
    program, outer, inner = nested_loops(inner_result_kept=kept, inner_writes=writes)
    run_dead_nested_loops_once(program.main)
    assert (outer.trips, inner.trips) == (2, 2)
    mlir.run(print_program(program), "stream")


def test_loops_feeding_only_a_whole_fill_are_dead(mlir) -> None:
    """A fill of a whole resource folds into a splat: the loops feeding it are dead after all."""

    v = Values()
    v1, outer_arg, inner_arg, filled, inner_result, outer_result, final = (v() for _ in range(7))
    fill_arg = m.Fill(inner_arg, filled, 0, 0, 8, D0)
    inner = m.ForLoop(2, [v1], [inner_arg], [fill_arg], [filled], [inner_result])
    outer = m.ForLoop(2, [v1], [outer_arg], [inner], [inner_result], [outer_result])
    body: list[m.Op] = [
        m.Splat(v1, 0, D0),
        outer,
        m.Fill(outer_result, final, 0, 0, 16, D0),
        m.Expect(final, ("d0",)),
    ]
    program = m.Program("l1", ("d0",), [m.Function("main", [], body, [], public=True)])
    with pytest.raises(CompileError, match="fixed point"):
        mlir.run(print_program(program), "stream")
    run_dead_nested_loops_once(program.main)
    assert (outer.trips, inner.trips) == (2, 1)
    mlir.run(print_program(program), "stream")


def test_dead_loop_in_a_branch_carrying_fresh_dispatch_results_runs_once(mlir) -> None:
    """No in-place write at all (corpus/invalid-program-elide-timepoints-fixed-point-oscillates.mlir,
    witness 1): the loop's carried value changes through a dispatch, which is enough."""
    v = Values()
    v1, arg, made, result, other = (v() for _ in range(5))
    body: list[m.Op] = [m.Splat(other, 0, D0), m.Dispatch("entry1", [v1, other, arg], [made], [None], D0)]
    loop = m.ForLoop(2, [v1], [arg], body, [made], [result])
    branch = m.IfElse([m.Splat(v1, 0, D0), loop], [], [], [], [])
    program = m.Program("l1", ("d0",), [m.Function("main", [], [branch], [], public=True)])
    with pytest.raises(CompileError, match="fixed point"):
        mlir.run(print_program(program), "stream")
    run_dead_nested_loops_once(program.main)
    assert loop.trips == 1
    mlir.run(print_program(program), "stream")


def cycle_loop(tied: bool) -> tuple[m.Program, m.ForLoop]:
    """A loop replacing its argument by a dispatch of it (in place if `tied`), then one dispatch reading
    both the loop result and the loop's init."""
    v = Values()
    v1, arg, made, result, after = (v() for _ in range(5))
    step = m.Dispatch("entry0", [arg], [made], [0 if tied else None], D0)
    loop = m.ForLoop(2, [v1], [arg], [step], [made], [result])
    reader = m.Dispatch("entry1", [result, v1], [after], [None], D0)
    body: list[m.Op] = [m.Splat(v1, 0, D0), loop, reader, m.Expect(after, ("d0",))]
    return m.Program("l1", ("d0",), [m.Function("main", [], body, [], public=True)]), loop


def test_loop_between_partition_members_runs_once(mlir) -> None:
    program, loop = cycle_loop(tied=False)
    with pytest.raises(CompileError, match="circular dependency"):
        mlir.run(print_program(program), "stream")
    run_partition_cycle_loops_once(program.main)
    assert loop.trips == 1
    mlir.run(print_program(program), "stream")


def test_loop_writing_its_argument_in_place_keeps_iterating(mlir) -> None:
    program, loop = cycle_loop(tied=True)
    run_partition_cycle_loops_once(program.main)
    assert loop.trips == 2
    mlir.run(print_program(program), "stream")

"""Each rule passes the real compiler's output and catches a deliberately broken variant of it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from iree.compiler import ir
from stream_fuzz.oracles import check_module
from stream_fuzz.oracles.intent import Intent

from tests import mutants
from tests.oracles.conftest import KNOWN_BUGS, PROGRAMS

# (program, mutation, the rules that must fire — and no others)
CASES = [
    ("seed_tp4_fanout", mutants.drop_flushes, {"visibility/transfer"}),
    # A flush sent to the wrong device: the target device's memory is not where it is flushed to, and the
    # real reader is left without one. Both rules are right; the mutation breaks both facts.
    # A flush retargeted to a device that never touches the memory is redundant, not misplaced; what
    # breaks is that the real reader's device gets no flush.
    ("seed_tp4_fanout", mutants.retarget_first_flush("d1"), {"visibility/transfer"}),
    ("seed_tp4_fanout", mutants.move_op("stream.resource.alloca", 4, "d1"), {"placement/write"}),
    ("seed_tp4_fanout", mutants.move_op("stream.resource.dealloca", 0, "d0"), {"dealloca/pool"}),
    ("seed_tp4_fanout", mutants.two_writers_in_one_wave, {"wave/race"}),
    # A copy of bytes onto themselves in a wave whose other members read them: no race (it rewrites the
    # same bytes), but an overlapping copy the HAL rejects.
    ("seed_tp4_fanout", mutants.self_copy, {"copy/overlap"}),
    # A transfer target allocated on the executing device, as in #19891 (its flush kept): the reader on @d0
    # reads memory of @d3, and the flush names a device the memory does not serve.
    (
        "seed_tp4_fanout",
        mutants.move_op("stream.resource.alloca", 0, "d3"),
        {"placement/read", "placement/flush"},
    ),
    ("alloc_import_export", mutants.move_op("stream.tensor.export", 0, "d0"), {"placement/export"}),
    ("alloc_chain_abc", mutants.drop_first_flush, {"visibility/transfer"}),
    # As with the flush: an invalidate retargeted to a device that never writes the memory is redundant, not
    # misplaced; what breaks is that the real writer's data is not picked up.
    ("alloc_pull_transfer", mutants.retarget_first_invalidate("d2"), {"visibility/transfer"}),
    # The pulled source allocated for the puller only: its writer on @d0 writes, and the invalidate from
    # @d0 names, memory @d0 cannot use.
    (
        "alloc_pull_transfer",
        mutants.move_op("stream.resource.alloca", 0, "d1"),
        {"placement/invalidate", "placement/write"},
    ),
    # An import pulled with an invalidate from a device that never writes it (a stale from(): the
    # compiler's real output) is redundant; once a callee out of sight may have written it on that
    # device, the invalidate names memory that device cannot use.
    (
        "stream_pull_of_import_named_from_elsewhere",
        mutants.call_out_of_sight,
        {"placement/invalidate"},
    ),
    ("alloc_promise_targets", mutants.expect_elsewhere("dev2"), {"intent/expect"}),
    # The consumed import the program fills in place, borrowed instead: the fill writes the caller's buffer.
    ("stream_import_consumed_written", mutants.borrow_imports, {"import/borrowed-written"}),
    # The redundant flush of an execute-local alloca is exempt, its placement is not: moved off the
    # device that writes it, the alloca is caught (and its dealloca no longer returns it to its pool).
    (
        "stream_flush_local_optimal_target",
        mutants.move_op("stream.resource.alloca", 2, "d0"),
        {"placement/write", "dealloca/pool"},
    ),
    # A collective's channel created for another device (its execute stays on @d0).
    ("stream_collective_tp2", mutants.move_op("stream.channel.create", 0, "d1"), {"placement/channel"}),
    # A transient freed too early: its dealloca awaits the alloca instead of the execute using it, or is
    # issued before that execute; the host sizes it after its dealloca; an execute starts before the
    # allocas it uses are ready (and so does every later execute that waits on it alone).
    ("alloc_chain_abc", mutants.dealloca_early, {"lifetime/after-dealloca"}),
    ("alloc_chain_abc", mutants.dealloca_before_its_user, {"lifetime/after-dealloca"}),
    ("alloc_chain_abc", mutants.size_after_dealloca, {"lifetime/after-dealloca"}),
    ("alloc_chain_abc", mutants.execute_skips_its_allocas, {"lifetime/before-alloca"}),
    ("seed_tp4_fanout", mutants.dealloca_early, {"lifetime/after-dealloca"}),
    # An immutable global pinned (by the program's stream.affinity) to @d1, which a dispatch on @d0 reads;
    # and the global made on @d1 by its initializer (its alloca and fill moved there).
    ("stream_pinned_global_used_on_two_devices", mutants.pin_global("g0", "d1"), {"placement/pinned-global"}),
    (
        "stream_pinned_global_used_on_two_devices",
        mutants.chain(
            mutants.move_op("stream.resource.alloca", 0, "d1"), mutants.move_op("stream.cmd.execute", 0, "d1")
        ),
        {"placement/pinned-global"},
    ),
    # A returned resource declared ready too early: the timepoint returned beside it (or the host await
    # before a public function returns) is an earlier execute's, or its join lost the member covering the
    # execute that writes it. (The L3 coarse-fences form: test_fences.)
    ("alloc_chain_abc", mutants.fence_of_the_first_execute, {"timeline/return-fence"}),
    ("alloc_fanout_flat", mutants.fence_join_drops_its_last_member, {"timeline/return-fence"}),
    ("stream_fanout_fanin", mutants.fence_of_the_first_execute, {"timeline/return-fence"}),
    # Weights loaded onto the wrong device: the execute on @d0 that reads them reads @d1's memory.
    (
        "stream_parameter_and_staging",
        mutants.move_op("stream.cmd.parameter.load", 0, "d1"),
        {"placement/read"},
    ),
]


@pytest.mark.parametrize(
    ("program", "mutate", "rules"), CASES, ids=[f"{p}-{sorted(r)[0]}" for p, _, r in CASES]
)
def test_mutant_is_caught_by_its_rule(
    program: str,
    mutate: Callable[[ir.Module], None],
    rules: set[str],
    compiled: Callable[[str], str],
    parse: Callable[[str], ir.Module],
    intent: Callable[[str], Intent],
) -> None:
    module = parse(compiled(program))
    known = KNOWN_BUGS.get(program, set())
    real = check_module(module, intent(program))  # the real output passes (but for IREE's known bugs)...
    assert {v.rule.id for v in real.violations} == known
    mutate(module)
    report = check_module(module, intent(program))  # ...and the broken variant fails, for the right reason
    assert {v.rule.id for v in report.violations} == rules | known, "\n".join(map(str, report.violations))


def test_an_empty_write_in_a_wave_races_with_nothing(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module], intent: Callable[[str], Intent]
) -> None:
    """The wave/race mutant, with the second writer made zero-length: the ranges share an offset but
    no byte (a false alarm an L1 campaign found on zero-length copies)."""
    module = parse(compiled("seed_tp4_fanout"))
    mutants.two_writers_in_one_wave_one_empty(module)
    assert "wave/race" not in {v.rule.id for v in check_module(module, intent("seed_tp4_fanout")).violations}


def test_seed_bug_shape_fails_with_placement_and_flush_violations(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module], intent: Callable[[str], Intent]
) -> None:
    """#19891 rebuilt: @d3 transfers to @d0, @d1, @d2 in one wave. The pinned compiler gets it right; the
    same output rewritten into the bug's shape (targets on @d3, no flushes) fails for each destination."""
    module = parse(compiled("seed_tp4_fanout"))
    assert check_module(module, intent("seed_tp4_fanout")).clean
    mutants.seed_bug(module)
    violations = check_module(module, intent("seed_tp4_fanout")).violations
    by_rule: dict[str, set[str]] = {}
    for violation in violations:
        by_rule.setdefault(violation.rule.id, set()).update(violation.consumers)
    assert by_rule == {
        "placement/read": {"d0", "d1", "d2"},
        "visibility/transfer": {"d0", "d1", "d2"},
    }
    reads = [v for v in violations if v.rule.id == "placement/read"]
    assert all(v.placed_on == "#hal.device.affinity<@d3>" for v in reads)
    assert all("stream.cmd.execute" in v.op and v.location.startswith("loc(") for v in reads)


def test_report_order_is_deterministic(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module]
) -> None:
    def run() -> list[str]:
        module = parse(compiled("seed_tp4_fanout"))
        mutants.seed_bug(module)
        return [str(v) for v in check_module(module).violations]

    assert run() == run()


def test_without_a_transfer_a_cross_device_copy_needs_no_flush(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module], intent: Callable[[str], Intent]
) -> None:
    """A clone read on another device lowers to the same copy as a transfer; the program's intent (no
    transfers here) is what keeps the visibility rule quiet on it."""
    module = parse(compiled("alloc_clone_read_elsewhere"))
    assert not intent("alloc_clone_read_elsewhere").moves
    assert "stream.cmd.copy" in compiled("alloc_clone_read_elsewhere")
    assert "stream.cmd.flush" not in compiled("alloc_clone_read_elsewhere")
    assert check_module(module, intent("alloc_clone_read_elsewhere")).clean


def test_transfer_rule_counts_per_device_pair(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module], intent: Callable[[str], Intent]
) -> None:
    """Dropping one of the three fan-out flushes is caught for exactly that destination."""
    module = parse(compiled("seed_tp4_fanout"))
    assert intent("seed_tp4_fanout").moves == {("d3", "d0"): 1, ("d3", "d1"): 1, ("d3", "d2"): 1}
    mutants.drop_first_flush(module)
    [violation] = check_module(module, intent("seed_tp4_fanout")).violations
    assert (violation.rule.id, violation.consumers, violation.writers) == (
        "visibility/transfer",
        ("d0",),
        ("d3",),
    )
    assert violation.op.startswith("%2 = stream.cmd.execute on(#hal.device.affinity<@d3>)")


def test_identical_transfers_count_once(parse: Callable[[str], ir.Module]) -> None:
    """Two transfers of one value to one device may be merged by the compiler: one flush is enough."""
    from stream_fuzz.oracles.intent import read_intent

    text = (PROGRAMS / "alloc_chain_abc.mlir").read_text()
    module = parse(text)
    assert read_intent(module).moves  # the chain's hops are moves
    [transfer] = [op for op in mutants.walk(module, "stream.async.transfer")][:1]
    transfer.operation.clone(ir.InsertionPoint(transfer))  # the same transfer, twice
    assert (
        len(mutants.walk(module, "stream.async.transfer"))
        == len(mutants.walk(parse(text), "stream.async.transfer")) + 1
    )
    doubled = read_intent(module)
    assert doubled.moves == read_intent(parse(text)).moves


def test_flat_ir_transfers_are_not_counted(parse: Callable[[str], ir.Module]) -> None:
    """The whole stream pipeline may elide transfers of flat IR before allocation (round trips, last
    uses): only transfers already placed in an execute are held to a flush."""
    from stream_fuzz.oracles.intent import read_intent

    flat = parse((PROGRAMS / "stream_chain_abc.mlir").read_text())
    assert mutants.walk(flat, "stream.async.transfer") and not read_intent(flat).moves


def test_a_channel_on_the_wrong_device_gets_check_lines_its_fix_passes(
    compiled: Callable[[str], str], parse: Callable[[str], ir.Module], intent: Callable[[str], Intent]
) -> None:
    """The collective's fix (its channel created on its execute's device) is clean, and the CHECK lines
    written for the finding reject the mutant and accept the fix."""
    from stream_fuzz.corpus.checklines import witnessing_lines
    from stream_fuzz.judge.fixes import plausible_fix

    module = parse(compiled("stream_collective_tp2"))
    mutants.move_op("stream.channel.create", 0, "d1")(module)
    faulty = str(module)
    violations = check_module(module, intent("stream_collective_tp2")).violations
    fixed = plausible_fix(faulty, violations)
    assert fixed is not None and check_module(parse(fixed), intent("stream_collective_tp2")).clean
    lines = witnessing_lines(violations, faulty)
    assert lines and "stream.channel.create on(" in lines[0]

"""The async/clobbered-read rule: silent on the async IR the pinned compiler prints for correct programs,
and it catches that IR broken the ways the compiler's bugs break it (a copy-on-write clone dropped)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from iree.compiler import ir
from stream_fuzz.oracles.clobber import clobbered_reads

from stream_fuzz.compiler import resolve_pipeline
from stream_fuzz.judge.verdict import Judge
from tests.conftest import corpus_witness
from tests.mutants import walk
from tests.oracles.conftest import PROGRAMS

LOOK_AFTER = "iree-stream-place-transfer-executions"  # the last pass before scheduling
PARTITIONED = "iree-stream-schedule-execution"  # the last pass the worker's check reads (worker_hooks.MIDWAY)
PARTITIONING_BUG = "async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write"
# Compiler bugs' programs kept as test inputs (a corpus entry holds one runnable program per bug).
CLOBBER_INPUTS = Path(__file__).resolve().parent / "clobber"
CROSS_DEVICE_PARTITIONING = CLOBBER_INPUTS / "partitioning_read_outlives_its_partition.mlir"
# Correct programs with in-place writes: a clone that must stay, one the compiler rightly elides (the
# write and the read are in exclusive branches), tied updates and fills, a call, a loop, and an await the
# canonicalizer sinks below a fill of a value whose awaited result nobody uses (an await reads nothing).
CORRECT = [
    "async_clone_guards_later_read",
    "async_branches_write_and_read",
    "stream_tied_update_fill",
    "stream_scf_if",
    "stream_call",
    "stream_fanout_fanin",
    "async_await_sunk_past_a_fill",
    "stream_collective_tp2",
    "async_select_clone_guards_later_reads",
]


@pytest.fixture(scope="module")
def printed_after(native_iree_opt: Path) -> Callable[[str, str], str]:
    """printed_after(program text, pass) -> the IR the pinned compiler prints after that pass."""

    def get(text: str, after: str) -> str:
        done = subprocess.run(
            [str(native_iree_opt), f"--pass-pipeline={resolve_pipeline('stream')}",
             f"--mlir-print-ir-after={after}", "-o", "/dev/null", "-"],
            input=text, capture_output=True, text=True, check=True,
        )  # fmt: skip
        assert "IR Dump After" in done.stderr
        return done.stderr

    return get


@pytest.fixture(scope="module")
def async_ir(printed_after: Callable[[str, str], str]) -> Callable[[str], str]:
    """async_ir(name) -> the IR the pinned compiler prints after LOOK_AFTER for that program."""
    return lambda name: printed_after((PROGRAMS / f"{name}.mlir").read_text(), LOOK_AFTER)


@pytest.fixture(scope="module")
def judge() -> Iterator[Judge]:
    with Judge(timeout=60) as pinned:
        yield pinned


def _drop_clones(module: ir.Module) -> None:
    """What ElideAsyncCopies does when it judges a clone unneeded: its users read the source instead."""
    for clone in walk(module, "stream.async.clone"):
        clone.results[0].replace_all_uses_with(clone.operands[0])
        clone.erase()


@pytest.mark.parametrize("name", CORRECT)
def test_the_compilers_async_ir_of_a_correct_program_is_clean(
    name: str, async_ir: Callable[[str], str]
) -> None:
    assert clobbered_reads(ir.Module.parse(async_ir(name), ir.Context())) == []


@pytest.mark.parametrize("name", CORRECT)
def test_the_compilers_partitioned_ir_of_a_correct_program_is_clean(
    name: str, printed_after: Callable[[str, str], str]
) -> None:
    text = printed_after((PROGRAMS / f"{name}.mlir").read_text(), PARTITIONED)
    assert "stream.async.execute" in text
    assert clobbered_reads(ir.Module.parse(text, ir.Context())) == []


def test_a_read_partitioned_after_an_in_place_write_is_clobbered(
    printed_after: Callable[[str, str], str],
) -> None:
    # The compiler's own output: each @read came before its fill in program order, ScheduleExecution put
    # it in a later execute (the entry's two witnesses). The reader named is that execute, the writer the
    # fill inside the earlier one.
    text = printed_after(corpus_witness(PARTITIONING_BUG, 0), PARTITIONED)
    before = printed_after(corpus_witness(PARTITIONING_BUG, 0), LOOK_AFTER)
    assert clobbered_reads(ir.Module.parse(before, ir.Context())) == []  # right until partitioning
    clobbers = clobbered_reads(ir.Module.parse(text, ir.Context()))
    assert len(clobbers) == 2
    names = {(c.writer_name, c.reader_name) for c in clobbers}
    assert names == {("stream.async.fill", "stream.async.execute")}


def test_a_region_result_read_after_the_write_inside_its_region_is_clobbered(
    printed_after: Callable[[str, str], str],
) -> None:
    # The cross-device form: the first execute yields both the pre-fill value and the fill's result; an
    # execute issued later reads the pre-fill one. The yield itself reads nothing: one clobber, named at the
    # reader.
    text = printed_after(CROSS_DEVICE_PARTITIONING.read_text(), PARTITIONED)
    [clobber] = clobbered_reads(ir.Module.parse(text, ir.Context()))
    assert (clobber.writer_name, clobber.reader_name) == ("stream.async.fill", "stream.async.execute")
    assert "@ex::@read" not in clobber.writer


def test_a_wave_placed_above_a_read_of_what_it_overwrites_is_clobbered(
    printed_after: Callable[[str, str], str],
) -> None:
    # ScheduleConcurrency's own output: the wave holding @write sits above @read, which read %p#0 first.
    program = corpus_witness("async-clobbered-read-concurrency-wave-placed-above-a-read", 0)
    before = printed_after(program, PARTITIONED)
    assert clobbered_reads(ir.Module.parse(before, ir.Context())) == []  # right until the waves
    after = printed_after(program, "iree-stream-schedule-concurrency")
    [clobber] = clobbered_reads(ir.Module.parse(after, ir.Context()))
    assert "@ex::@write" in clobber.writer and "@ex::@read" in clobber.reader


def test_an_unused_region_result_is_no_read(printed_after: Callable[[str, str], str]) -> None:
    # The same IR with the late reader gone (a mutant): the stale value is yielded but nobody reads it.
    module = ir.Module.parse(printed_after(CROSS_DEVICE_PARTITIONING.read_text(), PARTITIONED), ir.Context())
    [reader] = [op for op in walk(module, "stream.async.execute") if "@ex::@read" in str(op)]
    _drop_uses_of_results(reader)
    reader.erase()
    assert clobbered_reads(module) == []


def _drop_uses_of_results(op: ir.Operation) -> None:
    """Erase, innermost first, every op that uses `op`'s results (their own users too)."""
    for result in op.results:
        for use in list(result.uses):
            user = use.owner.operation
            _drop_uses_of_results(user)
            user.erase()


def test_a_dropped_copy_on_write_clone_is_a_clobbered_read(async_ir: Callable[[str], str]) -> None:
    module = ir.Module.parse(async_ir("async_clone_guards_later_read"), ir.Context())
    assert walk(module, "stream.async.clone")  # kept by the compiler: the dispatch reads after the fill
    _drop_clones(module)
    [clobber] = clobbered_reads(module)
    assert (clobber.writer_name, clobber.reader_name) == ("stream.async.fill", "stream.async.dispatch")
    assert "@ex::@f" in clobber.reader


def test_a_dropped_clone_of_a_select_clobbers_what_it_may_be(async_ir: Callable[[str], str]) -> None:
    # The compiler keeps the clone of the select (the select is read after the fill). Without it the fill
    # writes the select in place, which is one of the two imports: the dispatch's read of the select and
    # its read of %a (which the select may be) are both clobbered; only the second goes through the alias.
    module = ir.Module.parse(async_ir("async_select_clone_guards_later_reads"), ir.Context())
    assert walk(module, "stream.async.clone")
    _drop_clones(module)
    clobbers = clobbered_reads(module)
    pairs = {(c.writer_name, c.reader_name) for c in clobbers}
    assert pairs == {("stream.async.fill", "stream.async.dispatch")}
    assert sorted(c.through_alias for c in clobbers) == [False, True]
    [aliased] = [c for c in clobbers if c.through_alias]
    assert aliased.value.startswith("%0 (through ") and not aliased.scope_value  # no one name to state


def test_a_write_through_a_select_is_judged_at_the_choice_it_may_be(
    printed_after: Callable[[str, str], str],
) -> None:
    # The corpus entry's program: on 3.13 copy-on-write writes the select in place while %0, one of its
    # choices, is read after (the bug). A clone of the select before the fill (the fix) is silent.
    program = corpus_witness("async-clobbered-read-copy-on-write-writes-a-select-in-place", 0)
    module = ir.Module.parse(printed_after(program, "iree-stream-materialize-copy-on-write"), ir.Context())
    [clobber] = clobbered_reads(module)
    assert clobber.through_alias and clobber.reader_name == "util.optimization_barrier"
    [fill] = walk(module, "stream.async.fill")
    select = fill.operands[0].owner
    assert select.name == "arith.select"
    with ir.InsertionPoint(fill), fill.location:
        size = fill.operands[1]
        clone = ir.Operation.create(
            "stream.async.clone", results=[select.results[0].type], operands=[select.results[0], size, size]
        )
    fill.operands[0] = clone.results[0]
    assert clobbered_reads(module) == []


_IF_THEN_FILL = """
util.global private @d0 : !hal.device
util.func public @f(%c: i1) {{
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c7 = arith.constant 7 : i32
  %c9 = arith.constant 9 : i32
  %a = stream.async.splat on(#hal.device.affinity<@d0>) %c7 : i32 -> !stream.resource<*>{{%c16}}
  %s = scf.if %c -> (!stream.resource<*>) {{
    scf.yield %a : !stream.resource<*>
  }} else {{
    %b = stream.async.splat on(#hal.device.affinity<@d0>) %c9 : i32 -> !stream.resource<*>{{%c16}}
    scf.yield %b : !stream.resource<*>
  }}
  {written}
  %f = stream.async.fill on(#hal.device.affinity<@d0>) %c9, %t[%c0 to %c4 for %c4]
      : i32 -> %t as !stream.resource<*>{{%c16}}
  util.optimization_barrier %f : !stream.resource<*>
  util.optimization_barrier %a : !stream.resource<*>
  util.return
}}
"""


@pytest.mark.parametrize(
    ("written", "clobbered"),
    [
        # The frontend form of the entry above: the scf.if's result may be %a, written in place, then %a read.
        ("%t = util.optimization_barrier %s : !stream.resource<*>", False),  # a barrier's result: new storage
        ("%t = arith.select %c, %s, %s : !stream.resource<*>", True),  # a select of the if: still %a
        ("%t = stream.async.clone on(#hal.device.affinity<@d0>) %s : !stream.resource<*>{%c16} -> "
         "!stream.resource<*>{%c16}", False),  # a copy: the fix
    ],
)  # fmt: skip
def test_an_scf_if_merging_two_storages_is_either(written: str, clobbered: bool) -> None:
    found = clobbered_reads(ir.Module.parse(_IF_THEN_FILL.format(written=written), ir.Context()))
    assert [c.through_alias for c in found] == ([True] if clobbered else [])


def test_a_collective_receiving_in_place_clobbers_a_later_read_once_its_clone_is_dropped(
    async_ir: Callable[[str], str],
) -> None:
    module = ir.Module.parse(async_ir("stream_collective_tp2"), ir.Context())
    assert walk(module, "stream.async.clone")  # kept by the compiler: @fc reads %b after the all-reduce
    _drop_clones(module)
    [clobber] = clobbered_reads(module)
    assert (clobber.writer_name, clobber.reader_name) == ("stream.async.collective", "stream.async.dispatch")
    assert "all_reduce" in clobber.writer and "@ex::@fc" in clobber.reader


def test_a_read_before_the_write_is_not_clobbered(async_ir: Callable[[str], str]) -> None:
    module = ir.Module.parse(async_ir("async_clone_guards_later_read"), ir.Context())
    _drop_clones(module)
    [fill] = walk(module, "stream.async.fill")
    reader = next(op for op in walk(module, "stream.async.dispatch") if "@ex::@f" in str(op))
    reader.move_before(fill)  # the read now comes first: the write is its value's last use
    assert clobbered_reads(module) == []


def test_a_write_moved_out_of_its_branch_clobbers_the_other_branchs_read(
    async_ir: Callable[[str], str],
) -> None:
    # The branch program's fill, moved out of its scf.if (the then-branch) into a position before the
    # else-branch's read: the read now follows the write.
    module = ir.Module.parse(async_ir("async_branches_write_and_read"), ir.Context())
    [if_op] = walk(module, "scf.if")
    [fill] = walk(module, "stream.async.fill")
    fill.move_before(if_op)
    assert [c.reader_name for c in clobbered_reads(module)] == ["stream.async.dispatch"]


def test_the_judge_checks_the_async_ir_on_the_way_and_names_the_pass(judge: Judge) -> None:
    # A known compiler bug whose output is serialized: no cmd-level rule can see it, the midway check does.
    program = (Path(__file__).parent / "clobber" / "whole_update_fold_serialized_loop.mlir").read_text()
    verdict = judge.judge(program, resolve_pipeline("stream"))
    assert [v.rule.id for v in verdict.violations] == ["async/clobbered-read"]
    assert verdict.violations[0].via == "canonicalize after iree-stream-materialize-copy-on-write"


@pytest.mark.parametrize("name", CORRECT)
def test_the_judge_finds_nothing_midway_in_a_correct_program(name: str, judge: Judge) -> None:
    text = (PROGRAMS / f"{name}.mlir").read_text()
    verdict = judge.judge(text, resolve_pipeline("stream"))
    assert not [v for v in verdict.violations if v.rule.id == "async/clobbered-read"]


# Byte ranges: a read after an in-place write is clobbered only when it reads a byte the write wrote.

_FILL_THEN_READ = """
util.global private @d0 : !hal.device
util.func public @f(%n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c0_i8 = arith.constant 0 : i8
  %c7_i8 = arith.constant 7 : i8
  %a = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{{%c2}}
  %w = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i8, %a[{write}]
      : i8 -> %a as !stream.resource<*>{{%c2}}
  %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%a[{read}])
      : (!stream.resource<*>{{%c2}}) -> !stream.resource<*>{{%c1}}
  util.optimization_barrier %w : !stream.resource<*>
  util.optimization_barrier %r : !stream.resource<*>
  util.return
}}
"""


@pytest.mark.parametrize(
    ("write", "read", "clobbered"),
    [
        ("%c0 to %c1 for %c1", "%c1 to %c2 for %c1", False),  # [1,2) after [0,1): other bytes
        ("%c0 to %c1 for %c1", "%c0 to %c2 for %c2", True),  # [0,2) after [0,1): byte 0 was overwritten
        ("%c1 to %c2 for %c1", "%c1 to %c2 for %c1", True),  # the same byte
        ("%c1 to %c1 for %c0", "%c0 to %c2 for %c2", False),  # an empty write writes nothing
        ("%c0 to %c1 for %c1", "%n to %c2 for %c1", True),  # an offset not known: any byte
        ("%n to %c2 for %c1", "%c0 to %c1 for %c1", True),
    ],
)
def test_a_read_is_clobbered_only_where_the_write_wrote(write: str, read: str, clobbered: bool) -> None:
    module = ir.Module.parse(_FILL_THEN_READ.format(write=write, read=read), ir.Context())
    found = clobbered_reads(module)
    assert [c.reader_name for c in found] == (["stream.async.dispatch"] if clobbered else [])


def test_a_copy_reading_bytes_the_write_left_alone_is_not_clobbered(native_iree_opt: Path) -> None:
    # The compiler's own output: the canonicalize after copy elision makes a copy read bytes [1,2) of a
    # value after another copy wrote bytes [0,1) of it in place. Correct, so silent; moved onto byte 0 (a
    # mutant), the read is clobbered.
    text = (CLOBBER_INPUTS / "copy_reads_bytes_the_write_left_alone.mlir").read_text()
    done = subprocess.run(
        [str(native_iree_opt), "--pass-pipeline=builtin.module(util.func(canonicalize))", "-"],
        input=text, capture_output=True, text=True, check=True,
    )  # fmt: skip
    module = ir.Module.parse(done.stdout, ir.Context())
    copies = walk(module, "stream.async.copy")
    assert len(copies) == 2  # the write into [0,1), then the read of [1,2) moved after it
    assert clobbered_reads(module) == []
    writer, reader = copies
    assert reader.operands[4] == writer.operands[0]  # the read is of the storage the first copy wrote
    reader.operands[6] = writer.operands[2]  # read from offset 0: bytes [0,2), byte 0 the write wrote
    [clobber] = clobbered_reads(module)
    assert (clobber.writer_name, clobber.reader_name) == ("stream.async.copy", "stream.async.copy")


def test_a_wave_reading_bytes_an_earlier_wave_left_alone_is_not_clobbered(
    printed_after: Callable[[str, str], str],
) -> None:
    # The compiler's own output: a copy in the first wave writes bytes [0,8) of a value in place, a copy
    # in the second wave (a capture of the same value) reads its bytes [8,16). Nothing read was written.
    text = (CLOBBER_INPUTS / "fold_reads_bytes_the_update_left_alone.mlir").read_text()
    after = printed_after(text, "iree-stream-schedule-concurrency")
    module = ir.Module.parse(after, ir.Context())
    assert len(walk(module, "stream.async.concurrent")) >= 2
    assert clobbered_reads(module) == []

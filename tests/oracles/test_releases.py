"""IR printed by older releases: the oracle reads it and finds the placement bugs those releases shipped."""

from __future__ import annotations

from pathlib import Path

import pytest
from iree.compiler import ir
from stream_fuzz.oracles import check_text
from stream_fuzz.oracles.intent import read_intent
from stream_fuzz.oracles.sanitize import read_compiled, respell_older_syntax, strip_executable_bodies

from tests.oracles.conftest import PROGRAMS

OUTPUTS = Path(__file__).resolve().parent / "release_outputs"


def test_iree_3_1_has_the_seed_bug() -> None:
    """3.1.0 predates the #19891 fix: the transfer targets live on @d3, with no flush to their readers."""
    seed = ir.Module.parse((PROGRAMS / "seed_tp4_fanout.mlir").read_text(), ir.Context())
    report = check_text((OUTPUTS / "seed_tp4_fanout.iree-3.1.0.mlir").read_text(), intent=read_intent(seed))
    reads = [v for v in report.violations if v.rule.id == "placement/read"]
    assert sorted(v.consumers for v in reads) == [("d0",), ("d1",), ("d2",)]
    assert all(v.placed_on == "#hal.device.affinity<@d3>" for v in reads)
    assert {v.rule.id for v in report.violations} == {"placement/read", "visibility/transfer"}


def test_iree_3_1_pulls_the_flat_fan_out_from_producer_only_memory() -> None:
    """The seed bug's class at L1 on 3.1.0: each consumer pulls (invalidate from @d3, then a copy) from a
    transient allocated on @d3 alone. An invalidate orders visibility; it does not make @d3's memory
    usable by the puller. 3.13 allocates each pushed target on optimal<[dN, @d3]> (the clean-output tests)."""
    program = ir.Module.parse((PROGRAMS / "stream_seed_fanout_flat.mlir").read_text(), ir.Context())
    output = (OUTPUTS / "stream_seed_fanout_flat.iree-3.1.0.mlir").read_text()
    assert output.count("stream.cmd.invalidate from(#hal.device.affinity<@d3>)") == 3
    report = check_text(output, intent=read_intent(program))
    reads = [v for v in report.violations if v.rule.id == "placement/read"]
    assert sorted(v.consumers for v in reads) == [("d0",), ("d1",), ("d2",)]
    assert all(v.placed_on == "#hal.device.affinity<@d3>" and v.storage_kind == "alloca" for v in reads)
    assert {v.rule.id for v in report.violations} == {"placement/read"}


def test_iree_3_11_writes_a_transfer_target_it_placed_elsewhere() -> None:
    report = check_text((OUTPUTS / "stream_tied_update_fill.iree-3.11.0.mlir").read_text())
    assert [(v.rule.id, v.consumers, v.placed_on) for v in report.violations] == [
        ("placement/write", ("d0",), "#hal.device.affinity<@d1>")
    ]


def test_iree_3_11_buffer_constants_read_as_version_drift_not_a_defect() -> None:
    """Up to 3.12 `util.buffer.constant` prints its alignment in an attr-dict the current parser refuses:
    respelled, the output reads with no defect (a bad-output finding on every old release's L3 program
    with a constant, before)."""
    text = (OUTPUTS / "l3_buffer_constant.iree-3.11.0.stream.mlir").read_text()
    with pytest.raises(ir.MLIRError, match="alignment"):
        ir.Module.parse(text, ir.Context())
    reading = read_compiled(text, ir.Context())
    assert reading.defect == "" and "util.buffer.constant <alignment = 64>" in str(reading.module)
    assert respell_older_syntax('util.buffer.constant "k" {alignment = 16 : index} : !util.buffer') == (
        'util.buffer.constant "k" <alignment = 16> : !util.buffer'
    )


EXECUTABLE = """
stream.executable private @ex {
  stream.executable.export public @f workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @f() {
      some_old_dialect.op_the_new_parser_rejects {attr = 1}
      return
    }
  }
}
util.global private @d0 : !hal.device
"""


def test_executable_bodies_the_parser_rejects_are_dropped() -> None:
    with pytest.raises(ir.MLIRError):
        ir.Module.parse(EXECUTABLE, ir.Context())
    stripped = strip_executable_bodies(EXECUTABLE)
    assert "some_old_dialect" not in stripped and "util.global private @d0" in stripped
    assert check_text(EXECUTABLE).clean  # read after sanitizing, nothing to judge


def test_unreadable_ir_still_raises() -> None:
    with pytest.raises(ir.MLIRError):
        check_text("util.func @f() {\n  not.an.op\n}\n")

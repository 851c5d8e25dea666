"""Zero violations on the pinned compiler's output for every hand-written program (no crying wolf)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from iree.compiler import ir
from stream_fuzz.oracles import check_module
from stream_fuzz.oracles.intent import Intent

from tests.oracles.conftest import KNOWN_BUGS, PROGRAMS

PROGRAM_NAMES = sorted(p.stem for p in PROGRAMS.glob("*.mlir"))


@pytest.mark.parametrize("name", PROGRAM_NAMES)
def test_real_output_is_clean(
    name: str,
    compiled: Callable[[str], str],
    parse: Callable[[str], ir.Module],
    intent: Callable[[str], Intent],
) -> None:
    report = check_module(parse(compiled(name)), intent(name))
    found = {v.rule.id for v in report.violations}
    assert found == KNOWN_BUGS.get(name, set()), "\n".join(str(v) for v in report.violations)
    if name not in ("stream_dead_transfer", "stream_transfer_to_no_reader"):  # the compiler deleted them
        assert report.accesses > 0  # the oracle saw the program's executes


def test_the_set_covers_every_op_kind(compiled: Callable[[str], str]) -> None:
    outputs = "\n".join(compiled(name) for name in PROGRAM_NAMES)
    for needed in (
        "stream.cmd.concurrent",
        "stream.cmd.flush",
        "stream.cmd.invalidate",
        "stream.cmd.copy",
        "stream.cmd.fill",
        "stream.cmd.collective",
        "stream.tensor.import",
        "stream.tensor.export",
        "stream.resource.dealloca",
        "stream.resource.constants",
        "#hal.device.optimal",
        "#hal.device.promise",
        "rw %",
        "stream.topology",
        "cf.cond_br",
        "fuzz.expect",
        "@__builtin_fill_i64",  # a dispatch whose bindings FuseDispatchBindings widened
    ):
        assert needed in outputs, f"no hand-written program exercises {needed}"

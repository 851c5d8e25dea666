"""Frontend programs are well formed (fast: the bindings parse and verify them, no compile); that they
compile and run is tests/l3/test_worker.py's business and `benchmarks/bench_l3.py` measures it."""

from __future__ import annotations

from hypothesis import given, settings
from iree.compiler import ir
from stream_fuzz.generators.frontend import MAX_DEVICES, MIN_DEVICES, frontend_programs, print_frontend


@settings(max_examples=100)
@given(frontend_programs())
def test_programs_parse_verify_and_use_every_op(program) -> None:
    text = print_frontend(program)
    with ir.Context() as context:
        context.allow_unregistered_dialects = False
        module = ir.Module.parse(text)
        assert module.operation.verify()
    assert MIN_DEVICES <= program.devices <= MAX_DEVICES
    assert text.count("util.global private @d") == program.devices
    used = {v for op in program.ops for v in op.operands} | {r.value for r in program.results}
    first_op = len(program.arguments)
    # Dead ops are dropped before printing: every op feeds a result (the runtime checks what it returns).
    assert all(first_op + i in used for i in range(len(program.ops)))
    for index, op in enumerate(program.ops):
        if op.kind == "transfer":
            assert op.device is not None and f"to #hal.device.affinity<@d{op.device}>" in text
        if op.kind in ("loop", "branch"):
            region = "scf.for" if op.kind == "loop" else "scf.if"
            assert f"%v{first_op + index} = {region}" in text
            if op.via is not None:  # the region moves the value to `via` and back
                assert f"%v{first_op + index}_there = flow.tensor.transfer" in text
                assert f"%v{first_op + index}_back = flow.tensor.transfer" in text


def test_loops_and_branches_are_drawn() -> None:
    kinds: set[str] = set()

    @settings(max_examples=200)
    @given(frontend_programs())
    def collect(program) -> None:
        kinds.update(op.kind for op in program.ops)

    collect()
    assert {"loop", "branch"} <= kinds, kinds

"""`import/borrowed-written` on the pinned compiler's real output: a borrowed import written in place.

The clean case and the mutant are in test_mutants (a consumed import filled in place; `consume` dropped).
Here: IREE 3.13.0's own output for a borrowed import whose only use writes it, which copy-on-write leaves
unprotected (its single-use shortcut; the contract it breaks is in `oracles/borrowed.py`), and the same
write stated by a pre-scheduled program, which is the program's own and not judged.
"""

from __future__ import annotations

from pathlib import Path

from iree.compiler import ir
from stream_fuzz.oracles import Rule, check_module
from stream_fuzz.oracles.intent import read_intent

from stream_fuzz.compiler import InProcessCompiler, Outcome, resolve_pipeline

HERE = Path(__file__).resolve().parent / "borrowed"
FLAT = (HERE / "flat_fill.mlir").read_text()
PRESCHEDULED = (HERE / "prescheduled_fill.mlir").read_text()


def _rules(compiler: InProcessCompiler, text: str, pipeline: str, with_intent: bool = True) -> set[str]:
    result = compiler.compile(text, resolve_pipeline(pipeline))
    assert result.outcome is Outcome.OK, result.summary()
    context = ir.Context()
    intent = read_intent(ir.Module.parse(text, context)) if with_intent else None
    report = check_module(ir.Module.parse(result.output or "", context), intent)
    return {v.rule.id for v in report.violations}


def test_the_pinned_compiler_writes_a_borrowed_import_copy_on_write_left_alone(
    compiler: InProcessCompiler,
) -> None:
    assert _rules(compiler, FLAT, "stream") == {Rule.BORROWED.id}
    # With `consume` the program owns the buffer: the same output is right.
    owned = FLAT.replace("<@d0>) %h", "<@d0>) consume %h")
    assert _rules(compiler, owned, "stream") == set()


def test_a_prescheduled_program_s_own_write_is_not_judged(compiler: InProcessCompiler) -> None:
    assert _rules(compiler, PRESCHEDULED, "allocation") == set()
    # The output does write the import: judged without knowing the input, it is flagged.
    assert _rules(compiler, PRESCHEDULED, "allocation", with_intent=False) == {Rule.BORROWED.id}

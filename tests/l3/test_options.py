"""L3's option-equivalence oracle (`judge/options.py`) on the pinned compiler and the real runtime: every
variant computes NumPy's results on correct programs, and an option that genuinely changes results (bf16
contraction inputs) or breaks the compile (f32 demoted to f16, which vmvx cannot run) is a finding naming
it, whose entry's RUN lines fail with the option and pass without it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from stream_fuzz.generators.frontend import (
    FrontendOp,
    FrontendProgram,
    FrontendResult,
    TensorType,
    on_one_device,
    print_frontend,
)

from stream_fuzz.compiler.frontend import FrontendCompiler, runtime_available
from stream_fuzz.judge.l3 import case_from_entry, case_of, judge_case, render_l3_entry
from stream_fuzz.judge.options import VARIANTS, OptionOracle, Variant, known_good_case, variant_case

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not runtime_available(), reason="iree-base-runtime is not installed (the runtime extra)"
    ),
]

CORPUS = Path(__file__).resolve().parents[2] / "corpus"
MATRIX = TensorType((2, 2), "f32")
# Inputs of a matmul demoted to bf16 lose 1.01's last bits: 2.0078 comes back instead of 2.01.
BF16_INPUTS = Variant(
    "bf16-contractions",
    (
        "--iree-global-opt-demote-contraction-inputs-type=bf16",
        "--iree-global-opt-demote-contraction-inputs-operations=all",
    ),
)
F16_EVERYTHING = Variant("f16", ("--iree-input-demote-f32-to-f16",))  # vmvx has no f16 arithmetic


def matmul_moved() -> FrontendProgram:
    """A matmul on @d0 whose result is moved to @d1 and added to itself there."""
    ops = (
        FrontendOp("matmul", MATRIX, (0, 1), 0),
        FrontendOp("transfer", MATRIX, (2,), 1),
        FrontendOp("binary", MATRIX, (3, 3), 1, "addf"),
    )
    return FrontendProgram(2, ((MATRIX, 0), (MATRIX, 0)), ops, (FrontendResult(4, 1),))


def matmul_case(first: float = 1.0) -> tuple[FrontendProgram, tuple[np.ndarray, ...]]:
    a = np.array([[first, 1], [1, 1]], np.float32)
    return matmul_moved(), (a, np.ones((2, 2), np.float32))


def test_every_variant_computes_numpys_results_on_correct_programs(frontend: FrontendCompiler) -> None:
    oracle = OptionOracle.for_compiler(frontend, every=True)
    # The pinned compiler offers every variant and runs each right on the known-good program.
    assert oracle.skipped == () and oracle.variants == VARIANTS
    program, inputs = matmul_case(1.01)
    case = case_of(program, inputs)
    assert judge_case(frontend, case).finding is None
    assert oracle.check(frontend, case, program) is None
    assert oracle.checked == len(VARIANTS)  # each one compiled and run, none skipped quietly


def test_an_option_that_changes_results_is_a_finding_named_by_it(frontend: FrontendCompiler) -> None:
    program, inputs = matmul_case(1.01)
    case = case_of(program, inputs)
    oracle = OptionOracle((VARIANTS[0], BF16_INPUTS), every=True)
    found = oracle.check(frontend, case, program)
    assert found is not None
    verdict, changed = found
    finding = verdict.finding
    assert finding is not None and finding.kind == "wrong-result"
    assert changed.flags == BF16_INPUTS.flags and BF16_INPUTS.flags[0] in finding.details[0]
    # Its signature is not the same wrong result without options.
    assert finding.shape.startswith(f"options {' '.join(BF16_INPUTS.flags)}|")
    # The variant that found it is checked on every later program (shrinking meets it again).
    one_in_turn = OptionOracle((VARIANTS[0], BF16_INPUTS))
    assert one_in_turn.check(frontend, case, program) is None  # its turn: VARIANTS[0], right
    assert one_in_turn.check(frontend, case, program) is not None  # BF16_INPUTS' turn
    assert one_in_turn.check(frontend, case, program) is not None  # VARIANTS[0]'s turn, BF16_INPUTS too
    # Exactly representable inputs: bf16 changes nothing, no finding (the check compares values).
    exact_program, exact_inputs = matmul_case(1.0)
    assert oracle.check(frontend, case_of(exact_program, exact_inputs), exact_program) is None


def test_the_entry_fails_with_the_option_and_passes_without(
    frontend: FrontendCompiler, tmp_path: Path
) -> None:
    program, inputs = matmul_case(1.01)
    found = OptionOracle((BF16_INPUTS,)).check(frontend, case_of(program, inputs), program)
    assert found is not None
    verdict, changed = found
    assert verdict.finding is not None
    entry = render_l3_entry(verdict.finding, changed, frontend.info, "test", "entry.mlir")
    compile_line = next(line for line in entry.splitlines() if line.startswith("// RUN: iree-compile"))
    assert compile_line == f"// RUN: iree-compile %s {' '.join(BF16_INPUTS.flags)} -o %t.vmfb"
    # Replay reads the options back and meets the same finding.
    again = case_from_entry(entry)
    assert again.flags == BF16_INPUTS.flags
    replayed = judge_case(frontend, again).finding
    assert replayed is not None and replayed.signature == verdict.finding.signature
    # Under lit, as the corpus runs it: with the option its RUN lines fail (an open entry: XFAIL); the
    # same entry without it passes (as a fixed one would: PASS).
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    shutil.copy(CORPUS / "lit.cfg.py", corpus / "lit.cfg.py")
    (corpus / "with.mlir").write_text(entry)
    without = render_l3_entry(verdict.finding, replace(changed, flags=()), frontend.info, "test", "w.mlir")
    (corpus / "without.mlir").write_text(without.replace("// status: open", "// status: fixed"))
    report = tmp_path / "lit.json"
    command = [sys.executable, "-c", "import lit.main; lit.main.main()", str(corpus), "-q", "-o", str(report)]
    subprocess.run([*command, "-D", f"exec_root={tmp_path / 'exec'}"], capture_output=True, timeout=300)
    codes = {t["name"].split(" :: ")[1]: t["code"] for t in json.loads(report.read_text())["tests"]}
    assert codes == {"with.mlir": "XFAIL", "without.mlir": "PASS"}


def test_an_option_that_breaks_the_compile_is_a_finding_and_is_skipped_at_set_up(
    frontend: FrontendCompiler,
) -> None:
    good = known_good_case()
    finding = judge_case(frontend, replace(good, flags=F16_EVERYTHING.flags)).finding
    assert finding is not None and finding.kind == "invalid-program"
    assert finding.shape.startswith("options --iree-input-demote-f32-to-f16|")
    # At set-up, the same variant fails on the known-good program: skipped with why, not a finding; and
    # an option this compiler lacks is skipped unrun.
    missing = Variant("missing", ("--iree-no-such-option=1",))
    oracle = OptionOracle.for_compiler(frontend, (F16_EVERYTHING, missing, VARIANTS[0]))
    assert oracle.variants == (VARIANTS[0],)
    reasons = {s.variant.name: s.reason for s in oracle.skipped}
    assert reasons["missing"] == "this iree-compile has no --iree-no-such-option"
    assert reasons["f16"].startswith("fails on the known-good program (invalid-program")


def test_collapsing_onto_one_device_keeps_the_results(frontend: FrontendCompiler) -> None:
    program, inputs = matmul_case(1.01)
    collapsed = on_one_device(program)
    text = print_frontend(collapsed)
    assert collapsed.devices == 1 and "@d1" not in text and "flow.tensor.transfer" in text
    case = variant_case(case_of(program, inputs), program, VARIANTS[-1])
    assert case.devices == 1 and case.text == text and not case.flags
    verdict = judge_case(frontend, case)
    assert verdict.executed and verdict.finding is None

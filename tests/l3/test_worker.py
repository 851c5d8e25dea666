"""L3 end to end on the pinned compiler and the real runtime: frontend programs compiled to the stream
phase and checked, resumed to a .vmfb, run on several local-task devices and compared with NumPy."""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import psutil
import pytest
from hypothesis import given, settings
from iree.compiler import ir
from stream_fuzz.generators.frontend import device_global, frontend_cases
from stream_fuzz.oracles import Rule
from stream_fuzz.oracles.abi import results_on_declared_devices

from stream_fuzz.compiler.frontend import FrontendCompiler, FrontendRequest, runtime_available
from stream_fuzz.corpus.entry import Entry, read_corpus, read_entry
from stream_fuzz.judge.l3 import case_from_entry, case_of, judge_case
from stream_fuzz.judge.options import known_good_case
from stream_fuzz.judge.preflight import KNOWN_GOOD, preflight_l3
from tests.mutants import walk

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        not runtime_available(), reason="iree-base-runtime is not installed (the runtime extra)"
    ),
]
CORPUS = Path(__file__).resolve().parents[2] / "corpus"


def test_the_known_good_program_runs_on_two_devices(frontend: FrontendCompiler) -> None:
    assert preflight_l3(frontend) == ""  # programs will be executed
    run = frontend.run(
        FrontendRequest((KNOWN_GOOD / "l3.mlir").read_text(), 2, (np.arange(4, dtype=np.float32),))
    )
    assert run.outcome == "ok" and run.executed and run.crosses_devices == (True,)
    assert run.outputs is not None and run.outputs[0].tolist() == [0, 4, 8, 12]
    assert run.report is not None and not run.report.violations and not run.abi_violations
    assert {"stream_s", "vmfb_s", "run_s", "oracle_s"} <= set(run.timing)


def test_the_result_rule_passes_real_output_and_catches_a_mutant(
    frontend: FrontendCompiler,
) -> None:
    run = frontend.run(FrontendRequest((KNOWN_GOOD / "l3.mlir").read_text(), 2, execute=False))
    assert run.stream_ir is not None
    with ir.Context() as context:
        module = ir.Module.parse(run.stream_ir, context)
        assert results_on_declared_devices(module, ("d1",)) == ()
        (export,) = [op for op in walk(module, "stream.tensor.export") if "affinity" in op.attributes]
        export.attributes["affinity"] = ir.Attribute.parse("#hal.device.affinity<@d0>")
        (violation,) = results_on_declared_devices(module, ("d1",))
    assert violation.rule is Rule.RESULT and "@d0" in violation.message


# Signatures of the open corpus entries: a draw that meets a known compiler bug is the compiler's fault.
OPEN_BUGS = frozenset(
    signature
    for entry in read_corpus(CORPUS)
    if isinstance(entry, Entry) and entry.status == "open"
    for signature in entry.signatures
)


# Deterministic draws (as tests/generators/test_compile.py): a bug nobody filed yet is the campaign's to find.
@settings(max_examples=15, derandomize=True)
@given(frontend_cases())
def test_the_runtime_agrees_with_numpy(frontend: FrontendCompiler, drawn) -> None:
    case = case_of(*drawn)
    verdict = judge_case(frontend, case)
    finding = verdict.finding
    if finding is not None and finding.signature in OPEN_BUGS:
        return
    assert verdict.run.outcome == "ok" and verdict.executed, verdict.run.message
    # Placement is judged, not asserted, here: a violation on local devices computes the right numbers.
    assert finding is None or finding.kind == "violation", finding


def test_a_crash_is_reported_with_its_pass_not_its_signal(frontend: FrontendCompiler) -> None:
    entry = CORPUS / "crash-consteval-jit-of-a-constant-transferred-to-a-device.mlir"
    verdict = judge_case(frontend, case_from_entry(entry.read_text()))
    assert verdict.run.outcome == "crash" and verdict.run.stage == "stream"
    assert verdict.finding is not None and verdict.finding.signature == "crash-f807f1622833"
    assert "[crashed in pass: iree-hal-materialize-interfaces]" in verdict.finding.details
    # The native compiler's stack is not symbolized (no frame reaches a finding) and no raw frame is kept.
    assert not re.search(r"^\s*\d+\s+\S+\s+0x[0-9a-f]+", verdict.run.message, re.MULTILINE), (
        verdict.run.message
    )
    # The worker is restarted for the next program.
    assert (
        frontend.run(FrontendRequest((KNOWN_GOOD / "l3.mlir").read_text(), 2, execute=False)).outcome == "ok"
    )


def test_a_crashed_worker_is_replaced_by_one_forked_with_the_libraries_loaded() -> None:
    known_good = FrontendRequest((KNOWN_GOOD / "l3.mlir").read_text(), 2, execute=False)
    entry = CORPUS / "crash-consteval-jit-of-a-constant-transferred-to-a-device.mlir"
    with FrontendCompiler(timeout=120) as compiler:
        assert compiler.run(known_good).outcome == "ok"
        first = compiler._worker._process.pid
        crashed = judge_case(compiler, case_from_entry(entry.read_text()))
        assert crashed.run.outcome == "crash" and "[L3 worker killed by signal" in crashed.run.message
        assert crashed.finding is not None and crashed.finding.signature == "crash-f807f1622833"
        assert compiler.run(known_good).outcome == "ok"
        second = compiler._worker._process.pid
        assert second != first
        # Both are children of the fork server (which imported the libraries once), not of this process.
        server = {psutil.Process(pid).ppid() for pid in (first, second) if psutil.pid_exists(pid)}
        assert server and os.getpid() not in server


def test_a_dying_worker_says_where_in_python_without_this_machines_paths() -> None:
    """The worker's faulthandler prints the Python frames a segfault happened under (a runtime crash in
    the bindings says nothing else); they reach the finding with paths from the package on."""
    with FrontendCompiler(timeout=120, stream_hook="tests.l3_faults:crash_on_cross_device_copy") as dying:
        verdict = judge_case(dying, known_good_case())
    assert verdict.run.outcome == "crash" and verdict.finding is not None
    message = verdict.run.message
    assert "Stack (most recent call first):" in message, message
    assert re.search(r'File "tests/l3_faults\.py", line \d+ in crash_on_cross_device_copy', message), message
    assert re.search(r'File "stream_fuzz/compiler/frontend\.py", line \d+ in ', message), message
    checkout = str(Path(__file__).resolve().parents[2])
    assert checkout not in message and not any(checkout in line for line in verdict.finding.details)
    assert "File" not in verdict.finding.shape  # the signature stays the crash site's


def test_a_program_the_verifier_rejects_is_the_generators_defect(frontend: FrontendCompiler) -> None:
    text = (KNOWN_GOOD / "l3.mlir").read_text().replace("arith.addf %c, %c", "arith.addf %c, %undefined")
    run = frontend.run(FrontendRequest(text, 2))
    assert run.outcome == "diagnostic" and run.input_rejected


# A loop result moved to @d0 after a body that ends on @d1: the transfer takes from(@d1) (upstream's
# annotate_affinities.mlir @scf_for_boundary_transfer), and on the zero-trip path the result is the init's
# memory, which @d0 allocated and wrote. The invalidate from @d1 of it is redundant, not misplaced (a false
# alarm of placement/invalidate found by L3, 2026-12-03).
LOOP_ENDING_ELSEWHERE = (
    "\n".join(map(device_global, range(2)))
    + """
func.func @main() -> (tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %st = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %c) -> (tensor<4xf32>) {
    %there = flow.tensor.transfer %acc : tensor<4xf32> to #hal.device.affinity<@d0>
    %next = arith.addf %there, %there : tensor<4xf32>
    %back = flow.tensor.transfer %next : tensor<4xf32> to #hal.device.affinity<@d1>
    scf.yield %back : tensor<4xf32>
  }
  %o = flow.tensor.transfer %r : tensor<4xf32> to #hal.device.affinity<@d0>
  return %o : tensor<4xf32>
}
"""
)


def test_an_invalidate_from_a_device_that_never_wrote_the_memory_is_no_violation(
    frontend: FrontendCompiler,
) -> None:
    run = frontend.run(FrontendRequest(LOOP_ENDING_ELSEWHERE, 2))
    assert run.outcome == "ok" and run.outputs is not None and run.outputs[0].tolist() == [8.0] * 4
    assert run.stream_ir is not None and "invalidate from(#hal.device.affinity<@d1>)" in run.stream_ir
    assert run.report is not None
    invalidates = [v for v in run.report.violations if v.rule.id == "placement/invalidate"]
    assert not invalidates, invalidates


def test_a_value_that_reaches_its_use_through_a_branch_is_told_apart(frontend: FrontendCompiler) -> None:
    """Where a misplaced value arrives through a block argument (an scf.if or scf.for lowered to cf, seen
    through the await of the branch target), the signature says so: an export misplaced on a branch's
    path is not the straight-line shape another bug has."""
    entry = read_entry(CORPUS / "placement-export-import-returned-through-a-branch-on-another-device.mlir")
    finding = judge_case(frontend, case_from_entry(entry.text)).finding
    assert finding is not None and finding.signature in entry.signatures
    (export,) = [v for v in finding.violations if v.rule.id == "placement/export"]
    assert export.via == "block-argument" and "|block-argument" in finding.shape


def test_a_forall_of_one_iteration_and_an_execute_region_across_devices_run_as_numpy_says(
    frontend: FrontendCompiler,
) -> None:
    """The new L3 shapes compile and run on the pinned compiler and runtime: a forall of one iteration
    (folded away) and an execute_region whose second op runs on device 1, both agreeing with NumPy."""
    from stream_fuzz.generators.frontend import FrontendOp, FrontendProgram, FrontendResult, TensorType

    t = TensorType((4,), "f32")
    program = FrontendProgram(
        2,
        ((t, 0), (t, 0)),
        (
            FrontendOp("forall", t, (0, 1), 0, "addf", trips=1),
            FrontendOp("region", t, (2, 1), 0, "mulf", via=1, second="subf"),
        ),
        (FrontendResult(3, 0),),
    )
    inputs = (np.array([1, 2, 3, 4], np.float32), np.array([2, -1, 2, -1], np.float32))
    verdict = judge_case(frontend, case_of(program, inputs))
    assert verdict.finding is None and verdict.run.outcome == "ok" and verdict.executed, verdict.run.message
    assert verdict.run.outputs is not None and verdict.run.outputs[0].tolist() == [4, 0, 8, -2]  # (x+w)*w-w


def test_a_forall_of_several_iterations_is_the_known_crash(frontend: FrontendCompiler) -> None:
    """The same forall with two iterations crashes IREE's affinity analysis: the corpus entry's signature."""
    entry = CORPUS / "crash-affinity-analysis-function-level-scf-forall.mlir"
    verdict = judge_case(frontend, case_from_entry(entry.read_text()))
    assert verdict.run.outcome == "crash" and verdict.run.stage == "stream"
    assert verdict.finding is not None and verdict.finding.signature == "crash-2614e0b4e5ec"
    assert "[crashed in pass: iree-stream-clone-to-consumers]" in verdict.finding.details

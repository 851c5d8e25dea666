// stream-fuzz finding: violation: lifetime/before-alloca
// signature: lifetime-before-alloca-fdcd4f6e2890
// status: open
// severity: data
// found: 2026-12-05 by hand, from an L3 finding on 3.8.0 (seed 5) with no host await, reduced to stream IR
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// releases: has the bug 3.2-3.13; correct 3.1 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/lifetime-before-alloca-elide-no-op-execute-drops-the-alloca-wait.mlir
// pass: canonicalize (ElideNoOpCmdExecuteOp), step 83 of the pipeline (stream-fuzz bisect; step 163 on 3.8.0)
// symptom: no-op-execute-elided
// reachability: frontend — the L3 program that found it (tensor.empty() filled by two
//   tensor.insert_slice of values made on @d1 and @d2, returned on @d3) compiled with iree-compile
//   --compile-to=stream by each of 3.2-3.13 gives an execute on @d3 that captures the tensor.empty's alloca
//   without awaiting its timepoint, which only the dealloca's join uses (3.1 shows other bugs there first).
//   Bisected on 3.8.0 and 3.13.0: canonicalize, after ScheduleAllocation made the empty execute on @d3.
// triage: compiler bug, in every release that splits the alloca into its own execute (3.2-3.13 here; 3.1
//   puts the alloca in the execute that writes it). The stream.async.alloca of the uninitialised storage
//   (%e here, a tensor.empty() in the frontend) is alone in a partition; ScheduleAllocation lowers that
//   partition to a stream.cmd.execute with no commands that awaits the storage's stream.resource.alloca,
//   and the execute that fills the storage awaits that empty execute: the alloca is covered. Canonicalize's
//   ElideNoOpCmdExecuteOp (Stream/IR/StreamOpFolders.cpp, unchanged since the dialect landed in 2021,
//   upstream HEAD 2026-08 too) then replaces the empty execute with stream.timepoint.immediate instead of
//   its await timepoint, so the fill's execute no longer waits for the alloca: the fill may run before the
//   queue-ordered alloca has committed the memory (StreamOps.td, stream.resource.alloca: "execution using
//   this resource must await on the timepoint"; HAL device.h, iree_hal_device_queue_alloca: "callers must
//   always wait for the signal"; ElideTimepoints' TimepointCoverage itself takes a timeline op's result to
//   cover its awaits). IREE's own cmd_folding.mlir @ElideNoOpCmdExecuteOp checks the immediate replacement
//   for an execute awaiting a function argument, where no alloca hangs on it. Not the same cause as
//   corpus/lifetime-before-alloca-chain-dependent-awaits-drops-the-alloca-wait.mlir (3.10+, a host await
//   moved into the execute), which has the same signature; the symptoms tell them apart. Fix hint: replace
//   the result timepoint with op.getAwaitTimepoint() when the execute has one (immediate only when it has
//   none). One-pass file: corpus/one-pass/lifetime-before-alloca-elide-no-op-execute-drops-the-alloca-wait.mlir.
//   Correct: the execute writing %e's storage waits (directly or through a join or another alloca's await) on
//   that storage's alloca timepoint.
//   Another route to the empty execute (seed-39 campaign, 2026-12-05, 101 hits of signature
//   lifetime-before-alloca-525130c18825, attributed here through the mark returned-constant-in-input): a
//   stream.async.constant a public function returns gets external lifetime (RefineUsage);
//   ScheduleAllocation's extractConstantsWithLifetime hoists only constant and variable lifetimes, and
//   applyAsyncConstantOp erases the op ("Allocation should have taken care of this"): an uninitialised
//   alloca and an empty execute are left. That drops the constant's DATA too, a separate bug no oracle rule
//   sees yet and no entry holds: `util.func public @main() -> !stream.resource<*>` returning
//   `stream.async.constant on(@d1) ... = dense<[0..15]> : tensor<16xi8>` compiles (3.1, 3.5, 3.10, 3.13,
//   by hand) to `stream.resource.alloca uninitialized` returned as it is. Not yet tried from a tensor program.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s
// The correct output: the storage's alloca timepoint is used before an execute captures the storage.
// CHECK: %[[R:[a-z0-9_]+]], %[[T:[a-z0-9_]+]] = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>
// CHECK: %[[T]]{{[^_0-9a-z]}}
// CHECK: %[[R]] as %

util.global private @d0 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c8}
  %e = stream.async.alloca : !stream.resource<*>{%c16}
  %e1 = stream.async.transfer %e : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> !stream.resource<*>{%c16}
  %v3 = stream.async.update on(#hal.device.affinity<@d0>) %v1, %e1[%c0 to %c8] : !stream.resource<*>{%c8} -> %e1 as !stream.resource<*>{%c16}
  util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
  util.return
}

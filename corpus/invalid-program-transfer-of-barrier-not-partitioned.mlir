// stream-fuzz finding: invalid-program
// signature: invalid-program-3c4a7adc9701
// status: open
// found: 2026-11-30 by the generators (L1, minimized by Hypothesis and by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-transfer-of-barrier-not-partitioned.mlir
// pass: iree-stream-schedule-execution
// failure: streamable op expected to be in an execution region | ScheduleExecutionPass::runOnOperation
// releases: has the bug 3.2-3.13; cannot express 3.1 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — with a flow.tensor.barrier in the program: %a = x+x, flow.tensor.barrier %a on
//   @d0, flow.tensor.transfer of it to @d1, read there: iree-compile rejects it with the same
//   "'stream.async.transfer' op : streamable op expected to be in an execution region" (flow.tensor.barrier
//   is input IR a frontend may emit; no pass of iree-compile makes one from plain tensor ops).
// triage: compiler bug (ScheduleExecution, ReferencePartitioning.cpp partitionStreamableOpsReference): the
//   barrier is deferred as a sync op of the splat and never gets a placement step of its own; the transfer of
//   its result is compatible with it and is deferred as a sync op of the barrier, whose sync ops are only
//   placed when the barrier is. So the transfer is left outside every execute region and
//   VerifyLoweringToAsync rejects it ("streamable op expected to be in an execution region"). Rejected by
//   3.10-3.13; 3.2-3.9 segfault in the same pass on the same input (stacks vary: sortTopologically, a fold,
//   the verifier after the pass; a freed op still in use). Compiles without the barrier, or (3.13) with the
//   transfer on(@d1).
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v12 = stream.async.barrier on(#hal.device.affinity<@d0>) %v1 : !stream.resource<*>{%c16}
  %v17 = stream.async.transfer %v12 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}

  util.optimization_barrier %v17 : !stream.resource<*>
  util.return
}

// The correct output: every witness compiles, without "streamable op expected to be in an execution region".
// CHECK-NOT: streamable op expected to be in an execution region
// CHECK-NOT: error:
// CHECK: util.func public @
// CHECK-NOT: error:

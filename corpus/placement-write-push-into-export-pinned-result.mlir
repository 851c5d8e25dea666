// stream-fuzz finding: violation: placement/write
// signature: placement-write-f639b73d9a80
// status: not-a-bug
// severity: placement
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/placement-write-push-into-export-pinned-result.mlir
// pass: iree-stream-schedule-allocation
// releases: 3.4, 3.11, 3.12, 3.13 (pre-scheduled input)
// upstream: #21361, PR #24748
// triage: not a bug for the release's own pipeline (a pass contract): a push executed on @d1 writes a result
//   that stream.tensor.export pins to @d0, and schedule-allocation (ScheduleAllocation.cpp
//   deriveResultAffinity) allocates it on @d0 only: a pinned value keeps only the pinning op's affinity.
//   Upstream chose this in PR #24748 (issue #21361): the pinned allocation stays on the destination and
//   PlaceTransferExecutions, which runs before scheduling, makes such a transfer execute on the destination
//   (a pull from an optimal<[@d0, @d1]> source; see Transforms/test/e2e/transfer_execution_placement.mlir).
//   This input is pre-scheduled (L2), so it skips that pass: the release's scheduler no longer produces it.
//   The flat equivalent compiles correctly on 3.12 and 3.13. On 3.4 and 3.11 the flat program also gives this
//   output: that is the real #21361, fixed in 3.12. The CHECK lines state the intended output.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() -> (!hal.buffer_view) {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %v2, %t1 = stream.async.execute on(#hal.device.affinity<@d1>) with() -> (!stream.resource<external>{%c16}) {
      %v1 = stream.async.splat %c0_i32 : i32 -> !stream.resource<transient>{%c16}
      %v3 = stream.async.transfer %v1 : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
      stream.yield %v3 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v2_ready = stream.timepoint.await %t1 => %v2 : !stream.resource<external>{%c16}
    %out0 = stream.tensor.export on(#hal.device.affinity<@d0>) %v2_ready : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %out0 : !hal.buffer_view
  }
}

// CHECK-LABEL: util.func public @main(
// CHECK: stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>)
// CHECK: stream.cmd.execute on(#hal.device.affinity<@d1>)
// CHECK: stream.cmd.flush to(#hal.device.affinity<@d0>)
// CHECK: stream.tensor.export on(#hal.device.affinity<@d0>)

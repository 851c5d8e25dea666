// stream-fuzz finding: violation: placement/write
// signature: placement-write-6637c5b1a2e8
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// reproduce: stream-fuzz replay corpus/placement-write-6637c5b1a2e8.mlir
// triage: a pushed transfer's result pinned by stream.tensor.export on the destination is allocated there
//   only; the source device writes it (deriveResultAffinity keeps the pinning op's affinity and drops the
//   execute's). Without the export it is optimal<[src, dst]>.
// triage: a transfer result read by a later transfer to an optimal affinity is allocated on promise<@d0>
//   only, dropping its writer @d3; with affinity<> instead of promise<> the alloca gets no affinity at all.
//   Probably the DeviceOptimalAttr::joinOR defect behind bad-output-c58d43c80b91.
// what was found:
//   [placement/write] %result is written by an execute on @d1 but its storage %result (alloca) is placed on #hal.device.affinity<@d0>
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

// Found by generators (L2 campaign, shrunk by Hypothesis). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-schedule-allocation). Compiles; the oracle reports:
// rule: placement/write
//   %result is written by an execute on @d1 but its storage %result (alloca) is placed on
//   #hal.device.affinity<@d0>
// A push (transfer made on @d1 to @d0) whose result is exported on @d0: the export pins the
// result, so deriveResultAffinity takes only the pinning op's device and the transfer's to(@d0),
// and drops the execute that writes it. Without the export the same result is allocated on
// optimal<[@d0, @d1]>; a value made on @d1 without a transfer and exported on @d0 is too.
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

// The correct output:
// CHECK: util.func
// CHECK-DAG: {{stream.resource.alloca .*on\([^)]*(@d0[>,][^)]*@d1[>,]|@d1[>,][^)]*@d0[>,])[^)]*\)}}

// stream-fuzz finding: violation: placement/read
// signature: placement-read-aca15295f1b1
// status: not-a-bug
// severity: placement
// found: 2026-12-01 seed=5 worker=0
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/placement-read-pull-of-import-without-from.mlir
// pass: iree-stream-schedule-allocation
// releases: correct 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// triage: not a bug: a transfer of a buffer imported on @d1 to @d0, without from(). Its source is external,
//   so AsyncTransferOp::getDefaultExecutionAffinityAttr (StreamOps.cpp) makes it execute on the consumer,
//   @d0: a pull that reads the user's buffer where the user put it. Imports are placed by the caller, so no
//   allocation of the compiler's is wrong; the oracle no longer judges reads of user-owned storage. Without
//   from() the compiler does not know the source device, so it emits no invalidate (ScheduleAllocation.cpp
//   applyAsyncTransferOp); frontends always set the source affinity (FlowToStream), so only hand-written
//   input reaches that. Not the root cause of placement-read-scf-for-init-not-linked-to-result.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main(%h0: !hal.buffer_view) {
    %c64 = arith.constant 64 : index
    %v1 = stream.tensor.import on(#hal.device.affinity<@d1>) %h0 : !hal.buffer_view -> tensor<64xi8> in !stream.resource<external>{%c64}
    %v2 = stream.async.transfer %v1 : !stream.resource<external>{%c64} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v1 : !stream.resource<external>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v2 : !stream.resource<*>
    util.return
  }
}

// CHECK-LABEL: util.func public @main(
// CHECK: stream.cmd.execute on(#hal.device.affinity<@d0>)
// CHECK: stream.cmd.copy

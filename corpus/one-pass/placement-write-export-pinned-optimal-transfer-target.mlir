// stream-fuzz finding: violation: placement/write
// signature: placement-write-3dcdfc034397
// status: open
// severity: placement
// found: by stream-fuzz reduce from corpus/placement-write-export-pinned-optimal-transfer-target.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/placement-write-export-pinned-optimal-transfer-target.mlir
// pass: iree-stream-schedule-allocation
// releases: has the bug 3.5-3.13; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/placement-write-export-pinned-optimal-transfer-target.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 17 lines of code, to 15 in 1 s (21 candidates)
// what was found:
//   [placement/write] (placement) %result is written by an execute on @d3 but its storage %result (alloca) is placed on #hal.device.optimal<[#hal.device.affinity<@d6>]>
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

module {
  util.global private @d3 : !hal.device
  util.global private @d6 : !hal.device
  util.func public @main() -> !hal.buffer_view {
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d3>) with() -> !stream.resource<external>{%c1} {
      %1 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      %2 = stream.async.transfer %1 : !stream.resource<transient>{%c1} -> to(#hal.device.optimal<[#hal.device.affinity<@d6>, #hal.device.affinity<@d6>]>) !stream.resource<external>{%c1}
      stream.yield %2 : !stream.resource<external>{%c1}
    } => !stream.timepoint
    %0 = stream.tensor.export on(#hal.device.affinity<@d6>) %results : tensor<16xi8> in !stream.resource<external>{%c1} -> !hal.buffer_view
    util.return %0 : !hal.buffer_view
  }
}

// CHECK-DAG: {{stream.resource.alloca .*on\([^)]*(@d3[>,][^)]*@d6[>,]|@d6[>,][^)]*@d3[>,])[^)]*\)}}

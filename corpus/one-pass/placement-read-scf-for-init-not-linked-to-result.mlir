// stream-fuzz finding: violation: placement/read
// signature: placement-read-c34d1f391477
// status: open
// severity: placement
// found: by stream-fuzz reduce from corpus/placement-read-scf-for-init-not-linked-to-result.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/placement-read-scf-for-init-not-linked-to-result.mlir
// pass: iree-stream-schedule-allocation
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/placement-read-scf-for-init-not-linked-to-result.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 28 lines of code, to 25 in 1 s (89 candidates)
// what was found:
//   [placement/read] (placement) %1#0 is captured for reading by an execute on @d1 but its storage %result (alloca) is placed on #hal.device.affinity<@d2>
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

module {
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @loop_result_read(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d2>) with() -> !stream.resource<transient>{%c1} {
      %1 = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c1}
      stream.yield %1 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %0:2 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %results, %arg3 = %result_timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
      %results_2, %result_timepoint_3 = stream.async.execute on(#hal.device.affinity<@d2>) await(%arg3) => with(%arg2 as %arg4: !stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1} {
        %1 = stream.async.dispatch @ex::@f(%arg4[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
        stream.yield %1 : !stream.resource<transient>{%c1}
      } => !stream.timepoint
      scf.yield %results_2, %result_timepoint_3 : !stream.resource<transient>, !stream.timepoint
    }
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d1>) await(%0#1) => with(%0#0 as %arg1: !stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1} {
      %1 = stream.async.dispatch @ex::@g(%arg1[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
      stream.yield %1 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    util.return
  }
}

// CHECK-LABEL: @loop_result_read(
// CHECK: stream.resource.alloca
// CHECK-SAME: on({{[^)]*(@d1[>,][^)]*@d2[>,]|@d2[>,][^)]*@d1[>,])[^)]*}})

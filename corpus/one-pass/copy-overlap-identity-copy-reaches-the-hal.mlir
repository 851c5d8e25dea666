// stream-fuzz finding: violation: copy/overlap
// signature: copy-overlap-a38a894b6b86
// status: open
// severity: race
// found: by stream-fuzz reduce from corpus/copy-overlap-identity-copy-reaches-the-hal.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/copy-overlap-identity-copy-reaches-the-hal.mlir
// pass: iree-stream-schedule-allocation
// reduced-from: corpus/copy-overlap-identity-copy-reaches-the-hal.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 30 lines of code, to 20 in 1 s (56 candidates)
// what was found:
//   [copy/overlap] (race) 'stream.cmd.copy %arg0[%c0], %arg0[%c0], %c1 : !stream.resource<transient>{%c1} -> !stream.resource<transient>{%c1}' copies %arg0 onto bytes of itself that overlap its source (HAL copies need disjoint ranges)
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

module {
  util.global private @d4 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d4>) with() -> !stream.resource<transient>{%c1} {
      %0 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      stream.yield %0 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %results_0:2, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d4>) await(%result_timepoint) => with(%results as %arg0: !stream.resource<transient>{%c1}) -> (%results{%c1}, !stream.resource<transient>{%c1}) {
      %0:2 = stream.async.concurrent with(%arg0 as %arg1: !stream.resource<transient>{%c1}) -> (%arg0{%c1}, !stream.resource<transient>{%c1}) {
        %1 = stream.async.copy %arg1[%c0 to %c1], %arg1[%c0 to %c1], %c1 : !stream.resource<transient>{%c1} -> %arg1 as !stream.resource<transient>{%c1}
        stream.yield %1, %arg1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
      }
      stream.yield %0#0, %0#1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
    } => !stream.timepoint
    util.return
  }
}

// CHECK-NOT: stream.cmd.copy %arg0[%c0], %arg0[%c0], %c1

// stream-fuzz finding: bad-output
// signature: bad-output-99d3d726a9af
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/bad-output-optimal-joinor-nests-members.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/bad-output-optimal-joinor-nests-members.mlir
// pass: iree-stream-schedule-allocation
// releases: has the bug 3.5-3.13; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/bad-output-optimal-joinor-nests-members.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 23 lines of code, to 13 in 13 s (34 candidates)
// what was found:
//   loc("-":7:93): error: can only select between HAL affinity attrs
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | iree-opt | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @optimal_exec(%arg0: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d2>]>) await(%arg0) => with() -> !stream.resource<transient>{%c1} {
      %0 = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c1}
      stream.yield %0 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    util.return %results, %result_timepoint : !stream.resource<transient>, !stream.timepoint
  }
}

// The correct output reads back (buggy: the second iree-opt fails with "can only select between HAL affinity
// attrs" and prints nothing) and places the fill's result for both devices of its execute.
// CHECK-LABEL: util.func public @optimal_exec(
// CHECK: {{stream.resource.alloca .*on\([^)]*(@d0[>,][^)]*@d2[>,]|@d2[>,][^)]*@d0[>,])[^)]*\)}}

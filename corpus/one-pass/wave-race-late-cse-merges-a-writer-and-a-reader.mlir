// stream-fuzz finding: violation: wave/race
// signature: wave-race-abb396745399
// status: open
// severity: race
// found: by stream-fuzz reduce from corpus/wave-race-late-cse-merges-a-writer-and-a-reader.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/wave-race-late-cse-merges-a-writer-and-a-reader.mlir
// pass: iree-stream-schedule-allocation
// reduced-from: corpus/wave-race-late-cse-merges-a-writer-and-a-reader.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 31 lines of code, to 22 in 1 s (80 candidates)
// what was found:
//   [wave/race] (race) %arg0 is touched by two members of one concurrent wave, and one writes: 'stream.cmd.fill %c1_i32, %arg0[%c0 for %c1] : i32 -> !stream.resource<transient>{%c1}' and 'stream.cmd.dispatch @ex::@f {'
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

module {
  util.global private @d4 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d4>) with() -> !stream.resource<transient>{%c1} {
      %0 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      stream.yield %0 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %results_0:2, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d4>) await(%result_timepoint) => with(%results as %arg0: !stream.resource<transient>{%c1}) -> (%results{%c1}, !stream.resource<transient>{%c1}) {
      %0:2 = stream.async.concurrent with(%arg0 as %arg1: !stream.resource<transient>{%c1}) -> (%arg0{%c1}, !stream.resource<transient>{%c1}) {
        %1 = stream.async.fill %c1_i32, %arg1[%c0 to %c1 for %c1] : i32 -> %arg1 as !stream.resource<transient>{%c1}
        %2 = stream.async.dispatch @ex::@f(%arg1[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
        stream.yield %1, %2 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
      }
      stream.yield %0#0, %0#1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
    } => !stream.timepoint
    util.return
  }
}

// CHECK: stream.cmd.fill %c1_i32, %arg0[%c0 for %c1] : i32 -> !stream.resource<transient>{%c1}
// CHECK: {{^      }$}}
// CHECK: stream.cmd.dispatch @ex::@f

// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-late-cse-merges-a-writer-and-a-reader.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(cse),util.func(cse),util.initializer(cse))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-late-cse-merges-a-writer-and-a-reader.mlir
// pass: cse after canonicalize (3rd)
// output: async IR, checked for clobbered reads
// reduced-from: corpus/async-clobbered-read-late-cse-merges-a-writer-and-a-reader.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 32 lines of code, to 28 in 1 s (116 candidates)
// what was found:
//   [async/clobbered-read] (data) %arg2 is read by '%0:2 = stream.timepoint.await %result_timepoint_1 => %results_0#0, %results_0#1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}' after '%3 = stream.async.fill %c1_i32, %arg2[%c0 to %c1 for %c1] : i32 -> %arg2 as !stream.resource<tr
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(cse),util.func(cse),util.initializer(cse))' %s -o %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module {
  util.global private @d4 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i8 = arith.constant 0 : i8
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d4>) with() -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
      %2 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      %3:2 = stream.async.concurrent with(%2 as %arg0: !stream.resource<transient>{%c1}) -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
        %4 = stream.async.transfer %arg0 : !stream.resource<transient>{%c1} -> to(#hal.device.affinity<@d4>) !stream.resource<transient>{%c1}
        %5 = stream.async.transfer %arg0 : !stream.resource<transient>{%c1} -> to(#hal.device.affinity<@d4>) !stream.resource<transient>{%c1}
        stream.yield %4, %5 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
      }
      stream.yield %3#0, %3#1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %results_0:2, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d4>) await(%result_timepoint) => with(%results#0 as %arg0: !stream.resource<transient>{%c1}, %results#1 as %arg1: !stream.resource<transient>{%c1}) -> (%results#0{%c1}, !stream.resource<transient>{%c1}) {
      %2:2 = stream.async.concurrent with(%arg0 as %arg2: !stream.resource<transient>{%c1}, %arg1 as %arg3: !stream.resource<transient>{%c1}) -> (%arg0{%c1}, !stream.resource<transient>{%c1}) {
        %3 = stream.async.fill %c1_i32, %arg2[%c0 to %c1 for %c1] : i32 -> %arg2 as !stream.resource<transient>{%c1}
        stream.yield %3, %arg3 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
      }
      stream.yield %2#0, %2#1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %0:2 = stream.timepoint.await %result_timepoint_1 => %results_0#0, %results_0#1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
    %1 = util.optimization_barrier %0#1 : !stream.resource<transient>
    util.return
  }
}


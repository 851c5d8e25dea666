// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir
// pass: iree-stream-schedule-execution
// output: async IR, checked for clobbered reads
// reduced-from: corpus/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 20 lines of code, to 18 in 1 s (163 candidates)
// what was found:
//   [async/clobbered-read] (data) %arg0 is read by '%results_2, %result_timepoint_3 = stream.async.execute on(#hal.device.affinity<@d0>) await(%0) => with(%results as %arg0: !stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1} {' after '%5 = stream.async.fill %c1_i32, %arg0[%c0 to %c1 f
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))' %s -o %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module {
  util.global private @d0 : !hal.device
  util.func public @read_moved_after_fill() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<transient>{%c1}
    %1 = stream.async.transfer %0 : !stream.resource<transient>{%c1} -> to(#hal.device.affinity<@d0>) !stream.resource<transient>{%c1}
    %2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%1[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
    %3 = stream.async.fill on(#hal.device.affinity<@d0>) %c1_i32, %1[%c0 to %c1 for %c1] : i32 -> %1 as !stream.resource<transient>{%c1}
    %4 = stream.async.transfer %3 : !stream.resource<transient>{%c1} -> to(#hal.device.affinity<@d0>) !stream.resource<transient>{%c1}
    %5 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@write(%3[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> %3{%c1}
    %6 = util.optimization_barrier %2 : !stream.resource<transient>
    %7 = util.optimization_barrier %4 : !stream.resource<transient>
    util.return
  }
}


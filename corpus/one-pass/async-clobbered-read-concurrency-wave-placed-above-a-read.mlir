// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-concurrency-wave-placed-above-a-read.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(iree-stream-schedule-concurrency),util.func(iree-stream-schedule-concurrency),util.initializer(iree-stream-schedule-concurrency))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-concurrency-wave-placed-above-a-read.mlir
// pass: iree-stream-schedule-concurrency
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// output: async IR, checked for clobbered reads
// correct outputs: checked by hand on three (no waves; the wave after @read; @read and @other in a wave, then @write)
// reduced-from: corpus/async-clobbered-read-concurrency-wave-placed-above-a-read.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 23 lines of code, to 17 in 1 s (96 candidates)
// what was found:
//   [async/clobbered-read] (data) %arg0 is read by '%3 = stream.async.dispatch @ex::@read(%1#0[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}' after '%4 = stream.async.dispatch @ex::@write(%arg0[%c0 to %c1 for %c1], %arg1[%c0 to %c1 for %c1]) : (!stream.res
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(iree-stream-schedule-concurrency))' %s | FileCheck %s
//
// The input is correct: @read reads %1#0 before @write overwrites it in place. The pass must keep that
// order: @read (in a wave or not) comes before the op that runs @write. On 3.13 the wave of @write and
// @other is placed right after @produce, above @read.

module {
  util.global private @d0 : !hal.device
  util.func public @wave_placed_above_a_read() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %results:3, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
      %0 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      %1:2 = stream.async.dispatch @ex::@produce(%0[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> (%0{%c1}, !stream.resource<transient>{%c1})
      %2 = stream.async.dispatch @ex::@read(%1#0[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
      %3 = stream.async.dispatch @ex::@write(%1#0[%c0 to %c1 for %c1], %1#1[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) -> %1#0{%c1}
      %4 = stream.async.dispatch @ex::@other(%1#1[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
      stream.yield %2, %3, %4 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
    } => !stream.timepoint
    util.return
  }
}

// CHECK-LABEL: util.func public @wave_placed_above_a_read
// CHECK:       stream.async.dispatch @ex::@produce
// CHECK-NOT:   @ex::@write
// CHECK:       stream.async.dispatch @ex::@read
// CHECK:       stream.async.dispatch @ex::@write

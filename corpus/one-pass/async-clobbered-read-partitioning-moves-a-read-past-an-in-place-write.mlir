// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir; rewritten by hand as its program's async IR
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir
// pass: iree-stream-schedule-execution
// output: async IR, checked for clobbered reads
// reduced-from: corpus/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir (its triage says why this is wrong)
// releases: has the bug 3.12-3.13; cannot express 3.1-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// triage: the input is valid: in each function @read reads a value, then a fill (its last use) writes it
//   in place. partitionStreamableOpsReference puts @read into a partition issued after the partition
//   holding the fill, so @read reads the fill's bytes (in @read_outlives_its_partition the fill's result
//   goes to @d1 and @read's user waits for @d1). Correct: @read is issued before the fill (in the fill's
//   partition or an earlier one), which the CHECK lines state as the order of the two ops in the output.
//   They pass on the input itself, on 3.1's output of @read_moved_after_fill (one partition, @read first)
//   and on 3.13's output for this input with util.optimization_barrier on each @read's result (@read alone
//   in a partition the host awaits before it issues the fill's).
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(iree-stream-schedule-execution))' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @read_moved_after_fill() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c0_i32 = arith.constant 0 : i32
    %c255_i32 = arith.constant 255 : i32
    %s = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<transient>{%c16}
    %t = stream.async.transfer %s : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<transient>{%c16}
    %read = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%t[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    %filled = stream.async.fill on(#hal.device.affinity<@d0>) %c255_i32, %t[%c0 to %c4 for %c4] : i32 -> %t as !stream.resource<transient>{%c16}
    %copy = stream.async.transfer %filled : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
    %written = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@write(%filled[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> %filled{%c16}
    util.optimization_barrier %read : !stream.resource<transient>
    util.optimization_barrier %copy : !stream.resource<external>
    util.optimization_barrier %written : !stream.resource<transient>
    util.return
  }
  util.global private @d1 : !hal.device
  util.func public @read_outlives_its_partition() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c0_i8 = arith.constant 0 : i8
    %c7_i32 = arith.constant 7 : i32
    %a = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<transient>{%c16}
    %p = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%a[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c64}
    %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%p[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c16}
    %f = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i8, %p[%c0 to %c16 for %c16] : i8 -> %p as !stream.resource<transient>{%c64}
    %ft = stream.async.transfer on(#hal.device.affinity<@d1>) %f : !stream.resource<transient>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c64}
    %b = stream.async.splat on(#hal.device.affinity<@d1>) %c7_i32 : i32 -> !stream.resource<transient>{%c16}
    %bt = stream.async.transfer on(#hal.device.affinity<@d0>) %b : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<transient>{%c16}
    %u = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@use(%r[%c0 to %c16 for %c16], %bt[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    util.optimization_barrier %u : !stream.resource<transient>
    util.optimization_barrier %ft : !stream.resource<transient>
    util.return
  }
}

// CHECK-LABEL: util.func public @read_moved_after_fill
// CHECK:       stream.async.dispatch {{.*}}@ex::@read(
// CHECK:       stream.async.fill
// CHECK-LABEL: util.func public @read_outlives_its_partition
// CHECK:       stream.async.dispatch {{.*}}@ex::@read(
// CHECK:       stream.async.fill

// stream-fuzz finding: crash
// signature: crash-29c99e4bd9b6
// status: open
// severity: -
// found: by hand from corpus/crash-concurrency-joins-zero-length-producer-and-consumer.mlir (the IR before the pass that breaks it)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(util.func(iree-stream-schedule-concurrency),iree-stream-schedule-allocation)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/crash-concurrency-joins-zero-length-producer-and-consumer.mlir
// pass: iree-stream-schedule-concurrency
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/crash-concurrency-joins-zero-length-producer-and-consumer.mlir (its triage says why this is wrong)
// input: the IR that iree-stream-transformation-pipeline hands iree-stream-schedule-concurrency (bisected with
//   --mlir-print-ir-after-all): valid, one execute, no waves. schedule-concurrency puts the zero-size splat and
//   the dispatch that reads it in one wave; schedule-allocation then crashes on it. Both passes run, so the
//   entry passes whichever is repaired (mayOverlap/hasHazard keeping them apart, or schedule-allocation giving
//   the used zero-size value a range): the CHECKs ask only that the module compiles and keeps the dispatch.
//   Shown: schedule-allocation alone on this input (what a repaired schedule-concurrency would hand it: no
//   wave) passes; a hand-written allocation-side repair (the fill and the dispatch in one stream.cmd.concurrent,
//   the zero-size value given a range) passes. Stack on 3.13 (gdb): constant_op_binder::match <-
//   AllocationScope::add <- applyAsyncAllocations <- allocateExecutionRegion <- ScheduleAllocationPass.
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(iree-stream-schedule-concurrency),iree-stream-schedule-allocation)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<transient>{%c16} {
      %empty = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c0}
      %r = stream.async.dispatch @ex::@f(%empty[%c0 to %c0 for %c0]) : (!stream.resource<transient>{%c0}) -> !stream.resource<transient>{%c16}
      stream.yield %r : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<transient>{%c16}
    %1 = util.optimization_barrier %0 : !stream.resource<transient>
    util.return
  }
}

// The correct output: the module compiles (no crash, no error) and keeps the dispatch.
// CHECK-NOT: error:
// CHECK: util.func public @main
// CHECK: stream.cmd.execute
// CHECK: stream.cmd.dispatch @ex::@f
// CHECK-NOT: error:

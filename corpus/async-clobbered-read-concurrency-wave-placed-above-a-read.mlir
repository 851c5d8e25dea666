// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-f7f3ad07cff0
// status: open
// severity: data
// found: 2026-12-01 by the clobber check at the end of the async stage (3000 L1 programs, seed 11: 3 of
//   them; the witness written by hand after them)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-concurrency-wave-placed-above-a-read.mlir
// pass: iree-stream-schedule-concurrency
// releases: 3.1, 3.4, 3.11, 3.12, 3.13
// triage: compiler bug, wrong data (ScheduleConcurrency: Transforms/ScheduleConcurrency.cpp
//   WavePartitionBuilder, then mlir::sortTopologically). In the execute, @read reads %p#0, then @write
//   overwrites %p#0 in place: legal, @write is its last use. The partitioner rightly keeps @read out of the
//   wave it forms of @write and @other (the tied-user check of partitionRegionConcurrencyReference, PR
//   #14893). But WavePartitionBuilder inserts the stream.async.concurrent right after the last op that
//   defines one of its inputs, @produce, which is above @read, and the final sortTopologically ("safe
//   because we are still unaliased and SSA values imply ordering") has no edge from @read to the wave: the
//   in-place write makes them alias. The cmd IR runs @write (in the wave) before @read, which then reads
//   @write's bytes. Not the partitionStreamableOpsReference defect of
//   async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write: another pass and function (waves
//   inside one execute, placed by insertion point). Correct: the wave goes after every reader of a value it
//   writes in place (or such a reader joins an earlier wave).
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-before=iree-stream-verify-lowering-to-async %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module {
  util.global private @d0 : !hal.device
  util.func public @wave_placed_above_a_read() {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c0_i8 = arith.constant 0 : i8
    %a = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c32}
    %p:2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%a[%c0 to %c32 for %c32]) : (!stream.resource<*>{%c32}) -> (%a{%c32}, !stream.resource<*>{%c16})
    %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%p#0[%c0 to %c32 for %c32]) : (!stream.resource<*>{%c32}) -> !stream.resource<*>{%c8}
    %w = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@write(%p#0[%c0 to %c32 for %c32], %p#1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c32}, !stream.resource<*>{%c16}) -> %p#0{%c32}
    %z = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@other(%p#1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c32}
    util.optimization_barrier %r : !stream.resource<*>
    util.optimization_barrier %w : !stream.resource<*>
    util.optimization_barrier %z : !stream.resource<*>
    util.return
  }
}

// The correct output: in the async IR before iree-stream-verify-lowering-to-async no value is read after an op
// overwrote it in place (the RUN lines check it: stream-fuzz's async/clobbered-read rule, the
// invariant copy-on-write establishes).

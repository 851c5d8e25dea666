// stream-fuzz finding: violation: async/clobbered-read, wave/race
// signature: async-clobbered-read-eb83af784328
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz run (an L1 campaign, seed 53: 38 programs in 10 minutes, signed
//   wave-race-2a686e9a0692 before the clobber check read the IR after partitioning)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes (by hand, from the campaign's 24-op program)
// reproduce: stream-fuzz replay corpus/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir
// pass: iree-stream-schedule-execution
// releases: 3.1, 3.4, 3.11, 3.12, 3.13 (witness 2 needs transfer on(), 3.12 and 3.13)
// triage: compiler bug, wrong data (ScheduleExecution: Analysis/Partitioning/ReferencePartitioning.cpp
//   partitionStreamableOpsReference). In program order @read reads %t, then the fill overwrites %t in place:
//   legal, the fill is %t's last use (copy elision rightly drops the copy-on-write clone). The partitioner
//   walks the block backwards and lets an op join any partition that none of its results' users forbid; it
//   only follows op.getUsers(), never the later in-place writers of the op's operands. So @read (whose result
//   only a barrier uses) joins the last partition, with @write, while the fill sits in an earlier partition
//   that the last one awaits: @read now reads 255s that the fill wrote. ScheduleConcurrency then also puts
//   @read in one wave with @write, which writes the same bytes (the wave race the campaign saw; a symptom).
//   partitionRegionConcurrencyReference has exactly the missing check ("Testing tied user", PR #14893 for
//   #14889); partitionStreamableOpsReference has none. Witness 2, across devices: the fill's result goes to
//   @d1, so the fill stays in the first partition with @produce, and @read, whose user waits for @d1's
//   splat, lands in a later one and reads the first partition's yielded pre-fill value after the fill.
//   Correct: every reader of a value runs before the op that overwrites it in place (same partition,
//   earlier, or an earlier partition).
// witnesses: 2, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-before=iree-stream-verify-lowering-to-async %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module {
  util.global private @d0 : !hal.device
  util.func public @read_moved_after_fill() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c0_i32 = arith.constant 0 : i32
    %c255_i32 = arith.constant 255 : i32
    %s = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %t = stream.async.transfer %s : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %read = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%t[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    %filled = stream.async.fill on(#hal.device.affinity<@d0>) %c255_i32, %t[%c0 to %c4 for %c4] : i32 -> %t as !stream.resource<*>{%c16}
    %copy = stream.async.transfer %filled : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %written = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@write(%filled[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %filled{%c16}
    util.optimization_barrier %read : !stream.resource<*>
    util.optimization_barrier %copy : !stream.resource<*>
    util.optimization_barrier %written : !stream.resource<*>
    util.return
  }
}

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @read_outlives_its_partition() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c0_i8 = arith.constant 0 : i8
    %c7_i32 = arith.constant 7 : i32
    %a = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c16}
    %p = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c64}
    %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%p[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c16}
    %f = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i8, %p[%c0 to %c16 for %c16] : i8 -> %p as !stream.resource<*>{%c64}
    %ft = stream.async.transfer on(#hal.device.affinity<@d1>) %f : !stream.resource<*>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c64}
    %b = stream.async.splat on(#hal.device.affinity<@d1>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
    %bt = stream.async.transfer on(#hal.device.affinity<@d0>) %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %u = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@use(%r[%c0 to %c16 for %c16], %bt[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    util.optimization_barrier %u : !stream.resource<*>
    util.optimization_barrier %ft : !stream.resource<*>
    util.return
  }
}

// The correct output: in the async IR before iree-stream-verify-lowering-to-async no value is read after an op
// overwrote it in place (the RUN lines check it: stream-fuzz's async/clobbered-read rule, the
// invariant copy-on-write establishes).

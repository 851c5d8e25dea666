// stream-fuzz finding: invalid-program
// signature: invalid-program-ccc7b891df88
// also-known-as: invalid-program-f232017af063
// status: open
// found: 2026-12-01 seed=11 worker=1 (an L1 campaign; minimized by a helper)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-cloned-op-joins-a-dependent-partition.mlir
// pass: iree-stream-schedule-execution
// failure: failed to schedule execution partitions without cyclic dependencies
// releases: has the bug 3.12-3.13; cannot express 3.1-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — an L3 campaign on 3.13 (2026-12-05, seed 36, alias invalid-program-f232017af063)
//   reaches it: a dense<-2> constant is the init of a three-trip scf.for whose body moves the carry to @d0 and
//   back to @d1, and a matmul on the loop result is returned on @d1, beside values an scf.if moved between the
//   devices. Before ScheduleExecution the constant is a stream.async.splat on @d0 whose only user is the loop
//   init; that IR reduced under schedule-execution alone keeps the splat, the loop, a @d1 dispatch of its
//   result and @d0 work after it. With the splat made non-cloneable (util.optimization_barrier on it, reduced
//   or not; a dispatch in its place, unreduced) it schedules; util.optimization_barrier on the constant as the
//   loop's init makes the tensor program compile and return NumPy's results (3.13). Earlier (2026-12-04) a
//   splat init of a two-trip loop on @d0 moved to @d1 did not hit it, nor did 405 L3 programs.
// triage: compiler bug (ScheduleExecution, ReferencePartitioning.cpp partitionStreamableOpsReference, the
//   canAddOpToPartition preferCloneToConsumers branch): the splat %v1 prefers to be cloned into its
//   consumers, but its only user is the scf.for (its init). The clone branch replaces the op's hazards with
//   the hazards of its users inside the candidate partition, the empty set, so the @d1 partition of %v9 is
//   accepted although it consumes %v8 from the @d0 partition that reads the loop result; the recheck without
//   clones runs only when the candidate and consumer counts differ (both 0 here). The partitions form a cycle
//   and sortTopologically fails: "failed to schedule execution partitions without cyclic dependencies". A
//   non-cloneable producer compiles. Fails on 3.12 and 3.13; the variant without transfer on() (witness 2)
//   fails in ScheduleExecution on 3.8-3.11 with "operand does not dominate this use" and compiles on 3.1-3.7. Not the cause of
//   invalid-program-partition-cycle-through-scf-for-init.
// witnesses: 2, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v4 = scf.for %i = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
    %v3 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f(%v2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    scf.yield %v3 : !stream.resource<*>
  }
  %v5 = stream.async.transfer on(#hal.device.affinity<@d0>) %v4 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %v7 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v8 = stream.async.transfer %v7 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %v9 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@h(%v8[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %v5 : !stream.resource<*>
  util.optimization_barrier %v9 : !stream.resource<*>
  util.return
}

// -----

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v4 = scf.for %i = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
    %v3 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f(%v2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    scf.yield %v3 : !stream.resource<*>
  }
  %v6 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@g(%v4[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %v7 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v9 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@h(%v7[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %v6 : !stream.resource<*>
  util.optimization_barrier %v9 : !stream.resource<*>
  util.return
}

// The correct output: every witness compiles, without "failed to schedule execution partitions".
// CHECK-NOT: failed to schedule execution partitions
// CHECK-NOT: error:
// CHECK-COUNT-2: util.func public @
// CHECK-NOT: error:

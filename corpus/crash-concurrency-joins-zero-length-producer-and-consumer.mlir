// stream-fuzz finding: crash
// signature: crash-29c99e4bd9b6
// status: open
// found: 2026-12-01 by stream-fuzz run (an L1 campaign, seed 23)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/crash-concurrency-joins-zero-length-producer-and-consumer.mlir
// pass: iree-stream-schedule-concurrency
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: a linalg.fill of a tensor<0xi32> added to a tensor<0xi32> argument
//   beside an unrelated op on one device (compiles and runs right; the frontend leaves no zero-length splat
//   for a dispatch to read).
// triage: compiler bug, a crash (SIGSEGV in iree-stream-schedule-allocation, caused by iree-stream-schedule-
//   concurrency). A zero-size splat %empty is read by a dispatch as [0 to 0 for 0]. ResourceHazards.cpp
//   hasHazard asks AsyncAccessRange::mayOverlap (IR/StreamTypes.cpp), which calls two empty [0,0) ranges
//   adjacent, so no hazard: partitionRegionConcurrencyReference puts the dispatch in the same wave as the
//   splat that produces its operand. ScheduleAllocation gives storage inside a concurrent region only to
//   results without uses (ScheduleAllocation.cpp, the `if (!value.use_empty()) continue;` walk), so %empty
//   has no range; lookupResourceRange only asserts, and applyAsyncDispatchOp passes the null offset to
//   AllocationScope::add, whose matchPattern(m_Zero()) dereferences it. Native stack:
//   constant_op_binder::match <- AllocationScope::add <- applyAsyncAllocations <- allocateExecutionRegion <-
//   ScheduleAllocationPass::runOnOperation. All releases 3.1-3.13. The campaign's shape: a slice [0 to 0] of
//   a splat, then a zero-size transfer. Correct: a direct use is always a hazard; the program compiles.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

util.global private @d0 : !hal.device
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %empty = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c0}
  %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%empty[%c0 to %c0 for %c0]) : (!stream.resource<*>{%c0}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %r : !stream.resource<*>
  util.return
}

// The correct output: every witness compiles.
// CHECK-NOT: error:
// CHECK: util.func public @
// CHECK-NOT: error:

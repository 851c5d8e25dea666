// stream-fuzz finding: violation: async/clobbered-read, wave/race
// signature: async-clobbered-read-8d4755855894
// status: open
// severity: data, race
// found: 2026-12-01 (a helper's variant of an L1 campaign finding)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-late-cse-merges-a-writer-and-a-reader.mlir
// pass: cse
// releases: 3.11, 3.12, 3.13
// triage: compiler bug, wrong data (the cleanup pipeline after ScheduleConcurrency: cse, then
//   ClosureOpUtils.cpp optimizeClosureLikeOp): %v2 = transfer from(@d0) and %v10 = transfer of the same value
//   differ until ScheduleExecution clears the from(@d0) equal to its partition's device
//   (ScheduleExecution.cpp ExecutePartitionBuilder::visit). ScheduleConcurrency rightly puts the in-place
//   fill of %v2 and the dispatch reading %v10 in one wave: they touch different values. The late cse then
//   merges the two transfers and the closure optimization folds the duplicate results and captures, so the
//   fill and the read share one buffer, after MaterializeCopyOnWrite and ElideAsyncCopies have run and with
//   no copy re-inserted: a race, and wrong data even if serialized (the dispatch must read zeros). With both
//   transfers identical from the start, the early cse merges them before copy-on-write and the output is
//   correct. 3.11-3.13 (likely since #21921 made transfers pure); 3.1 and 3.4 keep two buffers. Signed
//   wave-race-abb396745399 until the clobber check read the async IR to the end of the async stage; it now
//   names this cse (a read of the merged value after the fill wrote it in place). The seed-59 campaign met
//   it under two more race shapes (wave-race-2a686e9a0692, 82 programs; wave-race-ce9bee8d498c, 23): splats
//   the cse merges into one value yielded as two results, one written in place while the other is read.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d4 : !hal.device
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c7_i32 = arith.constant 7 : i32
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d4>) !stream.resource<*>{%c16}
  %v10 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d4>) !stream.resource<*>{%c16}
  %w = stream.async.fill on(#hal.device.affinity<@d4>) %c7_i32, %v2[%c0 to %c8 for %c8] : i32 -> %v2 as !stream.resource<*>{%c16}
  %r = stream.async.dispatch on(#hal.device.affinity<@d4>) @ex::@f(%v10[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %w : !stream.resource<*>
  util.optimization_barrier %r : !stream.resource<*>
  util.return
}

// CHECK: stream.cmd.fill %c7_i32, %arg0[%c0 for %c8] : i32 -> !stream.resource<transient>{%c16}
// CHECK: {{^      }$}}
// CHECK: stream.cmd.dispatch @ex::@f

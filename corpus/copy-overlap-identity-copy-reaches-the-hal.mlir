// stream-fuzz finding: violation: copy/overlap
// signature: copy-overlap-a38a894b6b86
// status: open
// severity: race
// found: 2026-12-01 seed=11 worker=0 (an L1 campaign; minimized by a helper)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/copy-overlap-identity-copy-reaches-the-hal.mlir
// pass: cse
// releases: 3.11, 3.12, 3.13
// triage: compiler bug: the output holds `stream.cmd.copy %arg0[%c0], %arg0[%c0], %c8`, a copy of bytes onto
//   themselves. It lowers unchanged to a HAL copy (StreamToHAL CmdCopyOpPattern) whose source and target
//   ranges overlap, which runtime/src/iree/hal/command_buffer.h forbids ("the ranges must not overlap (as
//   with memcpy)") and buffer validation rejects. Nothing folds such a copy away (AsyncCopyOp and CmdCopyOp
//   canonicalizations have no identity fold), so any rewrite that makes a copy's source and target one value
//   emits it: here the cleanup after ScheduleConcurrency, where cse merges the two transfers of %v1
//   (ScheduleExecution had cleared the one from(@d0)) and optimizeClosureLikeOp (ClosureOpUtils.cpp) merges
//   the duplicate results and captures, turning the in-place copy into %v2 into a copy of the merged value
//   onto itself. 3.11-3.13; 3.1 and 3.4 keep two buffers. The same late merge gives wrong data with a real
//   writer: async-clobbered-read-late-cse-merges-a-writer-and-a-reader.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d4 : !hal.device
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d4>) !stream.resource<*>{%c16}
  %v10 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d4>) !stream.resource<*>{%c16}
  %v11 = stream.async.copy on(#hal.device.affinity<@d4>) %v10[%c0 to %c8], %v2[%c0 to %c8], %c8 : !stream.resource<*>{%c16} -> %v2 as !stream.resource<*>{%c16}
  %v12 = stream.async.dispatch on(#hal.device.affinity<@d4>) @ex::@f(%v10[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %v11 : !stream.resource<*>
  util.optimization_barrier %v12 : !stream.resource<*>
  util.return
}

// CHECK-NOT: stream.cmd.copy %arg0[%c0], %arg0[%c0], %c8

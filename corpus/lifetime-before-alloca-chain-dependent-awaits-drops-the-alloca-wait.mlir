// stream-fuzz finding: violation: lifetime/before-alloca
// signature: lifetime-before-alloca-fdcd4f6e2890
// status: open
// severity: data
// found: 2026-12-04 by the oracle rule lifetime/before-alloca (an L1 campaign), shrunk
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/lifetime-before-alloca-chain-dependent-awaits-drops-the-alloca-wait.mlir
// pass: canonicalize (ChainDependentAwaits), step 83 of the pipeline (stream-fuzz bisect)
// symptom: host-await-chained
// releases: has the bug 3.10-3.13; correct 3.1-3.9 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried (one program, not exhaustive): a tensor program on @d0 that reads an
//   element with tensor.extract, writes it back with tensor.insert and moves the tensor to @d1 with
//   flow.tensor.transfer (iree-compile --compile-to=stream, 3.13): the insert stays on the device, there is
//   no host store between the two executes, and every execute awaits its alloca. The shape needs a staging
//   resource loaded and stored on the host and then captured by an execute on another device.
// triage: compiler bug, a regression in 3.10. Canonicalize's ChainDependentAwaits
//   (Stream/IR/StreamOpFolders.cpp) moves a host stream.timepoint.await into the stream.cmd.execute that
//   captures the awaited resource, so the execute waits on the device instead. Up to v3.9.0 it joined the
//   execute's own await with the moved timepoints (`joinAwaitTimepoints(op.getLoc(),
//   op.getAwaitTimepoint(), newTimepoints, rewriter)`). IREE PR #22611 (commit 68a9309688, 2025-12-03, "Add
//   SCF support and fence coverage to ElideTimepointsPass", first in 3.10.0) changed that to
//   `op.setAwaitTimepoints(newTimepoints, rewriter)`, whose default implementation (StreamInterfaces.td,
//   TimelineOpInterface; stream.cmd.execute does not override it) REPLACES the await with a join of the new
//   timepoints only. The execute's existing await, here the timepoint of the stream.resource.alloca of its
//   @d1 target, is dropped: the copy may run before the queue-ordered alloca has committed the memory it
//   writes. 3.1-3.9 emit `stream.timepoint.join max(<alloca timepoint>, <producer>)` and await it. Upstream
//   HEAD (2026-08) unchanged. Fix hint: keep the existing await, e.g. join as before, or add
//   `op.getAwaitTimepoint()` (when set) to newTimepoints before setAwaitTimepoints. One-pass file:
//   corpus/one-pass/lifetime-before-alloca-chain-dependent-awaits-drops-the-alloca-wait.mlir.
//   Correct: the execute on @d1 waits (directly or through a join) on its alloca's timepoint. Another
//   cause has this signature, an empty execute elided (3.2+, no host await involved):
//   corpus/lifetime-before-alloca-elide-no-op-execute-drops-the-alloca-wait.mlir; the symptoms tell them apart.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s
// The correct output: the @d1 alloca's timepoint is used after it is made (the execute waits on it).
// CHECK: %{{[a-z0-9_]+}}, %[[T:[a-z0-9_]+]] = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>)
// CHECK: %[[T]]{{[^_0-9a-z]}}

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v2_staging = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
  %v2_word = stream.async.load %v2_staging[%c0] : !stream.resource<staging>{%c16} -> i32
  %v2_stored = stream.async.store %v2_word, %v2_staging[%c12] : i32 -> %v2_staging as !stream.resource<staging>{%c16}
  %v2 = stream.async.transfer %v2_stored : !stream.resource<staging>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v1 : !stream.resource<*>
  util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v2 : !stream.resource<*>
  util.return
}

// stream-fuzz finding: crash
// signature: crash-e5fad2b07b79
// status: open
// severity: -
// found: 2026-12-04 seed=2 worker=0 (an L1 campaign on 3.11; crashes 3.13 alike), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes (by hand, from the campaign's 72-line program of nested scf.while/scf.for loops)
// releases: has the bug 3.8-3.13; correct 3.1-3.7 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/crash-sink-await-asks-dominance-of-an-unreachable-block.mlir
// pass: iree-util-apply-patterns (in the iree-util-fixed-point-iterator after iree-stream-schedule-allocation)
// reachability: stream IR only — tried: the same two nested scf.while loops on tensors (the inner one fills a
//   tensor moved from @d1 to @d0); iree-compile rejects that program first ("'scf.while' op along control flow
//   edge ... '!stream.resource<external>' should match ... '!stream.resource<transient>'").
// triage: compiler bug, a crash (SIGSEGV). Native stack: DominanceInfoBase::findNearestCommonDominator <-
//   SinkAwaitToFirstConsumer::matchAndRewrite (Stream/IR/StreamOpFolders.cpp) <- ApplyPatternsPass. After
//   scheduling, the scf.while loops are cf blocks and the await of the inner loop's initial value sits in
//   the outer loop's header, whose cf.cond_br enters the inner loop through a block holding only a cf.br.
//   iree-util-apply-patterns drives its patterns bottom-up (applyPatternsGreedily's default), so
//   cf.cond_br's pass-through fold (SimplifyPassThroughCondBranch) runs before the await is visited: it
//   branches straight to the inner loop with the awaited value and leaves the pass-through block
//   unreachable but not yet erased, still using that value. SinkAwaitToFirstConsumer then gathers every user
//   of the await's results, that block's cf.br among them, and asks DominanceInfo for the nearest common
//   dominator of the header and the unreachable block: an unreachable block has no dominator-tree node, and
//   the lookup dereferences it. canonicalize{top-down=false} crashes the same way on the one-pass input;
//   the default top-down canonicalize sinks the await first and does not. Upstream (2026-08) unchanged; its
//   lit tests (IR/test/timepoint_folding.mlir @SinkAwaitToFirstConsumer) run the top-down --canonicalize.
//   Fix hint: skip users in blocks DominanceInfo cannot reach (isReachableFromEntry) or bail out. The
//   pattern crashes on every release 3.1-3.13 (one-pass file); this program reaches it from 3.8 on (3.1-3.7
//   compile it: their pipelines leave no await in the loop header). Correct: the program compiles.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s
// The correct output: the program compiles.
// CHECK-NOT: error:
// CHECK: util.func public @main
// CHECK-NOT: error:

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@d1>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
  %alloca = stream.async.alloca on(#hal.device.affinity<@d0>) : !stream.resource<*>{%c16}
  %moved = stream.async.transfer %splat : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %result = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%alloca[%c0 to %c16 for %c16], %moved[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %outer:2 = scf.while (%i = %c0, %carried = %moved) : (index, !stream.resource<*>) -> (index, !stream.resource<*>) {
    %more = arith.cmpi slt, %i, %c2 : index
    scf.condition(%more) %i, %carried : index, !stream.resource<*>
  } do {
  ^bb0(%i: index, %carried: !stream.resource<*>):
    %copy = stream.async.transfer %splat : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %inner:2 = scf.while (%j = %c0, %x = %copy) : (index, !stream.resource<*>) -> (index, !stream.resource<*>) {
      %more = arith.cmpi slt, %j, %c1 : index
      scf.condition(%more) %j, %x : index, !stream.resource<*>
    } do {
    ^bb0(%j: index, %x: !stream.resource<*>):
      %filled = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %x[%c0 to %c16 for %c16] : i32 -> %x as !stream.resource<*>{%c16}
      %j1 = arith.addi %j, %c1 : index
      scf.yield %j1, %filled : index, !stream.resource<*>
    }
    util.optimization_barrier %inner#1 : !stream.resource<*>
    %i1 = arith.addi %i, %c1 : index
    scf.yield %i1, %carried : index, !stream.resource<*>
  }
  util.optimization_barrier %outer#1 : !stream.resource<*>
  util.return %alloca, %result : !stream.resource<*>, !stream.resource<*>
}

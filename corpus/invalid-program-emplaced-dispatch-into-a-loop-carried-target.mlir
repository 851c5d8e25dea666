// stream-fuzz finding: invalid-program
// signature: invalid-program-058139c205d7
// status: open
// found: 2026-12-01 by stream-fuzz run (an L1 campaign, seed 61: 52 programs; witness written by hand after it)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-emplaced-dispatch-into-a-loop-carried-target.mlir
// pass: iree-stream-emplace-allocations
// failure: does not dominate this use
// releases: has the bug 3.10-3.13; correct 3.1-3.9 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: an scf.for whose body inserts a loop-invariant y*y (computed before
//   the loop) into the carried tensor at [0, 4), the insert applied to the iter_arg directly and to a value
//   computed from it (both compile and run right).
// triage: compiler bug (EmplaceAllocations.cpp tryEmplaceDispatchOp, via Util/IR/UtilTypes.cpp
//   tryMoveProducerBefore): @produce's only use is an update inside the loop whose target is the loop's
//   iter_arg %acc. The pass ties the dispatch to that target and asks tryMoveProducerBefore to make %acc
//   available at the dispatch; for a block argument it answers "block arg, ok to use" without asking
//   whether the argument's block dominates the dispatch. So the dispatch, outside the loop, takes the
//   loop's own argument as an operand and the verifier rejects it ("operand #1 does not dominate this
//   use"). The campaign's shrunk program reached it through a whole-buffer update that folds to the dispatch
//   result (AsyncUpdateOp::fold). 3.10-3.13; 3.1-3.9 compile it. Not the emplacement clobber
//   (async-clobbered-read-emplaced-dispatch-writes-before-a-read-of-the-target): the same function, another
//   missing check. Correct: do not emplace into a block argument that does not dominate the dispatch.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @update_in_a_loop() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %in = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c4}
    %p = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%in[%c0 to %c4 for %c4]) : (!stream.resource<*>{%c4}) -> !stream.resource<*>{%c4}
    %t = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c16}
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %t) -> (!stream.resource<*>) {
      %u = stream.async.update on(#hal.device.affinity<@d0>) %p, %acc[%c0 to %c4] : !stream.resource<*>{%c4} -> %acc as !stream.resource<*>{%c16}
      scf.yield %u : !stream.resource<*>
    }
    util.optimization_barrier %r : !stream.resource<*>
    util.return
  }
}

// The correct output: every witness compiles, without "does not dominate this use".
// CHECK-NOT: does not dominate this use
// CHECK-NOT: error:
// CHECK: util.func public @
// CHECK-NOT: error:

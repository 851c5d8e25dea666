// stream-fuzz finding: invalid-program
// signature: invalid-program-d1601d35075e
// status: open
// found: 2026-12-02 by the generators (seed=103, multi-block cf branches); split from
//   invalid-program-refine-usage-scf-for-lifetimes 2026-12-04 (another rewrite pattern, another fix)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-refine-usage-cf-branch-lifetimes.mlir
// pass: iree-stream-refine-usage
// failure: type mismatch for bb argument
// releases: has the bug 3.8-3.13; correct 3.1-3.7 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: a func.func with cf.cond_br whose join block takes either a value
//   also returned (external) or one computed from a splat constant, the block argument returned or squared
//   (both compile and run right).
// triage: compiler bug (RefineUsage.cpp ApplyFuncOp -> applyRegionTransitions, over ResourceUsage.cpp):
//   a block argument of a multi-block function gets the lifetime the usage analysis reports for it, and each
//   value branched into it keeps the lifetime of its own producer (ApplyAsyncTransferOp / ApplyStreamableOp);
//   nothing reconciles the two at the cf.br / cf.cond_br edge. Here %y, a same-device transfer without
//   from() of a returned (so external) value, becomes external while %b, a splat, stays transient, and the
//   verifier rejects the branch ("type mismatch for bb argument #0 of successor #0"). Upstream's
//   refine_usage.mlir tests cf branch arguments only where every edge agrees. Not the scf.for entry
//   (invalid-program-refine-usage-scf-for-lifetimes): that one goes through ApplyScfForOp (iter_args and
//   results) and is fixed there; this one goes through ApplyFuncOp's block arguments and BranchOpInterface.
// failing pass: iree-stream-refine-usage
// what was found:
//   error: type mismatch for bb argument #0 of successor #0
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main(%cond: i1) -> !stream.resource<*> {
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %a = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %x = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  cf.cond_br %cond, ^then, ^else
^then:
  %y = stream.async.transfer %x : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  cf.br ^merge(%y : !stream.resource<*>)
^else:
  %b = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  cf.br ^merge(%b : !stream.resource<*>)
^merge(%r: !stream.resource<*>):
  util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %r : !stream.resource<*>
  util.return %x : !stream.resource<*>
}

// The correct output: the function compiles, without "type mismatch for bb argument".
// CHECK-NOT: type mismatch for bb argument
// CHECK-NOT: error:
// CHECK: util.func public @main
// CHECK-NOT: error:

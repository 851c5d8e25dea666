// stream-fuzz finding: invalid-program
// signature: invalid-program-7aeff656308a
// status: open
// found: 2026-11-30 while classifying a generator finding (minimized by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-cse-merges-dispatch-across-wave.mlir
// pass: cse
// failure: used resource not listed in explicit captures
// releases: has the bug 3.9-3.13; correct 3.1-3.8 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: an operand-less linalg.generic (an iota) written in place by an
//   insert_slice and read after (const-eval turns it into a constant before stream, so no operand-less
//   dispatch is left: runs right).
// triage: compiler bug (surfaces in cse after ScheduleConcurrency): an operand-less dispatch prefers to be
//   cloned into its consumers (StreamOps.cpp AsyncDispatchOp::preferCloneToConsumers), so one execute holds
//   two identical pure dispatches, one of them inside a stream.async.concurrent with the @d1 transfer;
//   stream.async.concurrent needs explicit captures but is not IsolatedFromAbove, so CSE replaces the inner
//   clone with the outer one and the wave yields a value it neither captures nor produces. 3.1-3.8
//   compile it; 3.9-3.13 fail. The generator draws no operand-less dispatch.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c16 = arith.constant 16 : index
    %v1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f() : () -> !stream.resource<*>{%c16}
    %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v3 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
    util.return
  }
}

// The correct output: every witness compiles, without "used resource not listed in explicit captures".
// CHECK-NOT: used resource not listed in explicit captures
// CHECK-NOT: error:
// CHECK: util.func public @
// CHECK-NOT: error:

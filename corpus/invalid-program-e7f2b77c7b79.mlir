// stream-fuzz finding: invalid-program
// signature: invalid-program-e7f2b77c7b79
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// reproduce: stream-fuzz replay corpus/invalid-program-e7f2b77c7b79.mlir
// what was found:
//   loc("-":19:8): error: 'scf.for' op along control flow edge from parent to Operation scf.for: successor operand type #0 '!stream.resource<transient>' should match successor input type #0 '!stream.resource<external>'
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

// PIPELINE: stream
// WHAT: BUG (compiler 3.13.0rc20261016, not placement): scf.for carrying a
// !stream.resource<*> that round-trips @d0 -> @d1 -> @d0 each iteration and is
// exported after the loop. iree-stream-refine-usage leaves the IR invalid:
// "'scf.for' op along control flow edge from parent to Operation scf.for:
// successor operand type #0 '!stream.resource<transient>' should match
// successor input type #0 '!stream.resource<external>'" (init refined to
// transient, iter_arg/result to external). The same loop on one device
// without transfers compiles. Kept as a crash/verifier witness.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @loop(%n: index) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c16}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %s) -> (!stream.resource<*>) {
    %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fa(%v[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    %a1 = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %b = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@fb(%a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    %b0 = stream.async.transfer %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    scf.yield %b0 : !stream.resource<*>
  }
  %e = stream.async.transfer %r : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %v = stream.tensor.export on(#hal.device.affinity<@d0>) %e : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

// The correct output:
// CHECK: util.func

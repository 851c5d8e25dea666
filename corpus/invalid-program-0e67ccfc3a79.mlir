// stream-fuzz finding: invalid-program
// signature: invalid-program-0e67ccfc3a79
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// reproduce: stream-fuzz replay corpus/invalid-program-0e67ccfc3a79.mlir
// what was found:
//   loc("-":15:10): error: 'stream.async.fill' op has invalid Write access range [0 to 48 for 48] of resource %1 with size 32; length > resource size
//   loc("-":15:10): error: 'stream.async.fill' op has invalid Write access range [0 to 48 for 48] of resource %2 with size 32; length > resource size
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

// Three updates of 16-byte splats into a 32-byte dispatch result (the last two into the same bytes):
// the stream pipeline folds them into a stream.async.fill of 48 bytes into the 32-byte resource and
// its own verifier rejects it ("invalid Write access range [0 to 48 for 48] ... length > resource size").
util.global private @d0 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v8 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v12 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v9 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry1(%v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c32})
  %v10 = stream.async.update on(#hal.device.affinity<@d0>) %v8, %v9[%c0 to %c16] : !stream.resource<*>{%c16} -> %v9 as !stream.resource<*>{%c32}
  %v16 = stream.async.update on(#hal.device.affinity<@d0>) %v12, %v10[%c16 to %c32] : !stream.resource<*>{%c16} -> %v10 as !stream.resource<*>{%c32}
  %v20 = stream.async.update on(#hal.device.affinity<@d0>) %v12, %v16[%c0 to %c16] : !stream.resource<*>{%c16} -> %v16 as !stream.resource<*>{%c32}
  util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v20 : !stream.resource<*>
  util.return
}

// The correct output:
// CHECK: util.func

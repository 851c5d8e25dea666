// stream-fuzz finding: invalid-program
// signature: invalid-program-d849c0bf3518
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-coalesce-adjacent-fills-offset.mlir
// pass: canonicalize
// failure: op has invalid Write access range
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// upstream: PR #24869 (open)
// reachability: frontend — p = x+x (12xi32) then tensor.insert_slice of dense<5> : tensor<4xi32> at [4] and
//   then at [0] (x[4:8] = 5; x[0:4] = 5): iree-compile rejects it with the same "'stream.async.fill' op has
//   invalid Write access range [16 to 32 for 32] ... start + length != end"; a third insert at [8] makes the
//   fills whole and it compiles right.
// triage: compiler bug (canonicalize: StreamOpFolders.cpp CoalesceAdjacentFills): merging a fill with the
//   adjacent fill *before* it adds the two absolute offsets (`fillOp.getTargetOffset() +
//   sourceOp.getTargetOffset()`) where the merged fill starts at the earlier one. Here the updates of splats
//   become fills (CombineSplatUpdateFromToFill), fill[16,32) then fill[0,16) merge into the inconsistent [16
//   to 32 for 32], and merging that with fill[0,16) gives [0 to 48 for 48] on a 32-byte resource, which
//   VerifyAsyncAccessRanges rejects. All releases 3.1-3.13. Upstream PR #24869 (open) fixes it.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

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

// The correct output: every witness compiles, without "has invalid Write access range".
// CHECK-NOT: has invalid Write access range
// CHECK-NOT: error:
// CHECK: util.func public @
// CHECK-NOT: error:

// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-b60cdc190332
// also-known-as: async-clobbered-read-9161f629fc86, wave-race-040950243855
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz run (L1 campaigns, seeds 23 and 37); made a runtime witness by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-transfer-elided-while-source-is-read.mlir
// pass: iree-stream-elide-async-copies
// releases: has the bug 3.5, 3.10, 3.11, 3.12, 3.13; correct 3.6-3.9; cannot express 3.1-3.4 (no topology)
// triage: compiler bug, wrong data (ElideAsyncCopies, Transforms/ElideAsyncCopies.cpp
//   isSafeToElideTransferOp, its "same-type transfers are always safe to elide regardless of multiple users"
//   branch). %v2 is a copy of %v1 on the device %v1 lives on (the topology says @d0 shares memory with
//   itself, so the transfer is a no-op as far as placement goes), @add_one writes %v2 in place, and @sub
//   reads %v1 afterwards. Copy-on-write has nothing to add (the transfer is the copy), but the elision
//   replaces %v2 by %v1 although %v1 is still read later: @add_one then writes %v1 itself and @sub computes
//   (%v1 + 1) - (%v1 + 1) = 0 where (%v1 + 1) - %v1 = 1 is right. The branch above it (one use, or the last
//   use) is the safe one; the unconditional same-type branch ignores the later readers. 3.6-3.9 turn the
//   transfer into a clone first and get it right. With util.optimization_barrier on %v1 before the
//   transfer (same meaning; the transfer's source then has one use) 3.13 returns 1 1 1 1. Other forms the
//   campaigns found (not runnable here yet): the elision judged on a stale last-use cache (a second
//   clone elided after it), the cross-device form over a unified_memory link, and the same elision in the
//   second ElideAsyncCopies after refine-usage.
//   Correct: @sub returns 1 1 1 1.
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-task --function=main \
// RUN:   --expected_output=4xi32=1,1,1,1

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d0 = {unified_memory = true})]>} {
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @add_one workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @sub workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    // out[i] = in[i] + 1 (out is tied: written in place)
    func.func @add_one(%out: !stream.binding, %in: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %x = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%a: i32, %unused: i32):
        %c1_i32 = arith.constant 1 : i32
        %s = arith.addi %a, %c1_i32 : i32
        linalg.yield %s : i32
      } -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %y, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
      return
    }
    // out[i] = a[i] - b[i]
    func.func @sub(%a: !stream.binding, %b: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %ab = stream.binding.subspan %a[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %bb = stream.binding.subspan %b[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %x = iree_tensor_ext.dispatch.tensor.load %ab, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      %y = iree_tensor_ext.dispatch.tensor.load %bb, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %z = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x, %y : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%p: i32, %q: i32, %unused: i32):
        %s = arith.subi %p, %q : i32
        linalg.yield %s : i32
      } -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %z, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
  }
}
util.func public @main() -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c5_i32 = arith.constant 5 : i32
  %c1234_i32 = arith.constant 1234 : i32
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c1234_i32 : i32 -> !stream.resource<*>{%c16}
  %v1 = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %s[%c0 to %c4 for %c4] : i32 -> %s as !stream.resource<*>{%c16}
  %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %v3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@add_one(%v2[%c0 to %c16 for %c16], %v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> %v2{%c16}
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@sub(%v3[%c0 to %c16 for %c16], %v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %e = stream.async.transfer %d : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %r = stream.tensor.export on(#hal.device.affinity<@d0>) %e : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %r : !hal.buffer_view
}
}

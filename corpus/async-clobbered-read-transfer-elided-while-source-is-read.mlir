// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-b60cdc190332
// also-known-as: async-clobbered-read-9161f629fc86, wave-race-040950243855
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz run (L1 campaigns, seeds 23 and 37); made a runtime witness by hand (2026-12-04)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-transfer-elided-while-source-is-read.mlir
// pass: iree-stream-elide-async-copies
// releases: has the bug 3.7-3.13; cannot express 3.1-3.4; another failure 3.5-3.6 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: flow.tensor.transfer of a value to the device it lives on, written in
//   place by an insert_slice while the value is still read by a transfer to @d1, with the value computed from
//   an argument and from a mutable util.global (the same-device transfer is gone before stream; copy-on-write
//   clones: right numbers, no clobbered read).
// triage: compiler bug, wrong data (ElideAsyncCopies, Transforms/ElideAsyncCopies.cpp
//   isSafeToElideTransferOp, its "same-type transfers are always safe to elide regardless of multiple users"
//   branch). A transfer it takes for a no-op (to the device its source lives on, which the topology says
//   shares memory with itself) is elided although its source is still read after the transfer's result is
//   written in place. Witness 1: %a2 is a copy of %a1, @add_one writes %a2 in place and @sub then reads %a1;
//   after the elision @add_one writes %a1 itself and @sub returns (%a1 + 1) - (%a1 + 1) = 0 0 0 0 where
//   1 1 1 1 is right (copy-on-write has nothing to add: the transfer is the copy). Witness 2: the fill
//   writes %b1 in place after %t copied it, so copy-on-write clones %b1 for the fill; the transfer branch
//   first asks isLastUser(%b1, %t), creating the LastUsers element of %b1 from its users at that moment,
//   elides %t anyway, and the clone is then judged from that element (the slice now reads %b1 after it) and
//   elided too: %r returns 7 7 where 5 0 is right (ScheduleConcurrency also puts the fill and the slice in
//   one wave: a race; 7 7 in 15 of 15 runs). With util.optimization_barrier on %a1 and %b1 before their
//   transfers (same meaning; each transfer's source then has one use) 3.13 returns the right numbers.
//   Other forms the campaigns found, not made runnable: the cross-device form over a unified_memory link
//   (the elided transfer also drops the wait between the devices), and the same elision in the second
//   ElideAsyncCopies after refine-usage. Correct: @sub returns 1 1 1 1 and %r 5 0.
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-task --function=main \
// RUN:   --expected_output=4xi32=1,1,1,1 --expected_output=2xi32=5,0

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
  stream.executable.export public @read workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    // out = in
    func.func @read(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %x = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %x, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
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
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %c1234_i32 = arith.constant 1234 : i32
  // Witness 1: %a2 is a copy of %a1 on the device %a1 lives on; @add_one writes it in place, @sub then
  // reads %a1: (%a1 + 1) - %a1 = 1 1 1 1.
  %a0 = stream.async.splat on(#hal.device.affinity<@d0>) %c1234_i32 : i32 -> !stream.resource<*>{%c16}
  %a1 = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %a0[%c0 to %c4 for %c4] : i32 -> %a0 as !stream.resource<*>{%c16}
  %a2 = stream.async.transfer %a1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %a3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@add_one(%a2[%c0 to %c16 for %c16], %a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> %a2{%c16}
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@sub(%a3[%c0 to %c16 for %c16], %a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  // Witness 2: %t is a copy of %b1 (5 0 0 0), the fill then writes %b1 in place, and %r is the first two
  // elements of %t: 5 0. Eliding %t fills the last-use cache of %b1; the copy-on-write clone of %b1 for the fill is
  // then judged from that stale cache and elided too.
  %b0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %b1 = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %b0[%c0 to %c4 for %c4] : i32 -> %b0 as !stream.resource<*>{%c16}
  %t = stream.async.transfer %b1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %w = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %b1[%c0 to %c8 for %c8] : i32 -> %b1 as !stream.resource<*>{%c16}
  %r = stream.async.slice on(#hal.device.affinity<@d0>) %t[%c0 to %c8] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
  util.optimization_barrier %w : !stream.resource<*>
  %de = stream.async.transfer %d : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %re = stream.async.transfer %r : !stream.resource<*>{%c8} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c8}
  %dv = stream.tensor.export on(#hal.device.affinity<@d0>) %de : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %rv = stream.tensor.export on(#hal.device.affinity<@d0>) %re : tensor<2xi32> in !stream.resource<external>{%c8} -> !hal.buffer_view
  util.return %dv, %rv : !hal.buffer_view, !hal.buffer_view
}
}

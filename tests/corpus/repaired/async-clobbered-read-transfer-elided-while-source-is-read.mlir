// repair: %a1 and %b1 reach their same-device transfers through util.optimization_barrier (an identity on
//   values: the program means the same); each transfer's source then has one use, so eliding it is safe and
//   the later in-place writes no longer hit values still read

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
  %a1b = util.optimization_barrier %a1 : !stream.resource<*>
  %a2 = stream.async.transfer %a1b : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %a3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@add_one(%a2[%c0 to %c16 for %c16], %a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> %a2{%c16}
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@sub(%a3[%c0 to %c16 for %c16], %a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  // Witness 2: %t is a copy of %b1 (5 0 0 0), the fill then writes %b1 in place, and %r is the first two
  // elements of %t: 5 0. Eliding %t fills the last-use cache of %b1; the copy-on-write clone of %b1 for the fill is
  // then judged from that stale cache and elided too.
  %b0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %b1 = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %b0[%c0 to %c4 for %c4] : i32 -> %b0 as !stream.resource<*>{%c16}
  %b1b = util.optimization_barrier %b1 : !stream.resource<*>
  %t = stream.async.transfer %b1b : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
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

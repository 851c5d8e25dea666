// repair: @produce's result goes through util.optimization_barrier before the update (an identity on
//   values: the program means the same), so EmplaceAllocations finds no dispatch result to write into %t in
//   place ahead of @read

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @target workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @produce workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @read workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    // %out := [1, 2, 3, 4]
    func.func @target(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // %out := [9]
    func.func @produce(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1xi32>>
      %cst = arith.constant dense<[9]> : tensor<1xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [1], strides = [1] : tensor<1xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1xi32>>
      return
    }
    // %out := %in (a copy)
    func.func @read(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %t = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %t, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
  }
}
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c0_i8 = arith.constant 0 : i8
  %in = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c4}
  %t = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@target(%in[%c0 to %c4 for %c4]) : (!stream.resource<*>{%c4}) -> !stream.resource<*>{%c16}
  %p = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%in[%c0 to %c4 for %c4]) : (!stream.resource<*>{%c4}) -> !stream.resource<*>{%c4}
  %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%t[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %pb = util.optimization_barrier %p : !stream.resource<*>
  %u = stream.async.update on(#hal.device.affinity<@d0>) %pb, %t[%c0 to %c4] : !stream.resource<*>{%c4} -> %t as !stream.resource<*>{%c16}
  %re = stream.async.transfer %r : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %ue = stream.async.transfer %u : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %rv = stream.tensor.export on(#hal.device.affinity<@d0>) %re : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %uv = stream.tensor.export on(#hal.device.affinity<@d0>) %ue : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %rv, %uv : !hal.buffer_view, !hal.buffer_view
}

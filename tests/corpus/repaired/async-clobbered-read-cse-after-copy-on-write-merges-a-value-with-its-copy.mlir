// repair: util.optimization_barrier (an identity on values: the program means the same) on %z before the
//   second transfer, so the two transfers are no longer equal and cse cannot merge them, and on %a before
//   both its fill and @f, so copy-on-write's clone for the fill is a real copy of a barrier result (not a
//   second operandless @make, PropagateCloneableOps) and cse has no second @make to merge; the triage's own
//   repair, both cse runs removed from the stream pipeline, has no iree-compile option

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @make workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @f workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @make(%out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    func.func @f(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %t = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %t, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
  }
}
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c7_i32 = arith.constant 7 : i32
  // (1) Two transfers of one value: the fill writes %t1 in place, @f reads %t2 (must read 0s).
  %z = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %t1 = stream.async.transfer %z : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %zb = util.optimization_barrier %z : !stream.resource<*>
  %t2 = stream.async.transfer %zb : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %w1 = stream.async.fill on(#hal.device.affinity<@d1>) %c7_i32, %t1[%c0 to %c8 for %c8] : i32 -> %t1 as !stream.resource<*>{%c16}
  %r1 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f(%t2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  // (2) A dispatch filled in place and read after: copy-on-write gives the fill a clone (@f must read 1 2 3 4).
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<*>{%c16}
  %ab = util.optimization_barrier %a : !stream.resource<*>
  %w2 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %ab[%c0 to %c8 for %c8] : i32 -> %ab as !stream.resource<*>{%c16}
  %r2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%ab[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %x0 = stream.async.transfer %w1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
  %x1 = stream.async.transfer %r1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
  %x2 = stream.async.transfer %w2 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %x3 = stream.async.transfer %r2 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %y0 = stream.tensor.export on(#hal.device.affinity<@d1>) %x0 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %y1 = stream.tensor.export on(#hal.device.affinity<@d1>) %x1 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %y2 = stream.tensor.export on(#hal.device.affinity<@d0>) %x2 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %y3 = stream.tensor.export on(#hal.device.affinity<@d0>) %x3 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %y0, %y1, %y2, %y3 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
}

// repair: the clones %k and %ck read %t and %ct through util.optimization_barrier (an identity on values:
//   the program means the same), which the transfer folds cannot look through, so no read of a copy becomes
//   a read of its origin after the origin's in-place write

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @read workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @write workgroups() -> (index, index, index) {
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
    // inout += 1, in place
    func.func @write(%inout: !stream.binding) {
      %c0 = arith.constant 0 : index
      %b = stream.binding.subspan %inout[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
      %x = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>> -> tensor<4xi32>
      %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%x : tensor<4xi32>) {
      ^bb0(%a: i32):
        %c1_i32 = arith.constant 1 : i32
        %s = arith.addi %a, %c1_i32 : i32
        linalg.yield %s : i32
      } -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %y, %b, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
      return
    }
  }
}
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %c8 = arith.constant 8 : index
  // Witness A (IntermediateTransferElision): %x = 1 1 1 1 on @d1; %t is a copy of it on @d0 (the clone %k
  // hides the transfer chain from the canonicalize before copy-on-write), then @write updates %x in place to
  // 2 2 2 2. %b (on @d1) and %b2 (back on @d0) are copies of %k: 1 1 1 1.
  // %x = 1 1 1 1 on @d1; %t is a copy of it on @d0 (the clone %k hides the transfer chain from the
  // canonicalize before copy-on-write), then @write updates %x in place to 2 2 2 2. %b and %b2 are copies of
  // %k: 1 1 1 1.
  %v0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %x = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@write(%v0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %v0{%c16}
  %t = stream.async.transfer on(#hal.device.affinity<@d0>) %x : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %tb = util.optimization_barrier %t : !stream.resource<*>
  %k = stream.async.clone on(#hal.device.affinity<@d0>) %tb : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
  %k2 = stream.async.transfer on(#hal.device.affinity<@d0>) %k : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %w = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@write(%x[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %x{%c16}
  %b = stream.async.transfer on(#hal.device.affinity<@d1>) %k2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %b2 = stream.async.transfer %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  util.optimization_barrier %w : !stream.resource<*>
  %be = stream.async.transfer on(#hal.device.affinity<@d0>) %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %b2e = stream.async.transfer %b2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %bv = stream.tensor.export on(#hal.device.affinity<@d0>) %be : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %b2v = stream.tensor.export on(#hal.device.affinity<@d0>) %b2e : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  // Witness B (AsyncTransferOp::fold): %r is a round trip d1 -> d0 -> d1 of the constant %c (1 2 3 4),
  // taken before the fill writes %c in place (1 2 7 7); @read copies %r on @d1: 1 2 3 4.
  %c = stream.async.constant on(#hal.device.affinity<@d1>) : !stream.resource<*>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>
  %ct = stream.async.transfer %c : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %f = stream.async.fill on(#hal.device.affinity<@d1>) %c7_i32, %c[%c8 to %c16 for %c8] : i32 -> %c as !stream.resource<*>{%c16}
  %ctb = util.optimization_barrier %ct : !stream.resource<*>
  %ck = stream.async.clone on(#hal.device.affinity<@d0>) %ctb : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
  %r = stream.async.transfer %ck : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %u = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@read(%r[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %fe = stream.async.transfer %f : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %ue = stream.async.transfer %u : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %fv = stream.tensor.export on(#hal.device.affinity<@d0>) %fe : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %uv = stream.tensor.export on(#hal.device.affinity<@d0>) %ue : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %bv, %b2v, %fv, %uv : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
}

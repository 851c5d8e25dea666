// repair: each whole update is written as two updates of its target's halves with slices of the update
//   value (the same bytes land in the same places: the program means the same), so AsyncUpdateOp::fold,
//   which folds only an update of the whole target, cannot alias the target to a value still read

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @f workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @make workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @init workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @make2 workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @inplace workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    // %out := %in (a copy)
    func.func @f(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %t = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %t, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // %out := [1, 2, 3, 4]
    func.func @make(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // %out := [8, 8, 8, 8]
    func.func @init(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %cst = arith.constant dense<[8, 8, 8, 8]> : tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // %out := [1, 2]
    func.func @make2(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>
      %cst = arith.constant dense<[1, 2]> : tensor<2xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [2], strides = [1] : tensor<2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>
      return
    }
    // %out := [5, 6] (in place)
    func.func @inplace(%out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2xi32>>
      %cst = arith.constant dense<[5, 6]> : tensor<2xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [2], strides = [1] : tensor<2xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2xi32>>
      return
    }
  }
}
util.func public @main(%h: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %c9_i32 = arith.constant 9 : i32

  // Witness 1 (results 0, 1): the canonicalize after copy-on-write. Inside the loop %u1 overwrites the
  // whole iter_arg with %a1; copy-on-write clones the iter_arg, the update folds to %a1, the loop to %a1,
  // and the fills %f1, %g1 tied on the loop result write %a1 while @f still reads it.
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %a1 = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %v1[%c0 to %c8 for %c8] : i32 -> %v1 as !stream.resource<*>{%c16}
  %r1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a1) -> (!stream.resource<*>) {
    %a1lo = stream.async.slice on(#hal.device.affinity<@d0>) %a1[%c0 to %c8] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
    %a1hi = stream.async.slice on(#hal.device.affinity<@d0>) %a1[%c8 to %c16] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
    %u1lo = stream.async.update on(#hal.device.affinity<@d0>) %a1lo, %x[%c0 to %c8] : !stream.resource<*>{%c8} -> %x as !stream.resource<*>{%c16}
    %u1 = stream.async.update on(#hal.device.affinity<@d0>) %a1hi, %u1lo[%c8 to %c16] : !stream.resource<*>{%c8} -> %u1lo as !stream.resource<*>{%c16}
    scf.yield %u1 : !stream.resource<*>
  }
  %f1 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %r1[%c0 to %c8 for %c8] : i32 -> %r1 as !stream.resource<*>{%c16}
  %g1 = stream.async.fill on(#hal.device.affinity<@d0>) %c9_i32, %f1[%c8 to %c16 for %c8] : i32 -> %f1 as !stream.resource<*>{%c16}
  %d1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}

  // Witness 2 (results 2, 3): iree-stream-refine-usage. %a2 is typed * and the target external, so the
  // fold waits; RefineUsage retypes %a2 to external (it is transferred to external) and folds %u2 to %a2:
  // the fill writes @make's bytes, which %r2 must return unchanged.
  %in = stream.tensor.import on(#hal.device.affinity<@d0>) %h : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%c16}
  %a2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make(%in[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<*>{%c16}
  %t2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@init(%in[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<external>{%c16}
  %a2lo = stream.async.slice on(#hal.device.affinity<@d0>) %a2[%c0 to %c8] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
  %a2hi = stream.async.slice on(#hal.device.affinity<@d0>) %a2[%c8 to %c16] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
  %u2lo = stream.async.update on(#hal.device.affinity<@d0>) %a2lo, %t2[%c0 to %c8] : !stream.resource<*>{%c8} -> %t2 as !stream.resource<external>{%c16}
  %u2 = stream.async.update on(#hal.device.affinity<@d0>) %a2hi, %u2lo[%c8 to %c16] : !stream.resource<*>{%c8} -> %u2lo as !stream.resource<external>{%c16}
  %f2 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %u2[%c0 to %c4 for %c4] : i32 -> %u2 as !stream.resource<external>{%c16}
  %r2 = stream.async.transfer %a2 : !stream.resource<*>{%c16} -> !stream.resource<external>{%c16}

  // Witness 3 (results 4, 5): the same with an in-place dispatch as the writer.
  %s3 = stream.async.slice on(#hal.device.affinity<@d0>) %in[%c0 to %c8] : !stream.resource<external>{%c16} -> !stream.resource<external>{%c8}
  %a3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make2(%in[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<*>{%c8}
  %a3lo = stream.async.slice on(#hal.device.affinity<@d0>) %a3[%c0 to %c4] : !stream.resource<*>{%c8} -> !stream.resource<*>{%c4}
  %a3hi = stream.async.slice on(#hal.device.affinity<@d0>) %a3[%c4 to %c8] : !stream.resource<*>{%c8} -> !stream.resource<*>{%c4}
  %u3lo = stream.async.update on(#hal.device.affinity<@d0>) %a3lo, %s3[%c0 to %c4] : !stream.resource<*>{%c4} -> %s3 as !stream.resource<external>{%c8}
  %u3 = stream.async.update on(#hal.device.affinity<@d0>) %a3hi, %u3lo[%c4 to %c8] : !stream.resource<*>{%c4} -> %u3lo as !stream.resource<external>{%c8}
  %w3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@inplace(%u3[%c0 to %c8 for %c8]) : (!stream.resource<external>{%c8}) -> %u3{%c8}
  %r3 = stream.async.transfer %a3 : !stream.resource<*>{%c8} -> !stream.resource<external>{%c8}

  %g1e = stream.async.transfer %g1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %d1e = stream.async.transfer %d1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %o0 = stream.tensor.export on(#hal.device.affinity<@d0>) %g1e : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %o1 = stream.tensor.export on(#hal.device.affinity<@d0>) %d1e : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %o2 = stream.tensor.export on(#hal.device.affinity<@d0>) %f2 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %o3 = stream.tensor.export on(#hal.device.affinity<@d0>) %r2 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %o4 = stream.tensor.export on(#hal.device.affinity<@d0>) %w3 : tensor<2xi32> in !stream.resource<external>{%c8} -> !hal.buffer_view
  %o5 = stream.tensor.export on(#hal.device.affinity<@d0>) %r3 : tensor<2xi32> in !stream.resource<external>{%c8} -> !hal.buffer_view
  util.return %o0, %o1, %o2, %o3, %o4, %o5 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
}

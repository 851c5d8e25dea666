// hand repair: ConvertTensorTransientsOp imports the storage for every device whose transient allocations EmplaceTransients places in it (here @d1's copy target and the negf result @d0 then reads, an alloca placed on #hal.device.optimal<[@d0, @d1]> before the pass): the one storage import is on #hal.device.optimal<[@d0, @d1]>, the rest of 3.13's output unchanged.
module {
  util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
  util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
  stream.executable private @main_dispatch_0 {
    stream.executable.export public @main_dispatch_0_elementwise_4_f32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main_dispatch_0_elementwise_4_f32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c64 = arith.constant 64 : index
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c64] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %3 = tensor.empty() : tensor<4xf32>
        %4 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%2 : tensor<4xf32>) outs(%3 : tensor<4xf32>) {
        ^bb0(%in: f32, %out: f32):
          %5 = arith.negf %in : f32
          linalg.yield %5 : f32
        } -> tensor<4xf32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        return
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %input1: !hal.buffer_view {iree.abi.transients = unit}) -> (%output0: tensor<4xf32>)", iree.abi.transients.size = @main_transients_size, iree.abi.transients.size.constant = 128 : index}} {
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c4 = arith.constant 4 : index
    %element_type_f32 = hal.element_type<f32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c4]) type(%element_type_f32) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg0 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
    %buffer = hal.buffer_view.buffer<%arg1 : !hal.buffer_view> : !hal.buffer
    %length = hal.buffer.length<%buffer : !hal.buffer> : index
    %1 = stream.tensor.import on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) %buffer : !hal.buffer -> tensor<?xi8>{%length} in !stream.resource<transient>{%length}
    %2 = stream.cmd.execute on(#hal.device.affinity<@d1>) with(%0 as %arg2: !stream.resource<external>{%c16}, %1 as %arg3: !stream.resource<transient>{%length}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg2[%c0], %arg3[%c64], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%length}
      stream.cmd.dispatch @main_dispatch_0::@main_dispatch_0_elementwise_4_f32 {
        ro %arg3[%c0 for %length] : !stream.resource<transient>{%length},
        wo %arg3[%c0 for %length] : !stream.resource<transient>{%length}
      }
    } => !stream.timepoint
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%2) => !stream.resource<external>{%c16} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%1 as %arg2: !stream.resource<transient>{%length}, %result as %arg3: !stream.resource<external>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d1>) %arg2[%c0 for %c16] : !stream.resource<transient>{%length}
      stream.cmd.copy %arg2[%c0], %arg3[%c0], %c16 : !stream.resource<transient>{%length} -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result : !stream.resource<external>{%c16}
    %5 = stream.tensor.export on(#hal.device.affinity<@d0>) %4 : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %5 : !hal.buffer_view
  }
  util.func public @main_transients_size(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> index {
    %c128 = arith.constant 128 : index
    util.return %c128 : index
  }
}
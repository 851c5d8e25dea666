// hand repair: EmplaceTransients emplaces only the transient allocations whose affinity the storage's covers; here none (the storage is imported on @d0, the allocas are on @d1 and on #hal.device.optimal<[@d0, @d1]>), so they stay queue allocas and the unused import is dropped: 3.13's output for the program without the transients argument, with %arg1 added back to @main's signature.
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
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>
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
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (%output0: tensor<4xf32>)"}} {
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c4 = arith.constant 4 : index
    %element_type_f32 = hal.element_type<f32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c4]) type(%element_type_f32) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg0 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%1) => with(%0 as %arg1: !stream.resource<external>{%c16}, %result as %arg2: !stream.resource<transient>{%c16}, %result_0 as %arg3: !stream.resource<transient>{%c64}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg1[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg1[%c0], %arg3[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c64}
      stream.cmd.dispatch @main_dispatch_0::@main_dispatch_0_elementwise_4_f32 {
        ro %arg3[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg2[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %3 = stream.resource.dealloca on(#hal.device.affinity<@d1>) await(%2) => %result_0 : !stream.resource<transient>{%c64} => !stream.timepoint
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%3) => !stream.resource<external>{%c16} => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%result as %arg1: !stream.resource<transient>{%c16}, %result_2 as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d1>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %5 = stream.resource.dealloca on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%4) => %result : !stream.resource<transient>{%c16} => !stream.timepoint
    %6 = stream.timepoint.await %5 => %result_2 : !stream.resource<external>{%c16}
    %7 = stream.tensor.export on(#hal.device.affinity<@d0>) %6 : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %7 : !hal.buffer_view
  }
}
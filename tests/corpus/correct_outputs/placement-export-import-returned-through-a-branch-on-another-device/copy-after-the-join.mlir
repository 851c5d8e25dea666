// hand repair: ConvertTensorExportOp does not trust the pin when the exported value may be an import of another device: the merged branch result is copied (pushed from @d0) into an allocation placed for @d1 and @d0 before the export, on both paths (a redundant copy on the add path, which is correct).
module {
  util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
  util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
  stream.executable private @main_dispatch_0 {
    stream.executable.export public @main_dispatch_0_elementwise_4_i32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main_dispatch_0_elementwise_4_i32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c-2_i32 = arith.constant -2 : i32
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
        %3 = tensor.empty() : tensor<4xi32>
        %4 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%2 : tensor<4xi32>) outs(%3 : tensor<4xi32>) {
        ^bb0(%in: i32, %out: i32):
          %5 = arith.addi %in, %c-2_i32 : i32
          linalg.yield %5 : i32
        } -> tensor<4xi32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
        return
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %input1: tensor<i32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (%output0: tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>})"}} {
    %c0 = arith.constant 0 : index
    %0 = stream.timepoint.immediate => !stream.timepoint
    %c16 = arith.constant 16 : index
    %c4 = arith.constant 4 : index
    %c0_i32 = arith.constant 0 : i32
    %element_type_i32 = hal.element_type<i32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c4]) type(%element_type_i32) encoding(%dense_row_major)
    %1 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg0 : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%c16}
    hal.buffer_view.assert<%arg1 : !hal.buffer_view> message("input1") shape([]) type(%element_type_i32) encoding(%dense_row_major)
    %2 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg1 : !hal.buffer_view -> tensor<i32> in !stream.resource<external>{%c4}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<staging>{%c4} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%2 as %arg2: !stream.resource<external>{%c4}, %result as %arg3: !stream.resource<staging>{%c4}) {
      stream.cmd.copy %arg2[%c0], %arg3[%c0], %c4 : !stream.resource<external>{%c4} -> !stream.resource<staging>{%c4}
      stream.cmd.flush %arg3[%c0 for %c4] : !stream.resource<staging>{%c4}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result : !stream.resource<staging>{%c4}
    %5 = stream.resource.load %4[%c0] : !stream.resource<staging>{%c4} -> i32
    %6 = arith.cmpi ne, %5, %c0_i32 : i32
    cf.cond_br %6, ^bb1, ^bb2(%1, %0 : !stream.resource<external>, !stream.timepoint)
  ^bb1:  // pred: ^bb0
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) : !stream.resource<external>{%c16} => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%1 as %arg2: !stream.resource<external>{%c16}, %result_0 as %arg3: !stream.resource<external>{%c16}) {
      stream.cmd.dispatch @main_dispatch_0::@main_dispatch_0_elementwise_4_i32 {
        ro %arg2[%c0 for %c16] : !stream.resource<external>{%c16},
        wo %arg3[%c0 for %c16] : !stream.resource<external>{%c16}
      }
    } => !stream.timepoint
    cf.br ^bb2(%result_0, %7 : !stream.resource<external>, !stream.timepoint)
  ^bb2(%8: !stream.resource<external>, %9: !stream.timepoint):  // 2 preds: ^bb0, ^bb1
    %10 = stream.timepoint.await %9 => %8 : !stream.resource<external>{%c16}
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) : !stream.resource<external>{%c16} => !stream.timepoint
    %12 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%10 as %arg2: !stream.resource<external>{%c16}, %result_2 as %arg3: !stream.resource<external>{%c16}) {
      stream.cmd.copy %arg2[%c0], %arg3[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<external>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d1>) %arg3[%c0 for %c16] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %13 = stream.timepoint.await %12 => %result_2 : !stream.resource<external>{%c16}
    %11 = stream.tensor.export on(#hal.device.affinity<@d1>) %13 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %11 : !hal.buffer_view
  }
}
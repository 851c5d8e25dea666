module {
  util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
  util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
  stream.executable private @main_dispatch_0 {
    stream.executable.export public @main_dispatch_0_slow_memcpy workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main_dispatch_0_slow_memcpy(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x2xi32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x4xi32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x2xi32>> -> tensor<2x2xi32>
        iree_tensor_ext.dispatch.tensor.store %2, %1, offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : tensor<2x2xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x4xi32>>
        return
      }
    }
  }
  stream.executable private @main_dispatch_1 {
    stream.executable.export public @main_dispatch_1_slow_memcpy workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main_dispatch_1_slow_memcpy(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x2xi32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x4xi32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [2, 2], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x2xi32>> -> tensor<2x2xi32>
        iree_tensor_ext.dispatch.tensor.store %2, %1, offsets = [0, 2], sizes = [2, 2], strides = [1, 1] : tensor<2x2xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2x4xi32>>
        return
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) -> !hal.buffer_view attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %input1: tensor<2x2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (%output0: tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>})"}} {
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c16 = arith.constant 16 : index
    %c2 = arith.constant 2 : index
    %element_type_i32 = hal.element_type<i32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c2, %c2]) type(%element_type_i32) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg0 : !hal.buffer_view -> tensor<2x2xi32> in !stream.resource<external>{%c16}
    hal.buffer_view.assert<%arg1 : !hal.buffer_view> message("input1") shape([%c2, %c2]) type(%element_type_i32) encoding(%dense_row_major)
    %1 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg1 : !hal.buffer_view -> tensor<2x2xi32> in !stream.resource<external>{%c16}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c32} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<external>{%c32} => !stream.timepoint
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %2 = stream.timepoint.join max(%result_timepoint_1, %result_timepoint_3) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%2) => with(%0 as %arg2: !stream.resource<external>{%c16}, %result as %arg3: !stream.resource<transient>{%c32}, %result_0 as %arg4: !stream.resource<external>{%c32}, %result_2 as %arg5: !stream.resource<transient>{%c64}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg2[%c0], %arg5[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c64}
      stream.cmd.dispatch @main_dispatch_0::@main_dispatch_0_slow_memcpy {
        ro %arg5[%c0 for %c64] : !stream.resource<transient>{%c64},
        rw %arg3[%c0 for %c32] : !stream.resource<transient>{%c32}
      }
      stream.cmd.copy %arg3[%c0], %arg4[%c0], %c32 : !stream.resource<transient>{%c32} -> !stream.resource<external>{%c32}
    } => !stream.timepoint
    %4 = stream.timepoint.join max(%result_timepoint, %3) => !stream.timepoint
    %5 = stream.resource.dealloca on(#hal.device.affinity<@d1>) await(%4) => %result : !stream.resource<transient>{%c32} => !stream.timepoint
    %6 = stream.resource.dealloca on(#hal.device.affinity<@d1>) await(%4) => %result_2 : !stream.resource<transient>{%c64} => !stream.timepoint
    %7 = stream.timepoint.join max(%5, %6) => !stream.timepoint
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized await(%7) => !stream.resource<transient>{%c64} => !stream.timepoint
    %8 = stream.cmd.execute await(%result_timepoint_5) => with(%1 as %arg2: !stream.resource<external>{%c16}, %result_0 as %arg3: !stream.resource<external>{%c32}, %result_4 as %arg4: !stream.resource<transient>{%c64}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg2[%c0], %arg4[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c64}
      stream.cmd.dispatch @main_dispatch_1::@main_dispatch_1_slow_memcpy {
        ro %arg4[%c0 for %c64] : !stream.resource<transient>{%c64},
        rw %arg3[%c0 for %c32] : !stream.resource<external>{%c32}
      }
    } => !stream.timepoint
    %9 = stream.resource.dealloca await(%8) => %result_4 : !stream.resource<transient>{%c64} => !stream.timepoint
    %10 = stream.timepoint.await %9 => %result_0 : !stream.resource<external>{%c32}
    %11 = stream.tensor.export on(#hal.device.affinity<@d1>) %10 : tensor<2x4xi32> in !stream.resource<external>{%c32} -> !hal.buffer_view
    util.return %11 : !hal.buffer_view
  }
}
// iree-compile 3.11.0 --compile-to=stream of an L3 program with an f32 constant: util.buffer.constant
// printed with {alignment = 64 : index}, which 3.13's parser refuses (3.13 prints <alignment = 64>).
module {
  util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
  util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
  util.global private @__constant_tensor_2x4xi32 : !stream.resource<constant>
  util.initializer {
    %c0 = arith.constant 0 : index
    %c0_i64 = arith.constant 0 : i64
    %0 = stream.timepoint.immediate => !stream.timepoint
    %buffer_cst = util.buffer.constant {alignment = 64 : index} : !util.buffer = #util.composite<64xi8, [
    dense<[[2, -6, 0, 6], [-2, 4, -4, 2]]> : tensor<2x4xi32>,
    dense<0> : vector<32xi8>,
]>
    %c64 = arith.constant 64 : index
    %did_map, %result = stream.resource.try_map on(#hal.device.affinity<@d0>) %buffer_cst[%c0] : !util.buffer -> i1, !stream.resource<constant>{%c64}
    cf.cond_br %did_map, ^bb2(%0, %result : !stream.timepoint, !stream.resource<constant>), ^bb1
  ^bb1:  // pred: ^bb0
    %1 = stream.resource.alloc uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<constant>{%c64}
    %file = stream.file.constant on(#hal.device.affinity<@d0>) %buffer_cst[%c0 for %c64] : !util.buffer{%c64} -> !stream.file
    %2 = stream.file.read on(#hal.device.affinity<@d0>) await(%0) => %file[%c0_i64], %1[%c0], %c64 : !stream.file -> !stream.resource<constant>{%c64} => !stream.timepoint
    cf.br ^bb2(%2, %1 : !stream.timepoint, !stream.resource<constant>)
  ^bb2(%3: !stream.timepoint, %4: !stream.resource<constant>):  // 2 preds: ^bb0, ^bb1
    %5 = stream.timepoint.await sync %3 => %4 : !stream.resource<constant>{%c64}
    util.global.store %5, @__constant_tensor_2x4xi32 : !stream.resource<constant>
    util.return
  }
  stream.executable private @main_dispatch_0 {
    stream.executable.export public @main_dispatch_0_elementwise_2x4_i32 workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @main_dispatch_0_elementwise_2x4_i32(%arg0: !stream.binding {stream.alignment = 64 : index}, %arg1: !stream.binding {stream.alignment = 64 : index}) {
        %cst = arith.constant dense<[[-3, -2, -1, 0], [1, 2, 3, -3]]> : tensor<2x4xi32>
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xi32>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4xi32>>
        %2 = iree_tensor_ext.dispatch.tensor.load %0, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<2x4xi32>> -> tensor<2x4xi32>
        %3 = tensor.empty() : tensor<2x4xi32>
        %4 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%2, %cst : tensor<2x4xi32>, tensor<2x4xi32>) outs(%3 : tensor<2x4xi32>) {
        ^bb0(%in: i32, %in_0: i32, %out: i32):
          %5 = arith.addi %in, %in_0 : i32
          linalg.yield %5 : i32
        } -> tensor<2x4xi32>
        iree_tensor_ext.dispatch.tensor.store %4, %1, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : tensor<2x4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2x4xi32>>
        return
      }
    }
  }
  util.func public @main(%arg0: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view) attributes {iree.abi.stub, iree.reflection = {iree.abi.declaration = "sync func @main(%input0: tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}) -> (%output0: tensor<2x4xi32>, %output1: tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}, %output2: tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>})"}} {
    %c32 = arith.constant 32 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %c4_i32 = arith.constant 4 : i32
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c0 = arith.constant 0 : index
    %__constant_tensor_2x4xi32 = util.global.load immutable @__constant_tensor_2x4xi32 : !stream.resource<constant>
    %element_type_i32 = hal.element_type<i32> : i32
    %dense_row_major = hal.encoding_type<dense_row_major> : i32
    hal.buffer_view.assert<%arg0 : !hal.buffer_view> message("input0") shape([%c2, %c4]) type(%element_type_i32) encoding(%dense_row_major)
    %0 = stream.tensor.import on(#hal.device.affinity<@d1>) %arg0 : !hal.buffer_view -> tensor<2x4xi32> in !stream.resource<external>{%c32}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<external>{%c128} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%0 as %arg1: !stream.resource<external>{%c32}, %result as %arg2: !stream.resource<external>{%c128}) {
      stream.cmd.concurrent {
        stream.cmd.dispatch @main_dispatch_0::@main_dispatch_0_elementwise_2x4_i32 {
          ro %arg1[%c0 for %c32] : !stream.resource<external>{%c32},
          wo %arg2[%c0 for %c128] : !stream.resource<external>{%c128}
        }
        stream.cmd.fill %c4_i32, %arg2[%c64 for %c32] : i32 -> !stream.resource<external>{%c128}
      }
    } => !stream.timepoint
    %2 = stream.timepoint.await %1 => %result : !stream.resource<external>{%c128}
    %3 = stream.resource.subview %2[%c64] : !stream.resource<external>{%c128} -> !stream.resource<external>{%c32}
    %4 = stream.resource.subview %2[%c0] : !stream.resource<external>{%c128} -> !stream.resource<external>{%c32}
    %5 = stream.tensor.export on(#hal.device.affinity<@d1>) %3 : tensor<2x4xi32> in !stream.resource<external>{%c32} -> !hal.buffer_view
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c32} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%__constant_tensor_2x4xi32 as %arg1: !stream.resource<constant>{%c64}, %result_0 as %arg2: !stream.resource<external>{%c32}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c32 : !stream.resource<constant>{%c64} -> !stream.resource<external>{%c32}
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_0 : !stream.resource<external>{%c32}
    %8 = stream.tensor.export on(#hal.device.affinity<@d0>) %7 : tensor<2x4xi32> in !stream.resource<external>{%c32} -> !hal.buffer_view
    %9 = stream.tensor.export on(#hal.device.affinity<@d1>) %4 : tensor<2x4xi32> in !stream.resource<external>{%c32} -> !hal.buffer_view
    util.return %9, %5, %8 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
  }
}
// L3 seed 36's program (stream-fuzz run --level l3 --seed 36 on 3.13, as the campaign wrote it, unshrunk):
// %v8 joins three pieces on @d0 and is returned on @d1, so its three slow_memcpy dispatches get
// stream.affinities = [@d0, @d1] and no on(). It compiles: partitioning puts the third in the @d0 execute
// of the last elementwise dispatch, which writes in place the allocation ScheduleAllocation placed on @d1
// for the export (placement-write-5e185e676fc0). Its results are right on local-task devices.
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=2x4xf32=2,-3,3,1,2,-4,-3,-3 \
// RUN:   --expected_output=2x4xf32=12,-18,18,6,12,-24,-18,-18 \
// RUN:   --expected_output=2x12xf32=4,-6,6,2,4,-6,6,2,4,-6,6,2,4,-8,-6,-6,4,-8,-6,-6,4,-8,-6,-6 \
// RUN:   --expected_f32_threshold=1e-05

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<2x4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<2x4xf32> {iree.abi.affinity = #hal.device.affinity<@d1>}, tensor<2x12xf32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %v1 = arith.addf %v0, %v0 : tensor<2x4xf32>
  %v2 = flow.tensor.transfer %v0 : tensor<2x4xf32> to #hal.device.affinity<@d1>
  %v3 = arith.addf %v2, %v2 : tensor<2x4xf32>
  %v4 = flow.tensor.transfer %v3 : tensor<2x4xf32> to #hal.device.affinity<@d0>
  %v5 = arith.addf %v0, %v0 : tensor<2x4xf32>
  %v6 = arith.maximumf %v5, %v4 : tensor<2x4xf32>
  %v7 = flow.tensor.transfer %v3 : tensor<2x4xf32> to #hal.device.affinity<@d0>
  %v8_empty = tensor.empty() : tensor<2x12xf32>
  %v8_part0 = tensor.insert_slice %v6 into %v8_empty[0, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x12xf32>
  %v8_part1 = tensor.insert_slice %v7 into %v8_part0[0, 4] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x12xf32>
  %v8 = tensor.insert_slice %v6 into %v8_part1[0, 8] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<2x12xf32>
  %v9 = arith.maximumf %v1, %v4 : tensor<2x4xf32>
  %v10 = arith.addf %v5, %v9 : tensor<2x4xf32>
  %v11 = flow.tensor.transfer %v3 : tensor<2x4xf32> to #hal.device.affinity<@d0>
  %v12 = arith.addf %v10, %v11 : tensor<2x4xf32>
  return %v12, %v8 : tensor<2x4xf32>, tensor<2x12xf32>
}

// L3 seed 5's program against 3.8.0 (lifetime-before-alloca-fdcd4f6e2890): a tensor.empty() filled by two
// insert_slices of values made on @d1 and @d2, returned on @d3. No host await is chained into any execute;
// the stream phase's execute on @d3 captures the empty tensor's storage without awaiting its alloca.
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d2 = #hal.device.target<"local", {ordinal = 2 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d3 = #hal.device.target<"local", {ordinal = 3 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<4x2xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}) -> (tensor<4x1xi32> {iree.abi.affinity = #hal.device.affinity<@d3>}) {
  %v1 = tensor.extract_slice %v0[2, 0] [2, 1] [1, 1] : tensor<4x2xi32> to tensor<2x1xi32>
  %v2 = arith.addi %v1, %v1 : tensor<2x1xi32>
  %v3 = flow.tensor.transfer %v1 : tensor<2x1xi32> to #hal.device.affinity<@d2>
  %v4 = arith.addi %v3, %v3 : tensor<2x1xi32>
  %v5 = flow.tensor.transfer %v4 : tensor<2x1xi32> to #hal.device.affinity<@d1>
  %v6_empty = tensor.empty() : tensor<4x1xi32>
  %v6_part0 = tensor.insert_slice %v2 into %v6_empty[0, 0] [2, 1] [1, 1] : tensor<2x1xi32> into tensor<4x1xi32>
  %v6 = tensor.insert_slice %v5 into %v6_part0[2, 0] [2, 1] [1, 1] : tensor<2x1xi32> into tensor<4x1xi32>
  return %v6 : tensor<4x1xi32>
}

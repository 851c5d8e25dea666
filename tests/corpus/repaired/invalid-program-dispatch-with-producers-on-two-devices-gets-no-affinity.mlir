// repair: both arguments moved to @d1 with flow.tensor.transfer before the concat, so every producer of the
//   two copies (the moved arguments and the result's tensor.empty) is on @d1 and the dispatches get @d1;
//   the same values are concatenated and returned on @d1, as in the entry

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<2x2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %v1: tensor<2x2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %a0 = flow.tensor.transfer %v0 : tensor<2x2xi32> to #hal.device.affinity<@d1>
  %a1 = flow.tensor.transfer %v1 : tensor<2x2xi32> to #hal.device.affinity<@d1>
  %c = tensor.concat dim(1) %a0, %a1 : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x4xi32>
  return %c : tensor<2x4xi32>
}

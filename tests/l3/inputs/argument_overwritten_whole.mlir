// @main uses %dst in the source, but not once compiled: the insert_slice overwrites all of it.
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%src: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %dst: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<4xf32> {
  %0 = arith.addf %src, %src : tensor<4xf32>
  %1 = tensor.insert_slice %0 into %dst[0] [4] [1] : tensor<4xf32> into tensor<4xf32>
  return %1 : tensor<4xf32>
}

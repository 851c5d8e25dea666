// L3 seed 0's program (placement-export-5db0a7122e8f), its unused argument dropped: an insert_slice into the
// import of @d0, returned on @d1. The stream phase exports the import's own memory on @d1 with no copy.
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<8xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %v2: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<8xf32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %v3 = tensor.insert_slice %v2 into %v0[0] [4] [1] : tensor<4xf32> into tensor<8xf32>
  return %v3 : tensor<8xf32>
}

// repair: the slice %v1 goes through util.optimization_barrier before the insert (an identity on values:
//   the program means the same), so CombineSliceUpdateFromToCopy does not turn slice + update into an
//   overlapping copy within one resource

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<8xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<8xi32> {
  %v1 = tensor.extract_slice %v0[1] [3] [1] : tensor<8xi32> to tensor<3xi32>
  %v1b = util.optimization_barrier %v1 : tensor<3xi32>
  %v2 = tensor.insert_slice %v1b into %v0[2] [3] [1] : tensor<3xi32> into tensor<8xi32>
  return %v2 : tensor<8xi32>
}

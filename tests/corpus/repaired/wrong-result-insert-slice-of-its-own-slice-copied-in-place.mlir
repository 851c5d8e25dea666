// repair: the slice %v1 goes through util.optimization_barrier before the insert (an identity on values:
//   the program means the same), so ConvertTensorToFlow does not clone the extract_slice into the insert's
//   dispatch, whose load and store would overlap in one buffer

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<2x4xi32> {
  %v1 = tensor.extract_slice %v0[0, 1] [2, 2] [1, 1] : tensor<2x4xi32> to tensor<2x2xi32>
  %v1b = util.optimization_barrier %v1 : tensor<2x2xi32>
  %v4 = tensor.insert_slice %v1b into %v0[0, 2] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<2x4xi32>
  return %v4 : tensor<2x4xi32>
}

// A matmul accumulating into an argument (`outs(%acc)`), the argument not consumed: the caller's %acc
// must read back unchanged (IREE #16168's reproducer; its result declared on @d0 so the device is used).
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%lhs: tensor<2x2xf32>, %rhs: tensor<2x2xf32>, %acc: tensor<2x2xf32>) -> (tensor<2x2xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) {
  %r = linalg.matmul ins(%lhs, %rhs : tensor<2x2xf32>, tensor<2x2xf32>) outs(%acc : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r : tensor<2x2xf32>
}

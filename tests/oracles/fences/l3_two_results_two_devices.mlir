// An L3 (frontend) program returning two results made on two devices: the coarse-fences ABI
// (--iree-execution-model=async-external) signals the caller's fence once both are written, the
// synchronous one awaits both before returning.
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%a: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}, tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %b = arith.addf %a, %a : tensor<4xf32>
  %c = flow.tensor.transfer %b : tensor<4xf32> to #hal.device.affinity<@d1>
  %d = arith.mulf %c, %c : tensor<4xf32>
  %e = arith.mulf %b, %a : tensor<4xf32>
  return %e, %d : tensor<4xf32>, tensor<4xf32>
}

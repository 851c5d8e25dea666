// L3's known-good program: an argument on @d0 doubled there, moved to @d1, and added to itself there.
// Input 1,2,3,4 gives 4,8,12,16 on @d1.
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%a: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %b = arith.addf %a, %a : tensor<4xf32>
  %c = flow.tensor.transfer %b : tensor<4xf32> to #hal.device.affinity<@d1>
  %d = arith.addf %c, %c : tensor<4xf32>
  return %d : tensor<4xf32>
}

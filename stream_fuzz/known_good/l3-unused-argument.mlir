// L3's runtime probe: the known-good program with an unused first argument. iree-run-module 3.1-3.8
// segfaults in its VM (iree_vm_bytecode_dispatch) on a function like this; 3.9.0 fixed it.
// Inputs 9,9 and 1,2,3,4 give 4,8,12,16 on @d1.
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%unused: tensor<2xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %a: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %b = arith.addf %a, %a : tensor<4xf32>
  %c = flow.tensor.transfer %b : tensor<4xf32> to #hal.device.affinity<@d1>
  %d = arith.addf %c, %c : tensor<4xf32>
  return %d : tensor<4xf32>
}

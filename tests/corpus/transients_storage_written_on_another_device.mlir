// L3 seed 5's program (placement-write-1d112eb07730, 2026-12-05), as the campaign shrank it: a dynamic
// tensor sent to @d1, negated there and brought back, with an iree.abi.transients !hal.buffer_view. The
// stream phase imports the storage on @d0 and @d1's execute copies into and dispatches into it.
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %transients: !hal.buffer_view {iree.abi.transients}, %a1: tensor<?x2xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<4x2xf32>) {
  %a1_c0 = arith.constant 0 : index
  %a1_dim = tensor.dim %a1, %a1_c0 : tensor<?x2xf32>
  %a1_away = flow.tensor.transfer %a1 : tensor<?x2xf32>{%a1_dim} to #hal.device.affinity<@d1>
  %a1_neg = arith.negf %a1_away : tensor<?x2xf32>
  %a1_back = flow.tensor.transfer %a1_neg : tensor<?x2xf32>{%a1_dim} to #hal.device.affinity<@d0>
  %a1_pos = arith.negf %a1_back : tensor<?x2xf32>
  %v1 = tensor.cast %a1_pos : tensor<?x2xf32> to tensor<4x2xf32>
  %v2 = arith.addf %v1, %v1 : tensor<4x2xf32>
  return %v2 : tensor<4x2xf32>
}

// L3 seed 39's placement-write-e3f1449e993b (2026-12-05), cut down by hand: both results on @d1, one of them
// the input sent to @d0. The transient alloca @d0's copy writes (on(#hal.device.optimal<[@d1, @d0]>) before
// EmplaceTransients) is emplaced in the iree.abi.transients storage imported for @d1.
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%x: tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}, %transients: !hal.buffer {iree.abi.transients}) -> (tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}, tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %a = flow.tensor.transfer %x : tensor<4xi32> to #hal.device.affinity<@d0>
  %n = arith.subi %x, %x : tensor<4xi32>
  return %n, %a : tensor<4xi32>, tensor<4xi32>
}

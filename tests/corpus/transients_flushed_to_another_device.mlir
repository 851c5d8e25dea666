// L3 seed 39's placement-flush-952b66a9a585 (2026-12-05), cut down by hand: results on @d2 and @d1. @d1's
// transient alloca (on(#hal.device.optimal<[@d1, @d2]>) before EmplaceTransients) is emplaced in the
// iree.abi.transients storage imported for @d2, so @d2's execute flushes that storage to @d1, its reader.
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d2 = #hal.device.target<"local", {ordinal = 2 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%x: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d2>}, %transients: !hal.buffer {iree.abi.transients}) -> (tensor<4xf32>, tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %y = arith.addf %x, %x : tensor<4xf32>
  %z = arith.addf %y, %y : tensor<4xf32>
  %t = flow.tensor.transfer %z : tensor<4xf32> to #hal.device.affinity<@d1>
  %u = arith.addf %t, %t : tensor<4xf32>
  %b = flow.tensor.transfer %u : tensor<4xf32> to #hal.device.affinity<@d2>
  %r = arith.addf %b, %z : tensor<4xf32>
  return %r, %u : tensor<4xf32>, tensor<4xf32>
}

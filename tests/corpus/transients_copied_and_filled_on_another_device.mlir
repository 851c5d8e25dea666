// L3 seed 39's placement-write-51b5750e25d0 (2026-12-05, 40 hits), cut down by hand: results on @d2 and
// @d1, an element of the @d2 input read back to branch on. One execute of @d2 copies the element into and
// fills the iree.abi.transients storage imported for @d1 (the "multiple unique storage buffers" error is
// printed and ignored).
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d2 = #hal.device.target<"local", {ordinal = 2 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%x: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d2>}, %transients: !hal.buffer {iree.abi.transients}) -> (tensor<4xf32>, tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %c0 = arith.constant 0 : index
  %e = tensor.extract %x[%c0] : tensor<4xf32>
  %z = arith.constant 0.0 : f32
  %p = arith.cmpf ogt, %e, %z : f32
  %y = scf.if %p -> (tensor<4xf32>) {
    %n = arith.negf %x : tensor<4xf32>
    scf.yield %n : tensor<4xf32>
  } else {
    scf.yield %x : tensor<4xf32>
  }
  %c = arith.constant dense<-2.0> : tensor<4xf32>
  %t = flow.tensor.transfer %c : tensor<4xf32> to #hal.device.affinity<@d2>
  %r = arith.addf %t, %y : tensor<4xf32>
  return %r, %t : tensor<4xf32>, tensor<4xf32>
}

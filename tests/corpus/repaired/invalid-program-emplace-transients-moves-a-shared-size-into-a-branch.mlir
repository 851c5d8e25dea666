// repair: the else branch doubles the concat of %x with itself and keeps the first half, so every transient
//   alloca there is 16 bytes: no slot size is the 8-byte constant the import of %x shares, and the constant
//   EmplaceTransients moves down into the branch has no use above it; the same numbers come back on @d0

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%x: tensor<2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %transients: !hal.buffer_view {iree.abi.transients}) -> (tensor<2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0 : i32
  %x0 = tensor.extract %x[%c0] : tensor<2xi32>
  %p = arith.cmpi sgt, %x0, %zero : i32
  %r = scf.if %p -> (tensor<2xi32>) {
    scf.yield %x : tensor<2xi32>
  } else {
    %xx = tensor.concat dim(0) %x, %x : (tensor<2xi32>, tensor<2xi32>) -> tensor<4xi32>
    %a = flow.tensor.transfer %xx : tensor<4xi32> to #hal.device.affinity<@d1>
    %n = arith.addi %a, %a : tensor<4xi32>
    %b = flow.tensor.transfer %n : tensor<4xi32> to #hal.device.affinity<@d0>
    %s = tensor.extract_slice %b[0] [2] [1] : tensor<4xi32> to tensor<2xi32>
    scf.yield %s : tensor<2xi32>
  }
  return %r : tensor<2xi32>
}

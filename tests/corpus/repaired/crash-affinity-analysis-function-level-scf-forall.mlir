// repair: the same two slices doubled by an scf.for carrying the tensor (extract_slice, addf, insert_slice
//   per iteration) instead of an scf.forall writing its shared output: each iteration reads and writes only
//   its own half, so the loop computes what the forall does; stream conversion converts scf.for

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %v1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %v0) -> (tensor<4xf32>) {
    %off = arith.muli %i, %c2 : index
    %a = tensor.extract_slice %acc[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %r = arith.addf %a, %a : tensor<2xf32>
    %next = tensor.insert_slice %r into %acc[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
    scf.yield %next : tensor<4xf32>
  }
  return %v1 : tensor<4xf32>
}

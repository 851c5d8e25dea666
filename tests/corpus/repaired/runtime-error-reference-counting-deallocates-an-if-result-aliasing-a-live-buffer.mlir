// repair: the scf.if becomes arith.select of its two branch values, computed before it (%v1 or 0 - %v1 by
//   the same condition x[0] * x[0] > 0: the same tensor for every input, the program means the same); with no
//   region, AutomaticReferenceCounting has no if result to take ownership of, and the slab holding the
//   returned value is not deallocated

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<8xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<8xi32> {
  %v1 = arith.muli %v0, %v0 : tensor<8xi32>
  %v2 = arith.addi %v0, %v1 : tensor<8xi32>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %v1[%c0] : tensor<8xi32>
  %c0_i32 = arith.constant 0 : i32
  %p = arith.cmpi sgt, %x, %c0_i32 : i32
  %zeros = arith.constant dense<0> : tensor<8xi32>
  %neg = arith.subi %zeros, %v1 : tensor<8xi32>
  %v3 = arith.select %p, %v1, %neg : tensor<8xi32>
  %v4 = tensor.extract_slice %v3[0] [4] [1] : tensor<8xi32> to tensor<4xi32>
  %v5 = tensor.insert_slice %v4 into %v2[2] [4] [1] : tensor<4xi32> into tensor<8xi32>
  return %v5 : tensor<8xi32>
}

// One device, an add of a constant: nothing a known wrong-result bug needs (tests/corpus/
// test_wrong_result_symptoms.py makes it compute a wrong result with a fault, tests/l3_faults.py).
util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<2x4xi32> {
  %c = arith.constant dense<7> : tensor<2x4xi32>
  %v1 = arith.addi %v0, %c : tensor<2x4xi32>
  return %v1 : tensor<2x4xi32>
}

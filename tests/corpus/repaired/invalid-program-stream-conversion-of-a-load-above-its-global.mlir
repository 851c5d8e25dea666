// repair: the constant passes through a util.optimization_barrier before it is sliced, so the slice is no
//   longer a constant expression: nothing hoists or outlines it into a global next to the function body,
//   and no global load is moved above its global. The barrier returns its operand unchanged, so the
//   function still returns elements 1..2 of [1, 2, 3, 4], with the same function-level affinity.

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main() -> tensor<2xi32> attributes {stream.affinity = #hal.device.affinity<@d0>} {
  %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %b = util.optimization_barrier %c : tensor<4xi32>
  %s = tensor.extract_slice %b[1] [2] [1] : tensor<4xi32> to tensor<2xi32>
  return %s : tensor<2xi32>
}

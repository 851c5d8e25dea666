// repair: without const-eval the hoisted initializer of the transferred constant is not JIT-compiled for
//   the host (the JIT module is where it crashes); the program is the entry's, unchanged, and const-eval
//   only precomputes what it computes
// repair-flags: --iree-opt-const-eval=false

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %t = flow.tensor.transfer %c : tensor<4xf32> to #hal.device.affinity<@d0>
  %r = arith.addf %t, %t : tensor<4xf32>
  return %r : tensor<4xf32>
}

// repair: without HAL memoization the fills are not outlined into a memoize region (the crashing step); the
//   program is the entry's, unchanged, and memoization is only a cache of command buffers
// repair-flags: --iree-hal-memoization=false

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main() -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %d = arith.constant dense<4.0> : tensor<4xf32>
  return %d, %c : tensor<4xf32>, tensor<4xf32>
}

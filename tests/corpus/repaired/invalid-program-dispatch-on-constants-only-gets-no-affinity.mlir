// repair: a default device gives the dispatch the affinity AffinityAnalysis fails to find (its only device,
//   @d0, where its result is exported); the program is the entry's, unchanged
// repair-flags: --iree-hal-default-device=d0

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main() -> (tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) {
  %c = arith.constant dense<-1> : tensor<4xi32>
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %st = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %c) -> (tensor<4xi32>) {
    %n = arith.muli %acc, %c : tensor<4xi32>
    scf.yield %n : tensor<4xi32>
  }
  return %r : tensor<4xi32>
}

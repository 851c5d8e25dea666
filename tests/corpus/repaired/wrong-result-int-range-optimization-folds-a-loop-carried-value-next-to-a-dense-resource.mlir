// repair: the blob written as dense<1> (the same eight ones): the range analysis reads a dense attribute, so the
//   loop keeps its carried value; the program means the same

module attributes {stream.affinity.default = #hal.device.affinity<@d0>} {
  util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
  func.func @main() -> tensor<2x4xi32> {
    %init = arith.constant dense<-2> : tensor<2x4xi32>
    %ones = arith.constant dense<1> : tensor<2x4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %sum = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %init) -> (tensor<2x4xi32>) {
      %next = arith.addi %acc, %ones : tensor<2x4xi32>
      scf.yield %next : tensor<2x4xi32>
    }
    return %sum : tensor<2x4xi32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      ones: "0x040000000100000001000000010000000100000001000000010000000100000001000000"
    }
  }
#-}

// hand repair: the 3.13 output with the load of %1 moved above the store into %1: the load reads word 0 of %1 (7) before the store overwrites it in place. Correct: the values are those of the input (the load 7, the barrier's %2 holds 1 in word 0).
module {
  util.global private @d0 : !hal.device
  util.func public @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1_i32 = arith.constant 1 : i32
    %c7_i32 = arith.constant 7 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
    %1 = stream.async.transfer %0 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
    %3 = stream.async.load %1[%c0] : !stream.resource<staging>{%c16} -> i32
    %2 = stream.async.store %c1_i32, %1[%c0] : i32 -> %1 as !stream.resource<staging>{%c16}
    %4 = util.optimization_barrier %2 : !stream.resource<staging>
    util.return %3 : i32
  }
}


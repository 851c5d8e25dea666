// hand repair: the 3.13 output with the select choosing a clone of %0 instead of %0 (%1 has no other user, so it needs none): the fill writes the clone or %1 in place, never %0. Correct: %0 keeps 7 7 7 7 for the barrier; the fill's result is the selected value with bytes [0, 8) set to 9.
module {
  util.global private @d0 : !hal.device
  util.func public @main(%arg0: i1) -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %c9_i32 = arith.constant 9 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
    %1 = stream.async.splat on(#hal.device.affinity<@d0>) %c9_i32 : i32 -> !stream.resource<*>{%c16}
    %5 = stream.async.clone on(#hal.device.affinity<@d0>) %0 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
    %2 = arith.select %arg0, %5, %1 : !stream.resource<*>
    %3 = stream.async.fill on(#hal.device.affinity<@d0>) %c9_i32, %2[%c0 to %c8 for %c8] : i32 -> %2 as !stream.resource<*>{%c16}
    %4 = util.optimization_barrier %0 : !stream.resource<*>
    util.return %3, %4 : !stream.resource<*>, !stream.resource<*>
  }
}


// hand repair: iree-opt 3.13.0's output of this input with only %2 passed through util.optimization_barrier (an identity: the same program), a single barrier that keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c16}
    %1 = util.optimization_barrier %0 : !stream.resource<*>
    %2 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c16}
    %3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry1(%2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c32}
    %4 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i8, %3[%c0 to %c16 for %c16] : i8 -> %3 as !stream.resource<*>{%c32}
    %5 = stream.async.update on(#hal.device.affinity<@d0>) %1, %4[%c16 to %c32] : !stream.resource<*>{%c16} -> %4 as !stream.resource<*>{%c32}
    %6 = stream.async.update on(#hal.device.affinity<@d0>) %1, %5[%c0 to %c16] : !stream.resource<*>{%c16} -> %5 as !stream.resource<*>{%c32}
    %7 = util.optimization_barrier %6 : !stream.resource<*>
    util.return
  }
}

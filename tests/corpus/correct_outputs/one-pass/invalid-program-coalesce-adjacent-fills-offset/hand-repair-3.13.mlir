// hand repair: iree-opt 3.13.0's output of this input with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
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
    %3 = util.optimization_barrier %2 : !stream.resource<*>
    %4 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c16}
    %5 = util.optimization_barrier %4 : !stream.resource<*>
    %6 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry1(%1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c32}
    %7 = util.optimization_barrier %6 : !stream.resource<*>
    %8 = stream.async.update on(#hal.device.affinity<@d0>) %3, %7[%c0 to %c16] : !stream.resource<*>{%c16} -> %7 as !stream.resource<*>{%c32}
    %9 = util.optimization_barrier %8 : !stream.resource<*>
    %10 = stream.async.update on(#hal.device.affinity<@d0>) %5, %9[%c16 to %c32] : !stream.resource<*>{%c16} -> %9 as !stream.resource<*>{%c32}
    %11 = util.optimization_barrier %10 : !stream.resource<*>
    %12 = stream.async.update on(#hal.device.affinity<@d0>) %5, %11[%c0 to %c16] : !stream.resource<*>{%c16} -> %11 as !stream.resource<*>{%c32}
    %13 = util.optimization_barrier %12 : !stream.resource<*>
    %14 = util.optimization_barrier %13 : !stream.resource<*>
    util.return
  }
}

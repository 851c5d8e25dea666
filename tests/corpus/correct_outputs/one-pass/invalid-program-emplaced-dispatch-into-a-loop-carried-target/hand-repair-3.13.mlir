// hand repair: iree-opt 3.13.0's output of this input with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.func public @update_in_a_loop() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    %1 = util.optimization_barrier %0 : !stream.resource<*>
    %2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%1[%c0 to %c1 for %c1]) : (!stream.resource<*>{%c1}) -> !stream.resource<*>{%c1}
    %3 = util.optimization_barrier %2 : !stream.resource<*>
    %4 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    %5 = util.optimization_barrier %4 : !stream.resource<*>
    %6 = scf.for %arg0 = %c0 to %c1 step %c1 iter_args(%arg1 = %5) -> (!stream.resource<*>) {
      %7 = stream.async.update on(#hal.device.affinity<@d0>) %3, %arg1[%c0 to %c1] : !stream.resource<*>{%c1} -> %arg1 as !stream.resource<*>{%c1}
      %8 = util.optimization_barrier %7 : !stream.resource<*>
      scf.yield %8 : !stream.resource<*>
    }
    util.return
  }
}

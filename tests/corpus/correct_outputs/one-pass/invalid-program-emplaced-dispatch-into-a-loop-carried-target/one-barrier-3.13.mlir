// hand repair: iree-opt 3.13.0's output of this input with only %1 passed through util.optimization_barrier (an identity: the same program), a single barrier that keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.func public @update_in_a_loop() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    %1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%0[%c0 to %c1 for %c1]) : (!stream.resource<*>{%c1}) -> !stream.resource<*>{%c1}
    %2 = util.optimization_barrier %1 : !stream.resource<*>
    %3 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    %4 = scf.for %arg0 = %c0 to %c1 step %c1 iter_args(%arg1 = %3) -> (!stream.resource<*>) {
      %5 = stream.async.update on(#hal.device.affinity<@d0>) %2, %arg1[%c0 to %c1] : !stream.resource<*>{%c1} -> %arg1 as !stream.resource<*>{%c1}
      scf.yield %5 : !stream.resource<*>
    }
    util.return
  }
}

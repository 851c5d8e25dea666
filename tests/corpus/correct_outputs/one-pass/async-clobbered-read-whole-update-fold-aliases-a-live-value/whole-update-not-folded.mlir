// hand repair: the whole-update fold not applied (the input as iree-opt prints it): the loop result stays a clone of %0 made whole by the update, and the fill writes that clone. Correct: the input is valid and means the same.
module {
  util.global private @d0 : !hal.device
  util.func public @raced() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c2}
    %1 = scf.for %arg0 = %c0 to %c1 step %c1 iter_args(%arg1 = %0) -> (!stream.resource<*>) {
      %5 = stream.async.clone on(#hal.device.affinity<@d0>) %arg1 : !stream.resource<*>{%c2} -> !stream.resource<*>{%c2}
      %6 = stream.async.update on(#hal.device.affinity<@d0>) %0, %5[%c0 to %c2] : !stream.resource<*>{%c2} -> %5 as !stream.resource<*>{%c2}
      scf.yield %6 : !stream.resource<*>
    }
    %2 = stream.async.fill on(#hal.device.affinity<@d0>) %c1_i32, %1[%c1 to %c2 for %c1] : i32 -> %1 as !stream.resource<*>{%c2}
    %3 = util.optimization_barrier %2 : !stream.resource<*>
    %4 = util.optimization_barrier %0 : !stream.resource<*>
    util.return
  }
}


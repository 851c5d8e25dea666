// hand repair: the loop folded away as on 3.13, but its result is a clone of %0 (what the loop computed: a copy made whole by the update), and the fill writes the clone in place. Correct: %0 keeps the splat for the last barrier.
module {
  util.global private @d0 : !hal.device
  util.func public @raced() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c2}
    %1 = stream.async.clone on(#hal.device.affinity<@d0>) %0 : !stream.resource<*>{%c2} -> !stream.resource<*>{%c2}
    %2 = stream.async.fill on(#hal.device.affinity<@d0>) %c1_i32, %1[%c1 to %c2 for %c1] : i32 -> %1 as !stream.resource<*>{%c2}
    %4 = util.optimization_barrier %2 : !stream.resource<*>
    %3 = util.optimization_barrier %0 : !stream.resource<*>
    util.return
  }
}


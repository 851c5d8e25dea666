// hand repair: the pass emplaces nothing (its input as iree-opt prints it): @produce makes a fresh result and the update copies it into %0 after @read has read %0. Correct: the input is valid and means the same.
module {
  util.global private @d0 : !hal.device
  util.func public @read_after_emplaced_write() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    %1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%0[%c0 to %c1 for %c1]) : (!stream.resource<*>{%c1}) -> !stream.resource<*>{%c1}
    %2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%0[%c0 to %c1 for %c1]) : (!stream.resource<*>{%c1}) -> !stream.resource<*>{%c1}
    %3 = stream.async.update on(#hal.device.affinity<@d0>) %1, %0[%c0 to %c1] : !stream.resource<*>{%c1} -> %0 as !stream.resource<*>{%c1}
    util.return
  }
}


// hand repair: the folds not applied (the input as iree-opt prints it): the first transfer of each chain copies the value before the in-place write, and the later transfer and @read read that copy. Correct: the input is valid and means the same.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @collapsed_chain_reads_past_write() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i32 = arith.constant 0 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %1 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@write(%0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %0{%c16}
    %2 = stream.async.transfer %1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %3 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@write(%1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %1{%c16}
    %4 = stream.async.transfer %2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
    %5 = util.optimization_barrier %3 : !stream.resource<*>
    %6 = util.optimization_barrier %4 : !stream.resource<*>
    util.return
  }
  util.func public @round_trip_reads_past_write() {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %cst = stream.async.constant on(#hal.device.affinity<@d1>) : !stream.resource<*>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>
    %0 = stream.async.transfer %cst : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %1 = stream.async.fill on(#hal.device.affinity<@d1>) %c7_i32, %cst[%c8 to %c16 for %c8] : i32 -> %cst as !stream.resource<*>{%c16}
    %2 = stream.async.transfer %0 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %3 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@read(%2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    %4 = util.optimization_barrier %1 : !stream.resource<*>
    %5 = util.optimization_barrier %3 : !stream.resource<*>
    util.return
  }
}


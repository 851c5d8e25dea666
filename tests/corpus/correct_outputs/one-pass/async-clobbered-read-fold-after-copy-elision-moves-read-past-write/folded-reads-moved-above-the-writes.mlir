// hand repair: the 3.13 output (both transfer chains folded) with each folded read placed where the chain's first transfer was, above the in-place write: the transfer of %1 to @d2 above the second @write, @read of %cst above the fill. Correct: each reader sees the bytes the input's first transfer copied.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @collapsed_chain_reads_past_write() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i8 : i8 -> !stream.resource<*>{%c16}
    %1 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@write(%0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %0{%c16}
    %3 = stream.async.transfer %1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
    %2 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@write(%1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %1{%c16}
    %4 = util.optimization_barrier %2 : !stream.resource<*>
    %5 = util.optimization_barrier %3 : !stream.resource<*>
    util.return
  }
  util.func public @round_trip_reads_past_write() {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %cst = stream.async.constant on(#hal.device.affinity<@d1>) : !stream.resource<*>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>
    %1 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@read(%cst[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    %0 = stream.async.fill on(#hal.device.affinity<@d1>) %c7_i32, %cst[%c8 to %c16 for %c8] : i32 -> %cst as !stream.resource<*>{%c16}
    %2 = util.optimization_barrier %0 : !stream.resource<*>
    %3 = util.optimization_barrier %1 : !stream.resource<*>
    util.return
  }
}


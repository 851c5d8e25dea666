// PIPELINE: stream
// WHAT: Two zero-length copies at the same offset of one resource land in one concurrent wave.
// They touch no bytes, so there is no race (found as a wave/race false alarm by an L1 campaign).
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v3 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v2 = stream.async.slice on(#hal.device.affinity<@d1>) %v3[%c12 to %c16] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c4}
    %v4 = stream.async.transfer %v2 : !stream.resource<*>{%c4} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c4}
    %v6 = stream.async.slice on(#hal.device.affinity<@d1>) %v4[%c3 to %c4] : !stream.resource<*>{%c4} -> !stream.resource<*>{%c1}
    %v7 = stream.async.transfer %v6 : !stream.resource<*>{%c1} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c1}
    %v8 = stream.async.copy on(#hal.device.affinity<@d1>) %v7[%c0 to %c0], %v6[%c0 to %c0], %c0 : !stream.resource<*>{%c1} -> %v6 as !stream.resource<*>{%c1}
    %v9 = stream.async.copy on(#hal.device.affinity<@d1>) %v8[%c0 to %c0], %v2[%c0 to %c0], %c0 : !stream.resource<*>{%c1} -> %v2 as !stream.resource<*>{%c4}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v9 : !stream.resource<*>
    util.return
  }
}

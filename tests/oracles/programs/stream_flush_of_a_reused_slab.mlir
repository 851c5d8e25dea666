// PIPELINE: stream
// A flush to an optimal target of an @d2 slab that ReuseAllocations later hands to a second @d2 execute:
// nothing on @d3 ever touches it, so the flush is redundant, not misplaced (a false alarm once).
module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c64}
    %v3 = stream.async.transfer on(#hal.device.affinity<@d2>) %v1 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d3>]>) !stream.resource<*>{%c64}
    %v4 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@e1(%v3[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
    %v6 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@e1(%v3[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v6 : !stream.resource<*>
    %v5 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@e2(%v4[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v5 : !stream.resource<*>
    util.return
  }
}

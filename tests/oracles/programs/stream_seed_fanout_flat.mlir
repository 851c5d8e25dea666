// PIPELINE: stream
// WHAT: The seed bug's fan-out (#19891) as flat async IR: @d3 computes a value and each of @d0, @d1, @d2
// consumes its own transfer of it. The transfers carry no on(): each runs on its destination (a pull), so
// the value @d3 produced is read by three other devices and must be allocated where all of them can use it.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.global private @d3 : !hal.device
util.func public @fanout() -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1_i32 = arith.constant 1 : i32
  %s = stream.async.splat on(#hal.device.affinity<@d3>) %c1_i32 : i32 -> !stream.resource<*>{%c64}
  %d = stream.async.dispatch on(#hal.device.affinity<@d3>) @ex::@compute(%s[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
  %x0 = stream.async.transfer %d : !stream.resource<*>{%c64} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c64}
  %x1 = stream.async.transfer %d : !stream.resource<*>{%c64} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c64}
  %x2 = stream.async.transfer %d : !stream.resource<*>{%c64} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c64}
  %y0 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@consume0(%x0[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
  %y1 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@consume1(%x1[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
  %y2 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@consume2(%x2[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
  %b0 = util.optimization_barrier %y0 : !stream.resource<*>
  %b1 = util.optimization_barrier %y1 : !stream.resource<*>
  %b2 = util.optimization_barrier %y2 : !stream.resource<*>
  util.return %b0, %b1, %b2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

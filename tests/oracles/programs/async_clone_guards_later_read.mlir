// PIPELINE: stream
// A fill in place of %a while %a is still read later: copy-on-write clones %a for the fill, and the clone
// stays (the dispatch @f reads %a after the fill). %a comes from a dispatch that reads an operand, so no
// pass re-creates it (an operandless one would be re-dispatched and CSE merges the two: a compiler bug).
util.global private @d0 : !hal.device
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %z = stream.async.splat on(#hal.device.affinity<@d0>) %c5_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make(%z[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %b = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %a[%c0 to %c8 for %c8] : i32 -> %a as !stream.resource<*>{%c16}
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %b : !stream.resource<*>
  util.optimization_barrier %d : !stream.resource<*>
  util.return
}

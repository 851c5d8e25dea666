// PIPELINE: stream
// WHAT: Resources crossing a private function call: the caller computes on
// @d0 and transfers to @d1; the callee (util.func private) dispatches on @d1
// and returns; the caller exports the callee's result on @d1.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func private @callee(%x: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %y = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@fb(%x[%c0 to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  util.return %y : !stream.resource<*>
}
util.func public @caller() -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fa(%s[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %x = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %y = util.call @callee(%x, %c16) : (!stream.resource<*>, index) -> !stream.resource<*>
  %e = stream.async.transfer %y : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
  %v = stream.tensor.export on(#hal.device.affinity<@d1>) %e : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

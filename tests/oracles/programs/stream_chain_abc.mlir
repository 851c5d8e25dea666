// PIPELINE: stream
// WHAT: Chain A->B->C at the async level: splat+dispatch on @d0, transfer to
// @d1, dispatch there, transfer to @d2, dispatch there, export on @d2. Each
// transfer target must be usable by the next device; the export pins the
// final value to @d2.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @chain(%n: index) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fa(%s[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %ab = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %b = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@fb(%ab[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %bc = stream.async.transfer %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
  %c = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@fc(%bc[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %cx = stream.async.transfer %c : !stream.resource<*>{%c16} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d2>) !stream.resource<external>{%c16}
  %v = stream.tensor.export on(#hal.device.affinity<@d2>) %cx : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

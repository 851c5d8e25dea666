// PIPELINE: stream
// WHAT: Module with stream.topology declaring @d0 <-> @d1 unified memory and
// @d0 -> @d2 with no sharing. ElideAsyncCopies removes the @d0 -> @d1
// transfer (so @d1 legitimately reads @d0-produced memory with no copy or
// flush), but must keep the @d0 -> @d2 transfer.
module @topo attributes {
  stream.topology = #hal.device.topology<links = [
    (@d0 -> @d1 = {unified_memory = true}),
    (@d1 -> @d0 = {unified_memory = true}),
    (@d0 -> @d2 = {})
  ]>
} {
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @topo() -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fa(%s[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %a1 = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %a2 = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
  %b1 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f1(%a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<external>{%c16}
  %b2 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@f2(%a2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<external>{%c16}
  %v1 = stream.tensor.export on(#hal.device.affinity<@d1>) %b1 : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %v2 = stream.tensor.export on(#hal.device.affinity<@d2>) %b2 : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v1, %v2 : !hal.buffer_view, !hal.buffer_view
}
}

// PIPELINE: stream
// WHAT: Import on @d0, round trip @d0 -> @d1 -> @d0 with a dispatch on each
// side, export on @d0. The import pins its buffer to @d0; the only
// compiler-made allocations are the transfer targets and dispatch results.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @roundtrip(%h: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %in = stream.tensor.import on(#hal.device.affinity<@d0>) %h : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fa(%in[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<*>{%c16}
  %a1 = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %b = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@fb(%a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %b0 = stream.async.transfer %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %c = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fc(%b0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<external>{%c16}
  %v = stream.tensor.export on(#hal.device.affinity<@d0>) %c : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

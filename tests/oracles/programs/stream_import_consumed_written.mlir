// PIPELINE: stream
// WHAT: Two imports on @d0: one consumed (`consume`: the program owns the buffer) and filled in place,
// one borrowed and only read by a dispatch on @d1. Copy-on-write leaves the fill on the consumed import
// (its only use), which is the program's to write; the borrowed one is never written.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @owned_and_borrowed(%h0: !hal.buffer_view, %h1: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %owned = stream.tensor.import on(#hal.device.affinity<@d0>) consume %h0 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
  %borrowed = stream.tensor.import on(#hal.device.affinity<@d0>) %h1 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
  %filled = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %owned[%c0 to %c8 for %c8] : i32 -> %owned as !stream.resource<external>{%c16}
  %moved = stream.async.transfer %borrowed : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %read = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f(%moved[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %back = stream.async.transfer %read : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %v0 = stream.tensor.export on(#hal.device.affinity<@d0>) %filled : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %v1 = stream.tensor.export on(#hal.device.affinity<@d0>) %back : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v0, %v1 : !hal.buffer_view, !hal.buffer_view
}

// PIPELINE: stream
// WHAT: What ConvertToStream makes of a frontend program (L3, 2026-12-04): an input imported on @d1 is
// transferred to @d1 and updated in place there, and the update is returned on @d0. The export pins the
// tied chain back to the transfer's result (Analysis/Affinity.cpp populatePinnedAffinities), so the d1
// consumers get a transfer from(@d0); once ElideAsyncCopies drops the clone, that transfer pulls the @d1
// import with an invalidate from(@d0), a device that never writes it: redundant, not a misplacement.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main(%h: !hal.buffer_view) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %c16 = arith.constant 16 : index
  %in = stream.tensor.import on(#hal.device.affinity<@d1>) %h : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%c16}
  %any = stream.async.cast on(#hal.device.affinity<@d1>) %in : !stream.resource<external>{%c16} -> !stream.resource<*>{%c16}
  %copy = stream.async.clone on(#hal.device.affinity<@d1>) %any : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
  %pulled = stream.async.transfer %copy : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %sum = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@add(%any[%c0 to %c16 for %c16], %pulled[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c8}
  %updated = stream.async.update on(#hal.device.affinity<@d1>) %sum, %pulled[%c4 to %c12] : !stream.resource<*>{%c8} -> %pulled as !stream.resource<*>{%c16}
  %out = stream.async.cast on(#hal.device.affinity<@d0>) %updated : !stream.resource<*>{%c16} -> !stream.resource<external>{%c16}
  %v = stream.tensor.export on(#hal.device.affinity<@d0>) %out : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

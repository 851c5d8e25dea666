// PIPELINE: stream
// WHAT: Weights and a host round trip: a named parameter loaded on @d0 and sent to @d1, and a value of
// @d0 read back to the host through a staging resource (a word loaded, another stored in place) and sent
// on to @d1, where both are dispatched on.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() -> !hal.buffer_view {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c60 = arith.constant 60 : index
  %c64 = arith.constant 64 : index
  %c7_i32 = arith.constant 7 : i32
  %scope = util.buffer.constant : !util.buffer = "model"
  %key = util.buffer.constant : !util.buffer = "w0"
  %w, %tp = stream.async.parameter.load on(#hal.device.affinity<@d0>) %scope::%key[%c0_i64] : !stream.resource<constant>{%c64} => !stream.timepoint
  %wr = stream.timepoint.await %tp => %w : !stream.resource<constant>{%c64}
  %wx = stream.async.transfer %wr : !stream.resource<constant>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c64}
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c64}
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fa(%s[%c0 to %c64 for %c64], %wr[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}, !stream.resource<constant>{%c64}) -> !stream.resource<*>{%c64}
  %st = stream.async.transfer %a : !stream.resource<*>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c64}
  %word = stream.async.load %st[%c0] : !stream.resource<staging>{%c64} -> i32
  %st2 = stream.async.store %word, %st[%c60] : i32 -> %st as !stream.resource<staging>{%c64}
  %x = stream.async.transfer %st2 : !stream.resource<staging>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c64}
  %y = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f(%x[%c0 to %c64 for %c64], %wx[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}, !stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
  %e = stream.async.transfer %y : !stream.resource<*>{%c64} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c64}
  %v = stream.tensor.export on(#hal.device.affinity<@d1>) %e : tensor<16xf32> in !stream.resource<external>{%c64} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

// PIPELINE: stream
// WHAT: Flat async program: @d0 computes, fans out to @d1 and @d2 (each
// dispatches), both results come back to @d0 (fan-in) where one dispatch
// combines them; exported on @d0. Scheduling decides where transfers run.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @fanout_fanin() -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fa(%s[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %a1 = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %a2 = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
  %b1 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f1(%a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %b2 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@f2(%a2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %r1 = stream.async.transfer %b1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %r2 = stream.async.transfer %b2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %c = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fc(%r1[%c0 to %c16 for %c16], %r2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %cx = stream.async.transfer %c : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %v = stream.tensor.export on(#hal.device.affinity<@d0>) %cx : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

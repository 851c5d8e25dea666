// PIPELINE: stream
// WHAT: Tensor parallel over two devices, the shape of the seed's TP4 model: @d0 makes a value and sends
// it to @d1; each device all-gathers its copy over its own channel into a fresh buffer, and @d1 then
// all-reduces in place into %b, which a dispatch still reads afterwards (copy-on-write clones %b first).
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  %ch0 = stream.channel.create on(#hal.device.affinity<@d0>) rank(%c0) count(%c2) : !stream.channel
  %ch1 = stream.channel.create on(#hal.device.affinity<@d1>) rank(%c1) count(%c2) : !stream.channel
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fa(%s[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %x = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %r0 = stream.async.alloca on(#hal.device.affinity<@d0>) : !stream.resource<*>{%c32}
  %g0 = stream.async.collective<all_gather : f32>[%c4] on(#hal.device.affinity<@d0>) channel(%ch0) %a[%c0 to %c16 for %c16], %r0[%c0 to %c32 for %c32] : !stream.resource<*>{%c16} -> %r0 as !stream.resource<*>{%c32}
  %r1 = stream.async.alloca on(#hal.device.affinity<@d1>) : !stream.resource<*>{%c32}
  %g1 = stream.async.collective<all_gather : f32>[%c4] on(#hal.device.affinity<@d1>) channel(%ch1) %x[%c0 to %c16 for %c16], %r1[%c0 to %c32 for %c32] : !stream.resource<*>{%c16} -> %r1 as !stream.resource<*>{%c32}
  %b = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@fb(%g1[%c0 to %c32 for %c32]) : (!stream.resource<*>{%c32}) -> !stream.resource<*>{%c32}
  %y = stream.async.collective<all_reduce with sum : f32>[%c4] on(#hal.device.affinity<@d1>) channel(%ch1) %x[%c0 to %c16 for %c16], %b[%c0 to %c32 for %c32] : !stream.resource<*>{%c16} -> %b as !stream.resource<*>{%c32}
  %z = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@fc(%b[%c0 to %c32 for %c32], %y[%c0 to %c32 for %c32]) : (!stream.resource<*>{%c32}, !stream.resource<*>{%c32}) -> !stream.resource<*>{%c32}
  %e0 = stream.async.transfer %g0 : !stream.resource<*>{%c32} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c32}
  %e1 = stream.async.transfer %z : !stream.resource<*>{%c32} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c32}
  %v0 = stream.tensor.export on(#hal.device.affinity<@d0>) %e0 : tensor<8xf32> in !stream.resource<external>{%c32} -> !hal.buffer_view
  %v1 = stream.tensor.export on(#hal.device.affinity<@d1>) %e1 : tensor<8xf32> in !stream.resource<external>{%c32} -> !hal.buffer_view
  util.return %v0, %v1 : !hal.buffer_view, !hal.buffer_view
}

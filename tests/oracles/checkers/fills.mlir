// Two devices: a partial fill on each, moved between them, exported. Every range within its resource.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @fills() -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  %c5_i32 = arith.constant 5 : i32
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c32}
  %f = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %s[%c0 to %c16 for %c16] : i32 -> %s as !stream.resource<*>{%c32}
  %x = stream.async.transfer %f : !stream.resource<*>{%c32} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c32}
  %g = stream.async.fill on(#hal.device.affinity<@d1>) %c1_i32, %x[%c4 to %c8 for %c4] : i32 -> %x as !stream.resource<*>{%c32}
  %e = stream.async.transfer %g : !stream.resource<*>{%c32} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c32}
  %v = stream.tensor.export on(#hal.device.affinity<@d1>) %e : tensor<8xf32> in !stream.resource<external>{%c32} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

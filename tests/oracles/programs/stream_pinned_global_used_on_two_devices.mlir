// PIPELINE: stream
// WHAT: An immutable global with an initial value, made on @d0 by its
// initializer: a dispatch on @d0 reads it where it lives, and @d1 gets it by a
// transfer first. Nothing on @d1 may read the global's memory itself.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @g0 : !stream.resource<constant>
util.initializer {
  %g0_init = stream.tensor.constant on(#hal.device.affinity<@d0>) : tensor<16xi8> in !stream.resource<constant> = dense<3> : tensor<16xi8>
  util.global.store %g0_init, @g0 : !stream.resource<constant>
  util.return
}
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %g = util.global.load @g0 : !stream.resource<constant>
  %g_size = stream.resource.size %g : !stream.resource<constant>
  %a = stream.async.transfer %g : !stream.resource<constant>{%g_size} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %x = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fa(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %b = stream.async.transfer %g : !stream.resource<constant>{%g_size} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %y = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@fb(%b[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %x1 = util.optimization_barrier %x : !stream.resource<*>
  %y1 = util.optimization_barrier %y : !stream.resource<*>
  util.return
}

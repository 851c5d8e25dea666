// PIPELINE: stream
// An await the canonicalizer sinks below an in-place fill of one of its values, whose result nobody uses:
// no read (a correct program; the clobber check once flagged it).
util.global private @d0 : !hal.device
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c1234_i32 = arith.constant 1234 : i32
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v2 = stream.async.fill on(#hal.device.affinity<@d0>) %c1234_i32, %v1[%c0 to %c8 for %c8] : i32 -> %v1 as !stream.resource<*>{%c16}
  %v3 = stream.async.transfer %v2 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %v7, %v8 = scf.for %i = %c0 to %c2 step %c1 iter_args(%v4 = %v2, %v5 = %v3) -> (!stream.resource<*>, !stream.resource<*>) {
    %v6 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    scf.yield %v6, %v6 : !stream.resource<*>, !stream.resource<*>
  }
  %v15 = stream.async.fill on(#hal.device.affinity<@d0>) %c1234_i32, %v2[%c0 to %c8 for %c8] : i32 -> %v2 as !stream.resource<*>{%c16}
  util.optimization_barrier %v3 : !stream.resource<*>
  util.optimization_barrier %v8 : !stream.resource<*>
  util.optimization_barrier %v15 : !stream.resource<*>
  util.return
}

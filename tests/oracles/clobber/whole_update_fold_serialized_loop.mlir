// A known compiler bug (corpus/async-clobbered-read-whole-update-fold-aliases-a-live-value.mlir, the loop
// case) whose output is serialized: the canonicalize after copy-on-write folds the whole update in the loop,
// so the fill writes %a while @f still reads it. No cmd-level rule can see it; the midway check does.
util.global private @d0 : !hal.device
util.func public @serialized() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %v0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %v0[%c0 to %c8 for %c8] : i32 -> %v0 as !stream.resource<*>{%c16}
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (!stream.resource<*>) {
    %u = stream.async.update on(#hal.device.affinity<@d0>) %a, %x[%c0 to %c16] : !stream.resource<*>{%c16} -> %x as !stream.resource<*>{%c16}
    scf.yield %u : !stream.resource<*>
  }
  %f = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %r[%c0 to %c8 for %c8] : i32 -> %r as !stream.resource<*>{%c16}
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %f : !stream.resource<*>
  util.optimization_barrier %d : !stream.resource<*>
  util.return
}

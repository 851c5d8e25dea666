// PIPELINE: stream
// %a is filled in place in one branch and read in the other: the compiler elides the copy-on-write clone,
// rightly, since the branches never both run.
util.global private @d0 : !hal.device
util.func public @main(%cond: i1) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %z = stream.async.splat on(#hal.device.affinity<@d0>) %c5_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make(%z[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %r = scf.if %cond -> !stream.resource<*> {
    %b = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %a[%c0 to %c8 for %c8] : i32 -> %a as !stream.resource<*>{%c16}
    scf.yield %b : !stream.resource<*>
  } else {
    %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    scf.yield %d : !stream.resource<*>
  }
  util.optimization_barrier %r : !stream.resource<*>
  util.return
}

// PIPELINE: allocation
// WHAT: A loop of 3 trips (kept as scf.for: allocation alone does not lower it) carries a value made on
// @d2; an execute on @d1 reads the loop's result. The init only ever reaches the body (0 < 3), so it
// may stay on @d2; the body's value is what @d1 reads.
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @loop3(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %a, %ta = stream.async.execute on(#hal.device.affinity<@d2>) await(%await) => with() -> !stream.resource<transient>{%c16} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c16}
    stream.yield %s : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %r, %tr = scf.for %i = %c0 to %c3 step %c1 iter_args(%v = %a, %t = %ta) -> (!stream.resource<transient>, !stream.timepoint) {
    %b, %tb = stream.async.execute on(#hal.device.affinity<@d2>) await(%t) => with(%v as %vv: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
      %d = stream.async.dispatch @ex::@f(%vv[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
      stream.yield %d : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    scf.yield %b, %tb : !stream.resource<transient>, !stream.timepoint
  }
  %c, %tc = stream.async.execute on(#hal.device.affinity<@d1>) await(%tr) => with(%r as %rr: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@g(%rr[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.return %c, %tc : !stream.resource<transient>, !stream.timepoint
}

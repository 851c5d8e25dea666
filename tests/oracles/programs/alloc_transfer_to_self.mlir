// PIPELINE: allocation
// WHAT: Transfers whose destination is the executing device (@d0 -> @d0, and
// one with no from(...)): a plain copy, no flush/invalidate expected, result
// consumed by a later @d0 execute. Also one staging-lifetime transfer, which
// always gets a flush (isStaging rule) even on the same device.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @to_self(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with() -> (!stream.resource<transient>{%c16}, !stream.resource<staging>{%c16}) {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %s : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<transient>{%c16}
    %y = stream.async.transfer %s : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
    stream.yield %x, %y : !stream.resource<transient>{%c16}, !stream.resource<staging>{%c16}
  } => !stream.timepoint
  %c, %tc = stream.async.execute on(#hal.device.affinity<@d0>) await(%t) => with(%r#0 as %a: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@use(%a[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %st = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %r#1 : !stream.resource<staging>
  util.return %c, %tc : !stream.resource<transient>, !stream.timepoint
}

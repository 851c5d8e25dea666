// PIPELINE: allocation
// WHAT: A transfer @d0 -> @d1 inside a wave whose result is both read by a
// later @d0 dispatch in the same execute and yielded out to an @d1 execute.
// The target is written and read on @d0 and read on @d1: its allocation must
// cover both (optimal<[d0, d1]> or equivalent).
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.global private @d3 : !hal.device
util.func public @in_and_out(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with() -> (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %w:1 = stream.async.concurrent with(%s as %ss: !stream.resource<transient>{%c16}) -> (!stream.resource<transient>{%c16}) {
      %x = stream.async.transfer %ss : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c16}
      stream.yield %x : !stream.resource<transient>{%c16}
    }
    %local = stream.async.dispatch @ex::@local(%w#0[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %w#0, %local : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %o, %t1 = stream.async.execute on(#hal.device.affinity<@d1>) await(%t) => with(%r#0 as %a: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@u1(%a[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %o2, %t2 = stream.async.execute on(#hal.device.affinity<@d0>) await(%t) => with(%r#1 as %a: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@u0(%a[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %j = stream.timepoint.join max(%t1, %t2) => !stream.timepoint
  util.return %o, %o2, %j : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}

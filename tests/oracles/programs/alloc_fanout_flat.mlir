// PIPELINE: allocation
// WHAT: Fan-out without a concurrent wave: execute on @d0 produces a value and
// transfers it to @d1 and @d2 serially; each destination consumes its copy in
// its own execute. Targets must be allocated for their destination (plus @d0
// as the writer) and flushed to it.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @fanout_flat(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c7_i32 = arith.constant 7 : i32
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with() -> (!stream.resource<transient>{%c32}, !stream.resource<transient>{%c32}) {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c32}
    %d = stream.async.dispatch @ex::@produce(%s[%c0 to %c32 for %c32]) : (!stream.resource<transient>{%c32}) -> !stream.resource<transient>{%c32}
    %x1 = stream.async.transfer %d : !stream.resource<transient>{%c32} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c32}
    %x2 = stream.async.transfer %d : !stream.resource<transient>{%c32} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<transient>{%c32}
    stream.yield %x1, %x2 : !stream.resource<transient>{%c32}, !stream.resource<transient>{%c32}
  } => !stream.timepoint
  %o1, %t1 = stream.async.execute on(#hal.device.affinity<@d1>) await(%t) => with(%r#0 as %a: !stream.resource<transient>{%c32}) -> !stream.resource<transient>{%c32} {
    %y = stream.async.dispatch @ex::@use1(%a[%c0 to %c32 for %c32]) : (!stream.resource<transient>{%c32}) -> !stream.resource<transient>{%c32}
    stream.yield %y : !stream.resource<transient>{%c32}
  } => !stream.timepoint
  %o2, %t2 = stream.async.execute on(#hal.device.affinity<@d2>) await(%t) => with(%r#1 as %a: !stream.resource<transient>{%c32}) -> !stream.resource<transient>{%c32} {
    %y = stream.async.dispatch @ex::@use2(%a[%c0 to %c32 for %c32]) : (!stream.resource<transient>{%c32}) -> !stream.resource<transient>{%c32}
    stream.yield %y : !stream.resource<transient>{%c32}
  } => !stream.timepoint
  %j = stream.timepoint.join max(%t1, %t2) => !stream.timepoint
  util.return %o1, %o2, %j : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}

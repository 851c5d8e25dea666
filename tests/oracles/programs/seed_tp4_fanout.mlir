// PIPELINE: allocation
// WHAT: Rebuild of bug #19891: device 3 computes a dispatch, then in one
// stream.async.concurrent wave transfers the result to devices 0, 1 and 2;
// each of those devices consumes its copy in its own execute. Before PR
// #19872 all three transfer targets were allocated on @d3 (the executing
// device) instead of on their destinations.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.global private @d3 : !hal.device
util.func public @seed_tp4_fanout(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1_i32 = arith.constant 1 : i32
  %r:3, %t3 = stream.async.execute on(#hal.device.affinity<@d3>) await(%await) => with() -> (!stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}) {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c64}
    %d = stream.async.dispatch @ex::@compute(%s[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
    %w:3 = stream.async.concurrent with(%d as %dd: !stream.resource<transient>{%c64}) -> (!stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}) {
      %x0 = stream.async.transfer %dd : !stream.resource<transient>{%c64} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d0>) !stream.resource<transient>{%c64}
      %x1 = stream.async.transfer %dd : !stream.resource<transient>{%c64} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c64}
      %x2 = stream.async.transfer %dd : !stream.resource<transient>{%c64} from(#hal.device.affinity<@d3>) -> to(#hal.device.affinity<@d2>) !stream.resource<transient>{%c64}
      stream.yield %x0, %x1, %x2 : !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}
    }
    stream.yield %w#0, %w#1, %w#2 : !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}, !stream.resource<transient>{%c64}
  } => !stream.timepoint
  %o0, %t0 = stream.async.execute on(#hal.device.affinity<@d0>) await(%t3) => with(%r#0 as %a: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
    %y = stream.async.dispatch @ex::@consume0(%a[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
    stream.yield %y : !stream.resource<transient>{%c64}
  } => !stream.timepoint
  %o1, %t1 = stream.async.execute on(#hal.device.affinity<@d1>) await(%t3) => with(%r#1 as %a: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
    %y = stream.async.dispatch @ex::@consume1(%a[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
    stream.yield %y : !stream.resource<transient>{%c64}
  } => !stream.timepoint
  %o2, %t2 = stream.async.execute on(#hal.device.affinity<@d2>) await(%t3) => with(%r#2 as %a: !stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64} {
    %y = stream.async.dispatch @ex::@consume2(%a[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c64}
    stream.yield %y : !stream.resource<transient>{%c64}
  } => !stream.timepoint
  %j = stream.timepoint.join max(%t0, %t1, %t2) => !stream.timepoint
  %b0 = util.optimization_barrier %o0 : !stream.resource<transient>
  %b1 = util.optimization_barrier %o1 : !stream.resource<transient>
  %b2 = util.optimization_barrier %o2 : !stream.resource<transient>
  util.return %b0, %b1, %b2, %j : !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}

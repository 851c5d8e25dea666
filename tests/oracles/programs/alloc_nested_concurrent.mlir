// PIPELINE: allocation
// WHAT: Transfers buried 4 waves deep (concurrent in concurrent in concurrent
// in concurrent) inside an execute on @d0, to @d1, @d2 and @d3, plus a local
// dispatch at depth 2. findLocalValueAffinity must walk every wave's yield to
// reach the transfer; each destination consumes its copy in its own execute.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.global private @d3 : !hal.device
util.func public @nested(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %r:3, %t = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with() -> (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %w1:3 = stream.async.concurrent with(%s as %s1: !stream.resource<transient>{%c16}) -> (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) {
      %x1 = stream.async.transfer %s1 : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c16}
      %w2:2 = stream.async.concurrent with(%s1 as %s2: !stream.resource<transient>{%c16}) -> (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) {
        %loc = stream.async.dispatch @ex::@local(%s2[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
        %w3:1 = stream.async.concurrent with(%s2 as %s3: !stream.resource<transient>{%c16}) -> (!stream.resource<transient>{%c16}) {
          %w4:1 = stream.async.concurrent with(%s3 as %s4: !stream.resource<transient>{%c16}) -> (!stream.resource<transient>{%c16}) {
            %x3 = stream.async.transfer %s4 : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d3>) !stream.resource<transient>{%c16}
            stream.yield %x3 : !stream.resource<transient>{%c16}
          }
          stream.yield %w4#0 : !stream.resource<transient>{%c16}
        }
        %x2 = stream.async.transfer %s2 : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<transient>{%c16}
        stream.yield %x2, %w3#0 : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}
      }
      stream.yield %x1, %w2#0, %w2#1 : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}
    }
    stream.yield %w1#0, %w1#1, %w1#2 : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %o1, %t1 = stream.async.execute on(#hal.device.affinity<@d1>) await(%t) => with(%r#0 as %a: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@u1(%a[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %o2, %t2 = stream.async.execute on(#hal.device.affinity<@d2>) await(%t) => with(%r#1 as %a: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@u2(%a[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %o3, %t3 = stream.async.execute on(#hal.device.affinity<@d3>) await(%t) => with(%r#2 as %a: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@u3(%a[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %j = stream.timepoint.join max(%t1, %t2, %t3) => !stream.timepoint
  util.return %o1, %o2, %o3, %j : !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}

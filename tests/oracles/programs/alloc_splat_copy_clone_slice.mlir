// PIPELINE: allocation
// WHAT: Value-producing copy-like ops on @d0 (splat, clone, slice, copy into a
// second splat) whose results are then transferred to @d1 and @d2 in one wave
// and consumed there. Exercises transfer sources that are subranges of the
// local transient slab.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @ops(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %r:2, %t = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with() -> (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c32}) {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c32}
    %cl = stream.async.clone %s : !stream.resource<transient>{%c32} -> !stream.resource<transient>{%c32}
    %sl = stream.async.slice %cl[%c8 to %c32] : !stream.resource<transient>{%c32} -> !stream.resource<transient>{%c16}
    %t2 = stream.async.splat %c2_i32 : i32 -> !stream.resource<transient>{%c32}
    %cp = stream.async.copy %sl[%c0 to %c16], %t2[%c0 to %c16], %c16 : !stream.resource<transient>{%c16} -> %t2 as !stream.resource<transient>{%c32}
    %w:2 = stream.async.concurrent with(%sl as %a: !stream.resource<transient>{%c16}, %cp as %b: !stream.resource<transient>{%c32}) -> (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c32}) {
      %x1 = stream.async.transfer %a : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c16}
      %x2 = stream.async.transfer %b : !stream.resource<transient>{%c32} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<transient>{%c32}
      stream.yield %x1, %x2 : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c32}
    }
    stream.yield %w#0, %w#1 : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c32}
  } => !stream.timepoint
  %o1, %t1 = stream.async.execute on(#hal.device.affinity<@d1>) await(%t) => with(%r#0 as %a: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@u1(%a[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %o2, %t2 = stream.async.execute on(#hal.device.affinity<@d2>) await(%t) => with(%r#1 as %a: !stream.resource<transient>{%c32}) -> !stream.resource<transient>{%c32} {
    %y = stream.async.dispatch @ex::@u2(%a[%c0 to %c32 for %c32]) : (!stream.resource<transient>{%c32}) -> !stream.resource<transient>{%c32}
    stream.yield %y : !stream.resource<transient>{%c32}
  } => !stream.timepoint
  %j = stream.timepoint.join max(%t1, %t2) => !stream.timepoint
  util.return %o1, %o2, %j : !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
}

// PIPELINE: allocation
// WHAT: Fan-in: @d0 and @d1 each compute a value and push it to @d2 from their
// own execute (flush to @d2); @d2 combines both in one dispatch.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @fanin(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %a, %ta = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with() -> !stream.resource<transient>{%c16} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %d = stream.async.dispatch @ex::@fa(%s[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %d : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<transient>{%c16}
    stream.yield %x : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d1>) await(%await) => with() -> !stream.resource<transient>{%c16} {
    %s = stream.async.splat %c2_i32 : i32 -> !stream.resource<transient>{%c16}
    %d = stream.async.dispatch @ex::@fb(%s[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %d : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d2>) !stream.resource<transient>{%c16}
    stream.yield %x : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %tj = stream.timepoint.join max(%ta, %tb) => !stream.timepoint
  %c, %tc = stream.async.execute on(#hal.device.affinity<@d2>) await(%tj) => with(%a as %aa: !stream.resource<transient>{%c16}, %b as %bb: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@combine(%aa[%c0 to %c16 for %c16], %bb[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.return %c, %tc : !stream.resource<transient>, !stream.timepoint
}

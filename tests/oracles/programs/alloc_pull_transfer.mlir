// PIPELINE: allocation
// WHAT: Pull-style transfer: @d0 produces a value; the transfer @d0 -> @d1 is
// executed inside the @d1 execute (source != execution affinity), so an
// invalidate from(@d0) on the source range precedes the copy and no flush is
// needed (result affinity == execution affinity).
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.global private @d3 : !hal.device
util.func public @pull(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %a, %ta = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with() -> !stream.resource<transient>{%c16} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %d = stream.async.dispatch @ex::@fa(%s[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %d : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d1>) await(%ta) => with(%a as %aa: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %x = stream.async.transfer %aa : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c16}
    %y = stream.async.dispatch @ex::@fb(%x[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.return %b, %tb : !stream.resource<transient>, !stream.timepoint
}

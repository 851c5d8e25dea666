// PIPELINE: allocation
// WHAT: A transfer @d1 -> @d2 executed on a third device @d0 (neither source nor
// target): both an invalidate from(@d1) and a flush to(@d2) are expected. The
// @d2 execute consumes the result.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.global private @d3 : !hal.device
util.func public @third_party(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %a, %ta = stream.async.execute on(#hal.device.affinity<@d1>) await(%await) => with() -> !stream.resource<transient>{%c16} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    stream.yield %s : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d0>) await(%ta) => with(%a as %aa: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %x = stream.async.transfer %aa : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d2>) !stream.resource<transient>{%c16}
    stream.yield %x : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %c, %tc = stream.async.execute on(#hal.device.affinity<@d2>) await(%tb) => with(%b as %bb: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@fc(%bb[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.return %c, %tc : !stream.resource<transient>, !stream.timepoint
}

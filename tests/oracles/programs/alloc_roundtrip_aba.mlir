// PIPELINE: allocation
// WHAT: Round trip @d0 -> @d1 -> @d0: @d1 works on the value and sends it back;
// @d0 consumes the returned copy. Both hop targets need their consumer device.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @roundtrip(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %a, %ta = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with() -> !stream.resource<transient>{%c16} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %s : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c16}
    stream.yield %x : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d1>) await(%ta) => with(%a as %aa: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %d = stream.async.dispatch @ex::@fb(%aa[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %d : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<transient>{%c16}
    stream.yield %x : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %c, %tc = stream.async.execute on(#hal.device.affinity<@d0>) await(%tb) => with(%b as %bb: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@fa(%bb[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.return %c, %tc : !stream.resource<transient>, !stream.timepoint
}

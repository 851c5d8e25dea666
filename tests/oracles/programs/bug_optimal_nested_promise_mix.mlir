// PIPELINE: allocation
// WHAT: BUG (compiler 3.13.0rc20261016): mixes #hal.device.promise and
// #hal.device.affinity naming the same device. schedule-allocation emits
// stream.resource.alloca on(#hal.device.optimal<[promise<@d0>,
// #hal.device.optimal<[promise<@d1>, affinity<@d1>]>]>) -- an optimal nested
// in an optimal, which DeviceOptimalAttr::verify rejects ("can only select
// between HAL affinity attrs"): the output does not re-parse. Cause
// (HALAttrs.cpp): DevicePromiseAttr/DeviceAffinityAttr::joinOR of a promise and
// an affinity of the same device yields a 2-member optimal, and
// DeviceOptimalAttr::joinOR joins the existing member with the whole `other`
// and stores that (possibly optimal) result as a member. The device set is
// still right ({d0, d1}); the oracle must flatten nested optimals and also
// flag them as malformed.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @promise_mix(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %a, %ta = stream.async.execute on(#hal.device.promise<@d0>) await(%await) => with() -> !stream.resource<transient>{%c16} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %s : !stream.resource<transient>{%c16} from(#hal.device.promise<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c16}
    stream.yield %x : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.promise<@d1>) await(%ta) => with(%a as %aa: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@fb(%aa[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %y : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.promise<@d1>) !stream.resource<transient>{%c16}
    stream.yield %x : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %c, %tc = stream.async.execute on(#hal.device.promise<@d1>) await(%tb) => with(%b as %bb: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@fc(%bb[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.return %c, %tc : !stream.resource<transient>, !stream.timepoint
}

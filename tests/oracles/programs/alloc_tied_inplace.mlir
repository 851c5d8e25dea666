// PIPELINE: allocation
// WHAT: Tied/in-place ops across devices: @d0 fills and updates a buffer in
// place and transfers it to @d1; @d1 runs an in-place dispatch (-> %capture)
// and an async.fill on the captured operand, tying the execute result to its
// operand (-> %a as ...). The tied result reuses the operand's storage, so no
// new alloca is made for it; the operand's allocation must cover @d1.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @tied(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c1_i32 = arith.constant 1 : i32
  %c9_i32 = arith.constant 9 : i32
  %a, %ta = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with() -> !stream.resource<transient>{%c32} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c32}
    %p = stream.async.splat %c9_i32 : i32 -> !stream.resource<transient>{%c8}
    %f = stream.async.fill %c9_i32, %s[%c0 to %c8 for %c8] : i32 -> %s as !stream.resource<transient>{%c32}
    %u = stream.async.update %p, %f[%c8 to %c32] : !stream.resource<transient>{%c8} -> %f as !stream.resource<transient>{%c32}
    %x = stream.async.transfer %u : !stream.resource<transient>{%c32} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c32}
    stream.yield %x : !stream.resource<transient>{%c32}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d1>) await(%ta) => with(%a as %aa: !stream.resource<transient>{%c32}) -> %a as !stream.resource<transient>{%c32} {
    %d = stream.async.dispatch @ex::@inplace(%aa[%c0 to %c32 for %c32]) : (!stream.resource<transient>{%c32}) -> %aa{%c32}
    %f = stream.async.fill %c1_i32, %d[%c4 to %c8 for %c4] : i32 -> %d as !stream.resource<transient>{%c32}
    stream.yield %f : !stream.resource<transient>{%c32}
  } => !stream.timepoint
  %c, %tc = stream.async.execute on(#hal.device.affinity<@d1>) await(%tb) => with(%b as %bb: !stream.resource<transient>{%c32}) -> !stream.resource<transient>{%c32} {
    %y = stream.async.dispatch @ex::@after(%bb[%c0 to %c32 for %c32]) : (!stream.resource<transient>{%c32}) -> !stream.resource<transient>{%c32}
    stream.yield %y : !stream.resource<transient>{%c32}
  } => !stream.timepoint
  util.return %c, %tc : !stream.resource<transient>, !stream.timepoint
}

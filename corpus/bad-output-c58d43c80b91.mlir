// stream-fuzz finding: bad-output
// signature: bad-output-c58d43c80b91
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// reproduce: stream-fuzz replay corpus/bad-output-c58d43c80b91.mlir
// what was found:
//   loc("-":38:97): error: can only select between HAL affinity attrs
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | iree-opt | FileCheck %s

// PIPELINE: allocation
// WHAT: BUG (compiler 3.13.0rc20261016): executes on
// #hal.device.optimal<[@d0, @d1]> around an @d2 execute. The result of the
// last optimal execute is allocated on(#hal.device.optimal<[optimal<[d0, d1]>,
// optimal<[d0, d1]>]>): DeviceOptimalAttr::joinOR(optimal, same optimal)
// replaces each member with member.joinOR(whole other) = the optimal itself.
// The attribute fails DeviceOptimalAttr::verify on re-parse. Otherwise the
// placement is right: the @d2 transfer target is optimal<[d0, d1, d2]>
// (usable by every member of the writer and by the reader).
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @optimal_exec(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %a, %ta = stream.async.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%await) => with() -> !stream.resource<transient>{%c16} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %d = stream.async.dispatch @ex::@fa(%s[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %d : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@d2>) !stream.resource<transient>{%c16}
    stream.yield %x : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d2>) await(%ta) => with(%a as %aa: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@fb(%aa[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %c, %tc = stream.async.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%tb) => with(%b as %bb: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@fc(%bb[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.return %c, %tc : !stream.resource<transient>, !stream.timepoint
}

// The correct output:
// CHECK: util.func

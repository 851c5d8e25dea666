// The pack form of bad-output-optimal-joinor-nests-members (the program a helper reduced campaign finding
// checker-verify-affinities-485d1207c06f to): an execute on promise<@d0> moves a splat twice to
// optimal<[affinity<@d1>, affinity<@d0>]>; both results' allocation affinity joins to null, so they share
// one slab whose pack and alloca get no affinity and a location fusing the two transfers'.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c16 = arith.constant 16 : index
  %r0, %r1, %t = stream.async.execute on(#hal.device.promise<@d0>) with() -> (!stream.resource<external>{%c16}, !stream.resource<external>{%c16}) {
    %s = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
    %x0 = stream.async.transfer %s : !stream.resource<external>{%c16} -> to(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) !stream.resource<external>{%c16}
    %x1 = stream.async.transfer %s : !stream.resource<external>{%c16} -> to(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) !stream.resource<external>{%c16}
    stream.yield %x0, %x1 : !stream.resource<external>{%c16}, !stream.resource<external>{%c16}
  } => !stream.timepoint
  util.return
}

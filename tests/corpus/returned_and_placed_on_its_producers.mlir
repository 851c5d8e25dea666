// placement-read-8261ce8e4a24 (a storage placed on a set of devices, a reader missing) with a public return: seed 37's
// L2 campaign (101 hits in 120 s once returned storages stopped counting as joinOR's). %b, made on @d1 by a
// transfer from @d0, is placed on its producers optimal<[@d0, @d1]> (no nesting: the set is flat) though
// @d2 reads it, because @main returns it; returning nothing, it is placed for @d2 too.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main() -> !stream.resource<external> {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %b, %t1 = stream.async.execute on(#hal.device.affinity<@d1>) with() -> (!stream.resource<external>{%c16}) {
      %s = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      %a = stream.async.transfer %s : !stream.resource<external>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<transient>{%c16}
      %x = stream.async.transfer %a : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
      stream.yield %x : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %r, %t2 = stream.async.execute on(#hal.device.affinity<@d2>) await(%t1) => with(%b as %b1: !stream.resource<external>{%c16}) -> (!stream.resource<external>{%c16}) {
      %y = stream.async.transfer %b1 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d2>) !stream.resource<external>{%c16}
      stream.yield %y : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %r_ready = stream.timepoint.await %t2 => %r : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %r_ready : !stream.resource<external>
    %b_ready = stream.timepoint.await %t1 => %b : !stream.resource<external>{%c16}
    util.return %b_ready : !stream.resource<external>
  }
}

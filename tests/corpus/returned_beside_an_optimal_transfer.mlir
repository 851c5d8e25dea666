// placement-read-bb281ef42ca6 as L2 campaigns (seed 37) meet it with two entries' marks: %a, made on @d0,
// is read on @d1, moved by @d0 to optimal<[affinity<@d0>, affinity<@d1>]> (an optimal near: joinOR's mark)
// and returned from the public @main (public-return's). The return decides: schedule-allocation places %a
// on @d0 alone (the consumer set dropped whole); returning nothing, %a's consumers reach the join and the
// output holds joinOR's nested optimal instead.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() -> !stream.resource<external> {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %a, %t1 = stream.async.execute on(#hal.device.affinity<@d0>) with() -> (!stream.resource<external>{%c16}) {
      %s = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      stream.yield %s : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %r, %t2 = stream.async.execute on(#hal.device.affinity<@d1>) await(%t1) => with(%a as %a1: !stream.resource<external>{%c16}) -> (!stream.resource<external>{%c16}) {
      %x = stream.async.transfer %a1 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
      stream.yield %x : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %o, %t3 = stream.async.execute on(#hal.device.affinity<@d0>) await(%t1) => with(%a as %a2: !stream.resource<external>{%c16}) -> (!stream.resource<external>{%c16}) {
      %y = stream.async.transfer %a2 : !stream.resource<external>{%c16} -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<external>{%c16}
      stream.yield %y : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %r_ready = stream.timepoint.await %t2 => %r : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %r_ready : !stream.resource<external>
    %o_ready = stream.timepoint.await %t3 => %o : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]} %o_ready : !stream.resource<external>
    %a_ready = stream.timepoint.await %t1 => %a : !stream.resource<external>{%c16}
    util.return %a_ready : !stream.resource<external>
  }
}

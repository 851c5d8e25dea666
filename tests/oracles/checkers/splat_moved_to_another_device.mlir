// The seed-37 program with the optimal target made affinity<@d1>: no optimal and no promise anywhere.
// schedule-allocation places both allocas, on optimal<[affinity<@d0>, affinity<@d1>]>.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %v2, %t1 = stream.async.execute on(#hal.device.affinity<@d0>) with() -> (!stream.resource<external>{%c16}) {
      %v1 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      stream.yield %v1 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v5, %t2 = stream.async.execute on(#hal.device.affinity<@d0>) await(%t1) => with(%v2 as %v4: !stream.resource<external>{%c16}) -> (!stream.resource<external>{%c16}) {
      %v3 = stream.async.transfer %v4 : !stream.resource<external>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
      stream.yield %v3 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v2_ready = stream.timepoint.await %t1 => %v2 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v2_ready : !stream.resource<external>
    %v5_ready = stream.timepoint.await %t2 => %v5 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v5_ready : !stream.resource<external>
    util.return
  }
}

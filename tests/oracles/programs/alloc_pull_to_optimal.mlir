// PIPELINE: allocation
// WHAT: A pull transfer (run on promise<@d0>, from @d1) whose target is optimal<[@d0, @d1]>: the source
// stays allocated on @d1 only and @d0 reads it after an invalidate from @d1. Legal (a pull reads the
// source where it lives); found as a false alarm of placement/read while fuzzing.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %v2, %t1 = stream.async.execute on(#hal.device.affinity<@d1>) with() -> (!stream.resource<external>{%c16}) {
      %v1 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      stream.yield %v1 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v5, %t2 = stream.async.execute on(#hal.device.promise<@d0>) await(%t1) => with(%v2 as %v4: !stream.resource<external>{%c16}) -> (!stream.resource<external>{%c16}) {
      %v3 = stream.async.transfer on(#hal.device.promise<@d0>) %v4 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d1>]>) !stream.resource<external>{%c16}
      stream.yield %v3 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v2_ready = stream.timepoint.await %t1 => %v2 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v2_ready : !stream.resource<external>
    %v5_ready = stream.timepoint.await %t2 => %v5 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5_ready : !stream.resource<external>
    util.return
  }
}

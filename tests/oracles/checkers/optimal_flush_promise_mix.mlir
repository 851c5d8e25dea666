// An L2 campaign's program (seed 37, checker-verify-affinities-d560c1b06bc8): a splat made by an execute on
// affinity<@d0> is moved by a second execute on @d0 to optimal<[promise<@d1>, promise<@d0>]>.
// schedule-allocation leaves both allocas without an affinity; the checker names the splat's, whose only
// optimal near is the `to(...)` of the flush into its copy partner (itself unplaced).
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
      %v3 = stream.async.transfer %v4 : !stream.resource<external>{%c16} -> to(#hal.device.optimal<[#hal.device.promise<@d1>, #hal.device.promise<@d0>]>) !stream.resource<external>{%c16}
      stream.yield %v3 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v2_ready = stream.timepoint.await %t1 => %v2 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v2_ready : !stream.resource<external>
    %v5_ready = stream.timepoint.await %t2 => %v5 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]} %v5_ready : !stream.resource<external>
    util.return
  }
}

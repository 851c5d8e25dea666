// hand repair: the parameter still read on @d1 (its queue), but into storage placed for its users: ScheduleAllocation allocates optimal<[@d0, @d1]> and lowers the load to stream.cmd.parameter.read into it, so the @d0 pull reads memory placed for @d0.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c0_i64 = arith.constant 0 : i64
    %buffer_cst = util.buffer.constant : !util.buffer = "model"
    %buffer_cst_0 = util.buffer.constant : !util.buffer = "w"
    %results, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<constant>{%c64} => !stream.timepoint
    %result_timepoint = stream.cmd.parameter.read on(#hal.device.affinity<@d1>) await(%result_timepoint_2) => %buffer_cst::%buffer_cst_0[%c0_i64] -> %results[%c0 for %c64] : !stream.resource<constant>{%c64} => !stream.timepoint
    %result, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%result_timepoint) => !stream.resource<constant>{%c64} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%results as %arg0: !stream.resource<constant>{%c64}, %result as %arg1: !stream.resource<constant>{%c64}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d1>) %arg0[%c0 for %c64] : !stream.resource<constant>{%c64}
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c64 : !stream.resource<constant>{%c64} -> !stream.resource<constant>{%c64}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<constant>{%c64}
    %2 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %1 : !stream.resource<constant>
    util.return
  }
}


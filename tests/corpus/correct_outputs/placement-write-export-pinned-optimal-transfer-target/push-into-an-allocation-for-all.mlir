// hand repair: the push kept on @d3, and ScheduleAllocation (deriveResultAffinity) joins the writing execute's device into the result's placement: the external result on optimal<[@d0, @d6, @d3]>, flushed to the target.
module {
  util.global private @d0 : !hal.device
  util.global private @d3 : !hal.device
  util.global private @d6 : !hal.device
  util.func public @main() -> !hal.buffer_view {
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d6>, #hal.device.affinity<@d3>]>) : !stream.resource<external>{%c16} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d3>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d3>) await(%0) => with(%result as %arg0: !stream.resource<external>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c16] : i8 -> !stream.resource<transient>{%c64}
      stream.cmd.copy %arg1[%c0], %arg0[%c0], %c16 : !stream.resource<transient>{%c64} -> !stream.resource<external>{%c16}
      stream.cmd.flush to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d6>]>) %arg0[%c0 for %c16] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@d3>) await(%1) => %result_0 : !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<external>{%c16}
    %4 = stream.tensor.export on(#hal.device.affinity<@d0>) %3 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %4 : !hal.buffer_view
  }
}


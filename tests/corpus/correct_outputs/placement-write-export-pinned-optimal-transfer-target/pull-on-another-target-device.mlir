// hand repair: PlaceTransferExecutions places the transfer on @d6, another device of its optimal target (a pull: invalidate from @d3, copy on @d6), which is iree-opt 3.13.0's output for the program with on(#hal.device.affinity<@d6>) on the transfer, with its pulled source placed for writer and reader, optimal<[@d3, @d6]> (3.13 gives that alloca no affinity: bad-output-optimal-joinor-nests-members).
module {
  util.global private @d0 : !hal.device
  util.global private @d3 : !hal.device
  util.global private @d6 : !hal.device
  util.func public @main() -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d3>, #hal.device.affinity<@d6>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d3>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d6>]>) await(%0) => !stream.resource<external>{%c16} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d6>) await(%result_timepoint_1) => with(%result as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<external>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d3>) %arg0[%c0 for %c16] : !stream.resource<transient>{%c16}
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<external>{%c16}
      stream.cmd.flush to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d6>]>) %arg1[%c0 for %c16] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.optimal<[#hal.device.affinity<@d3>, #hal.device.affinity<@d6>]>) await(%1) => %result : !stream.resource<transient>{%c16} => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result_0 : !stream.resource<external>{%c16}
    %4 = stream.tensor.export on(#hal.device.affinity<@d0>) %3 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %4 : !hal.buffer_view
  }
}


// hand repair: deriveResultAffinity joins the writing execute's device (@d3) into the pinned target: the external result on optimal<[@d6, @d3]>.
module {
  util.global private @d3 : !hal.device
  util.global private @d6 : !hal.device
  util.func public @main() -> !hal.buffer_view {
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d6>, #hal.device.affinity<@d3>]>) : !stream.resource<external>{%c1} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0:2 = stream.resource.pack on(#hal.device.affinity<@d3>) slices({
      [0, 1] = %c1
    }) : index
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d3>) : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@d3>) await(%1) => with(%result as %arg0: !stream.resource<external>{%c1}, %result_0 as %arg1: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c0_i8, %arg1[%0#1 for %c1] : i8 -> !stream.resource<transient>{%0#0}
      stream.cmd.copy %arg1[%0#1], %arg0[%c0], %c1 : !stream.resource<transient>{%0#0} -> !stream.resource<external>{%c1}
      stream.cmd.flush to(#hal.device.optimal<[#hal.device.affinity<@d6>, #hal.device.affinity<@d6>]>) %arg0[%c0 for %c1] : !stream.resource<external>{%c1}
    } => !stream.timepoint
    %3 = stream.resource.dealloca on(#hal.device.affinity<@d3>) await(%2) => %result_0 : !stream.resource<transient>{%0#0} => !stream.timepoint
    %4 = stream.timepoint.join max(%3, %2) => !stream.timepoint
    %5 = stream.tensor.export on(#hal.device.affinity<@d6>) %result : tensor<16xi8> in !stream.resource<external>{%c1} -> !hal.buffer_view
    util.return %5 : !hal.buffer_view
  }
}


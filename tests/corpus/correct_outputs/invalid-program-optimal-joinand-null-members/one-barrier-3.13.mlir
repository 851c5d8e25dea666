// hand repair: iree-opt 3.13.0's output of this program with only %v3 passed through util.optimization_barrier (an identity: the same program), a single barrier that keeps the faulty rewrite from applying; witness 2 with %v3 and %v4 through a barrier (the fewest that keep any two of its three transfers out of one partition)
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %0 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg0 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %1 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg1 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>, #hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%result_timepoint) => with(%0 as %arg2: !stream.resource<external>{%c16}, %result as %arg3: !stream.resource<transient>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg2[%c0], %arg3[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<transient>{%c16}
    %4 = util.optimization_barrier %3 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>, #hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %5 = stream.cmd.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%result_timepoint_1) => with(%1 as %arg2: !stream.resource<external>{%c16}, %result_0 as %arg3: !stream.resource<transient>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg2[%c0], %arg3[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %6 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %4 : !stream.resource<transient>
    %7 = stream.timepoint.await %5 => %result_0 : !stream.resource<transient>{%c16}
    %8 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %7 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view, %arg2: !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %0 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg0 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %1 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg1 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %2 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg2 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>, #hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%result_timepoint) => with(%0 as %arg3: !stream.resource<external>{%c16}, %result as %arg4: !stream.resource<transient>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg3[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg3[%c0], %arg4[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result : !stream.resource<transient>{%c16}
    %5 = util.optimization_barrier %4 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>, #hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%result_timepoint_1) => with(%1 as %arg3: !stream.resource<external>{%c16}, %result_0 as %arg4: !stream.resource<transient>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg3[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg3[%c0], %arg4[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_0 : !stream.resource<transient>{%c16}
    %8 = util.optimization_barrier %7 : !stream.resource<transient>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>, #hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %9 = stream.cmd.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%result_timepoint_3) => with(%2 as %arg3: !stream.resource<external>{%c16}, %result_2 as %arg4: !stream.resource<transient>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg3[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg3[%c0], %arg4[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %10 = stream.timepoint.await %9 => %result_2 : !stream.resource<transient>{%c16}
    %11 = util.optimization_barrier %10 : !stream.resource<transient>
    %12 = util.optimization_barrier %5 : !stream.resource<transient>
    %13 = util.optimization_barrier %8 : !stream.resource<transient>
    util.return
  }
}


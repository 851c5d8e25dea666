// hand repair: iree-opt 3.13.0's output of this program with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@f {
        wo %arg0[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %3 = stream.cmd.execute await(%result_timepoint_1) => with(%2 as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d1>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<transient>{%c16}
    %5 = util.optimization_barrier %4 : !stream.resource<transient>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_3) => with(%5 as %arg0: !stream.resource<transient>{%c16}, %result_2 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d0>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_2 : !stream.resource<transient>{%c16}
    %8 = util.optimization_barrier %7 : !stream.resource<transient>
    %9 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %5 : !stream.resource<transient>
    %10 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %8 : !stream.resource<transient>
    util.return
  }
}

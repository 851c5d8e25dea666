// output of iree-opt 3.8.0 (a release without the bug)
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@f {
        wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
      stream.cmd.copy %arg1[%c0], %arg0[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d1>) %arg0[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %2:2 = stream.timepoint.await %1 => %result, %result_0 : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}
    %3 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %2#0 : !stream.resource<transient>
    %4 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %2#1 : !stream.resource<transient>
    util.return
  }
}

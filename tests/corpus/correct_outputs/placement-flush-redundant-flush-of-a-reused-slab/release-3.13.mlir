// output of iree-opt 3.13.0 (not a bug: the output is correct)
module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.func public @flush_of_a_reused_slab() {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c64] : i8 -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d2>) await(%0) => !stream.resource<transient>{%c64} => !stream.timepoint
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d2>) await(%0) => !stream.resource<transient>{%c64} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint_1, %result_timepoint_3) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%1) => with(%result as %arg0: !stream.resource<transient>{%c64}, %result_0 as %arg1: !stream.resource<transient>{%c64}, %result_2 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg0[%c0 for %c64] : !stream.resource<transient>{%c64}
      stream.cmd.copy %arg0[%c0], %arg2[%c0], %c64 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
      stream.cmd.flush to(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d3>]>) %arg2[%c0 for %c64] : !stream.resource<transient>{%c64}
      stream.cmd.dispatch @ex::@e1 {
        ro %arg2[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg1[%c0 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %3 = stream.resource.dealloca origin await(%2) => %result : !stream.resource<transient>{%c64} => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<transient>{%c64}
    %5 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %4 : !stream.resource<transient>
    %6 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%3) => with(%result_0 as %arg0: !stream.resource<transient>{%c64}, %result_2 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@e2 {
        ro %arg0[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg1[%c0 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_2 : !stream.resource<transient>{%c64}
    %8 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %7 : !stream.resource<transient>
    util.return
  }
}


// output of iree-opt 3.13.0 (not a bug: the output is correct)
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %1 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%result_0 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<transient>{%c16}
    %5 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %4 : !stream.resource<transient>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%result_2 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_2 : !stream.resource<transient>{%c16}
    %8 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %7 : !stream.resource<transient>
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %9 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_5) => with(%result_4 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %10 = stream.timepoint.await %9 => %result_4 : !stream.resource<transient>{%c16}
    %11 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %10 : !stream.resource<transient>
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %12 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_7) => with(%result_6 as %arg0: !stream.resource<transient>{%c128}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c128] : i8 -> !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %13 = stream.timepoint.await %12 => %result_6 : !stream.resource<transient>{%c128}
    %14 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %13 : !stream.resource<transient>
    %15 = util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]} %1 : !stream.resource<transient>
    util.return
  }
}


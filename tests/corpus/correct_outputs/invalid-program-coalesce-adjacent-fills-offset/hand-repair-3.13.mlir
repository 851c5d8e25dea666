// hand repair: iree-opt 3.13.0's output of this program with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%result_0 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<transient>{%c16}
    %5 = util.optimization_barrier %4 : !stream.resource<transient>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%result_2 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_2 : !stream.resource<transient>{%c16}
    %8 = util.optimization_barrier %7 : !stream.resource<transient>
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c32} => !stream.timepoint
    %9 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_5) => with(%2 as %arg0: !stream.resource<transient>{%c16}, %5 as %arg1: !stream.resource<transient>{%c16}, %result_4 as %arg2: !stream.resource<transient>{%c32}) {
      stream.cmd.dispatch @ex::@entry1 {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg2[%c0 for %c32] : !stream.resource<transient>{%c32}
      }
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %10 = stream.timepoint.await %9 => %result_4 : !stream.resource<transient>{%c32}
    %11 = util.optimization_barrier %10 : !stream.resource<transient>
    %12 = stream.cmd.execute on(#hal.device.affinity<@d0>) with(%11 as %arg0: !stream.resource<transient>{%c32}, %8 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg1[%c0], %arg0[%c16], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %13 = stream.timepoint.await %12 => %11 : !stream.resource<transient>{%c32}
    %14 = util.optimization_barrier %13 : !stream.resource<transient>
    %15 = stream.cmd.execute on(#hal.device.affinity<@d0>) with(%14 as %arg0: !stream.resource<transient>{%c32}, %8 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg1[%c0], %arg0[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %16 = stream.timepoint.await %15 => %14 : !stream.resource<transient>{%c32}
    %17 = util.optimization_barrier %16 : !stream.resource<transient>
    %18 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %17 : !stream.resource<transient>
    util.return
  }
}

// hand repair: iree-opt 3.13.0's output of this program with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized : !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.timepoint.join max(%result_timepoint_1, %result_timepoint_3) => !stream.timepoint
    %4 = stream.cmd.execute await(%3) => with(%2 as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c16}, %result_2 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@e {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg2[%c0 for %c16] : !stream.resource<transient>{%c64}
      }
      stream.cmd.dispatch @ex::@f {
        ro %arg2[%c0 for %c16] : !stream.resource<transient>{%c64},
        wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %5 = stream.resource.dealloca await(%4) => %result_2 : !stream.resource<transient>{%c64} => !stream.timepoint
    %6 = stream.timepoint.await %5 => %result_0 : !stream.resource<transient>{%c16}
    %7 = util.optimization_barrier %6 : !stream.resource<transient>
    util.return
  }
}

// hand repair: iree-opt 3.13.0's output of this program with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: i1) -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) : !stream.resource<external>{%c16} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_1) => with(%2 as %arg1: !stream.resource<transient>{%c16}, %result_0 as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<external>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d0>) %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<external>{%c16}
    %5 = util.optimization_barrier %4 : !stream.resource<external>
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%5 as %arg1: !stream.resource<external>{%c16}, %result_2 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_2 : !stream.resource<transient>{%c16}
    %8 = util.optimization_barrier %7 : !stream.resource<transient>
    %9 = stream.resource.size %8 : !stream.resource<transient>
    cf.br ^bb3(%8, %9, %9 : !stream.resource<transient>, index, index)
  ^bb2:  // pred: ^bb0
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %10 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_5) => with(%result_4 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %11 = stream.timepoint.await %10 => %result_4 : !stream.resource<transient>{%c16}
    %12 = util.optimization_barrier %11 : !stream.resource<transient>
    %13 = stream.resource.size %12 : !stream.resource<transient>
    cf.br ^bb3(%12, %13, %13 : !stream.resource<transient>, index, index)
  ^bb3(%14: !stream.resource<transient>, %15: index, %16: index):  // 2 preds: ^bb1, ^bb2
    %17 = stream.resource.subview %14[%c0] : !stream.resource<transient>{%15} -> !stream.resource<transient>{%16}
    %18 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %17 : !stream.resource<transient>
    util.return %5 : !stream.resource<external>
  }
}

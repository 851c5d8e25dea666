// output of iree-opt 3.1.0 (a release without the bug)
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: i1) -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%0) => !stream.resource<external>{%c16} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%result as %arg1: !stream.resource<transient>{%c16}, %result_0 as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d1>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<external>{%c16}
      stream.cmd.flush %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    cf.cond_br %arg0, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%0) => !stream.resource<transient>{%c16} => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%result as %arg1: !stream.resource<transient>{%c16}, %result_2 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d1>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush %arg2[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    cf.br ^bb3(%result_2, %2 : !stream.resource<transient>, !stream.timepoint)
  ^bb2:  // pred: ^bb0
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_5) => with(%result_4 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    cf.br ^bb3(%result_4, %3 : !stream.resource<transient>, !stream.timepoint)
  ^bb3(%4: !stream.resource<transient>, %5: !stream.timepoint):  // 2 preds: ^bb1, ^bb2
    %6 = stream.timepoint.await %5 => %4 : !stream.resource<transient>{%c16}
    %7 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %6 : !stream.resource<transient>
    %8 = stream.timepoint.await %1 => %result_0 : !stream.resource<external>{%c16}
    util.return %8 : !stream.resource<external>
  }
}

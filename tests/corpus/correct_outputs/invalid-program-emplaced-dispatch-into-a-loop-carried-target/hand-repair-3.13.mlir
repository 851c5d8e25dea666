// hand repair: iree-opt 3.13.0's output of this program with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.func public @update_in_a_loop() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c4} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c4}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c4] : i8 -> !stream.resource<transient>{%c4}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c4}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c4} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%2 as %arg0: !stream.resource<transient>{%c4}, %result_0 as %arg1: !stream.resource<transient>{%c4}) {
      stream.cmd.dispatch @ex::@produce {
        ro %arg0[%c0 for %c4] : !stream.resource<transient>{%c4},
        wo %arg1[%c0 for %c4] : !stream.resource<transient>{%c4}
      }
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<transient>{%c4}
    %5 = util.optimization_barrier %4 : !stream.resource<transient>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%result_2 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %7 = stream.timepoint.await %6 => %result_2 : !stream.resource<transient>{%c16}
    %8 = util.optimization_barrier %7 : !stream.resource<transient>
    %9 = stream.resource.size %8 : !stream.resource<transient>
    cf.br ^bb1(%c0, %8, %9 : index, !stream.resource<transient>, index)
  ^bb1(%10: index, %11: !stream.resource<transient>, %12: index):  // 2 preds: ^bb0, ^bb2
    %13 = arith.cmpi slt, %10, %c2 : index
    cf.cond_br %13, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %14 = stream.cmd.execute on(#hal.device.affinity<@d0>) with(%11 as %arg0: !stream.resource<transient>{%12}, %5 as %arg1: !stream.resource<transient>{%c4}) {
      stream.cmd.copy %arg1[%c0], %arg0[%c0], %c4 : !stream.resource<transient>{%c4} -> !stream.resource<transient>{%12}
    } => !stream.timepoint
    %15 = stream.timepoint.await %14 => %11 : !stream.resource<transient>{%c16}
    %16 = util.optimization_barrier %15 : !stream.resource<transient>
    %17 = stream.resource.size %16 : !stream.resource<transient>
    %18 = arith.addi %10, %c1 : index
    cf.br ^bb1(%18, %16, %17 : index, !stream.resource<transient>, index)
  ^bb3:  // pred: ^bb1
    %19 = util.optimization_barrier %11 : !stream.resource<transient>
    util.return
  }
}

// hand repair: iree-opt 3.13.0's output of this program with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    cf.br ^bb1(%c0, %2, %c16 : index, !stream.resource<transient>, index)
  ^bb1(%3: index, %4: !stream.resource<transient>, %5: index):  // 2 preds: ^bb0, ^bb2
    %6 = arith.cmpi slt, %3, %c2 : index
    cf.cond_br %6, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%4 as %arg0: !stream.resource<transient>{%5}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@entry1 {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%5},
        wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %8 = stream.timepoint.await %7 => %result_0 : !stream.resource<transient>{%c16}
    %9 = util.optimization_barrier %8 : !stream.resource<transient>
    %10 = stream.resource.size %9 : !stream.resource<transient>
    %11 = arith.addi %3, %c1 : index
    cf.br ^bb1(%11, %9, %10 : index, !stream.resource<transient>, index)
  ^bb3:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %12 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%4 as %arg0: !stream.resource<transient>{%5}, %2 as %arg1: !stream.resource<transient>{%c16}, %result_2 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@entry2 {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%5},
        ro %arg1[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg2[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %13 = stream.timepoint.await %12 => %result_2 : !stream.resource<transient>{%c16}
    %14 = util.optimization_barrier %13 : !stream.resource<transient>
    %15 = util.optimization_barrier %14 : !stream.resource<transient>
    util.return
  }
}

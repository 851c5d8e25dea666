// output of iree-opt 3.1.0 (a release without the bug)
module {
  util.global private @d0 : !hal.device
  util.func public @update_in_a_loop() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c128}, %result_0 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c4] : i8 -> !stream.resource<transient>{%c64}
      stream.cmd.concurrent {
        stream.cmd.dispatch @ex::@produce {
          ro %arg1[%c0 for %c4] : !stream.resource<transient>{%c64},
          wo %arg0[%c0 for %c4] : !stream.resource<transient>{%c128}
        }
        stream.cmd.fill %c0_i8, %arg0[%c64 for %c16] : i8 -> !stream.resource<transient>{%c128}
      }
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@d0>) await(%1) => %result_0 : !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<transient>{%c128}
    %4 = stream.resource.subview %3[%c64] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c16}
    cf.br ^bb1(%c0, %4 : index, !stream.resource<transient>)
  ^bb1(%5: index, %6: !stream.resource<transient>):  // 2 preds: ^bb0, ^bb2
    %7 = arith.cmpi slt, %5, %c2 : index
    cf.cond_br %7, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%2) => !stream.resource<transient>{%c16} => !stream.timepoint
    %8 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%6 as %arg0: !stream.resource<transient>{%c16}, %result as %arg1: !stream.resource<transient>{%c128}, %result_2 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg0[%c0], %arg2[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c4 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %9 = arith.addi %5, %c1 : index
    %10 = stream.timepoint.await %8 => %result_2 : !stream.resource<transient>{%c16}
    cf.br ^bb1(%9, %10 : index, !stream.resource<transient>)
  ^bb3:  // pred: ^bb1
    %11 = util.optimization_barrier %6 : !stream.resource<transient>
    util.return
  }
}

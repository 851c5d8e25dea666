// hand repair: SinkAwaitToFirstConsumer made to skip users in unreachable blocks. What 3.13's pipeline hands the crashing iree-util-apply-patterns, with the pass-through fold applied and the unreachable block gone, as 3.13's canonicalize prints it: the await must dominate both of its users, so it stays in the outer loop's header. Correct: the program compiles and means the same.
module {
  util.func public @main() -> (!stream.resource<external>, !stream.resource<external>) {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %c64 = arith.constant 64 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c7_i32, %arg1[%c0 for %c16] : i32 -> !stream.resource<transient>{%c64}
      stream.cmd.copy %arg1[%c0], %arg0[%c0], %c16 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d0>) %arg0[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@d1>) await(%1) => %result_0 : !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.timepoint.join max(%2, %1) => !stream.timepoint
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%3) => !stream.resource<external>{%c128} => !stream.timepoint
    %4 = stream.timepoint.join max(%2, %1, %result_timepoint_3) => !stream.timepoint
    %5 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%4) => with(%result as %arg0: !stream.resource<transient>{%c16}, %result_2 as %arg1: !stream.resource<external>{%c128}) {
      stream.cmd.dispatch @ex::@f {
        ro %arg1[%c0 for %c16] : !stream.resource<external>{%c128},
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg1[%c64 for %c16] : !stream.resource<external>{%c128}
      }
    } => !stream.timepoint
    cf.br ^bb1(%c0 : index)
  ^bb1(%6: index):  // 2 preds: ^bb0, ^bb4
    %7 = arith.cmpi slt, %6, %c2 : index
    %8 = stream.timepoint.await %3 => %result : !stream.resource<transient>{%c16}
    cf.cond_br %7, ^bb2(%c0, %8 : index, !stream.resource<transient>), ^bb5
  ^bb2(%9: index, %10: !stream.resource<transient>):  // 2 preds: ^bb1, ^bb3
    %11 = arith.cmpi slt, %9, %c1 : index
    cf.cond_br %11, ^bb3, ^bb4
  ^bb3:  // pred: ^bb2
    %12 = arith.addi %9, %c1 : index
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %13 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_5) => with(%result_4 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c7_i32, %arg0[%c0 for %c16] : i32 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %14 = stream.timepoint.await %13 => %result_4 : !stream.resource<transient>{%c16}
    cf.br ^bb2(%12, %14 : index, !stream.resource<transient>)
  ^bb4:  // pred: ^bb2
    %15 = util.optimization_barrier %10 : !stream.resource<transient>
    %16 = arith.addi %6, %c1 : index
    cf.br ^bb1(%16 : index)
  ^bb5:  // pred: ^bb1
    %17 = util.optimization_barrier %8 : !stream.resource<transient>
    %18 = stream.timepoint.await %5 => %result_2 : !stream.resource<external>{%c128}
    %19 = stream.resource.subview %18[%c64] : !stream.resource<external>{%c128} -> !stream.resource<external>{%c16}
    %20 = stream.resource.subview %18[%c0] : !stream.resource<external>{%c128} -> !stream.resource<external>{%c16}
    util.return %20, %19 : !stream.resource<external>, !stream.resource<external>
  }
}


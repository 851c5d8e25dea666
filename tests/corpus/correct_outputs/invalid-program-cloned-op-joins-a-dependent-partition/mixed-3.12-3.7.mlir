// hand repair: witness 2 is iree-opt 3.7.0's output of it unchanged (a release without the bug); witness 1 is iree-opt 3.12.0's (the first to parse it) output with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %3 = stream.resource.size %2 : !stream.resource<transient>
    cf.br ^bb1(%c0, %2, %3 : index, !stream.resource<transient>, index)
  ^bb1(%4: index, %5: !stream.resource<transient>, %6: index):  // 2 preds: ^bb0, ^bb2
    %7 = arith.cmpi slt, %4, %c2 : index
    cf.cond_br %7, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %8 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_1) => with(%5 as %arg0: !stream.resource<transient>{%6}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@f {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%6},
        wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %9 = stream.timepoint.await %8 => %result_0 : !stream.resource<transient>{%c16}
    %10 = util.optimization_barrier %9 : !stream.resource<transient>
    %11 = stream.resource.size %10 : !stream.resource<transient>
    %12 = arith.addi %4, %c1 : index
    cf.br ^bb1(%12, %10, %11 : index, !stream.resource<transient>, index)
  ^bb3:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %13 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%5 as %arg0: !stream.resource<transient>{%6}, %result_2 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d1>) %arg0[%c0 for %c16] : !stream.resource<transient>{%6}
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %14 = stream.timepoint.await %13 => %result_2 : !stream.resource<transient>{%c16}
    %15 = util.optimization_barrier %14 : !stream.resource<transient>
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %16 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_5) => with(%result_4 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %17 = stream.timepoint.await %16 => %result_4 : !stream.resource<transient>{%c16}
    %18 = util.optimization_barrier %17 : !stream.resource<transient>
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %19 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_7) => with(%18 as %arg0: !stream.resource<transient>{%c16}, %result_6 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d1>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %20 = stream.timepoint.await %19 => %result_6 : !stream.resource<transient>{%c16}
    %21 = util.optimization_barrier %20 : !stream.resource<transient>
    %result_8, %result_timepoint_9 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %22 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_9) => with(%21 as %arg0: !stream.resource<transient>{%c16}, %result_8 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@h {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %23 = stream.timepoint.await %22 => %result_8 : !stream.resource<transient>{%c16}
    %24 = util.optimization_barrier %23 : !stream.resource<transient>
    %25 = util.optimization_barrier %15 : !stream.resource<transient>
    %26 = util.optimization_barrier %24 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    cf.br ^bb1(%c0, %1 : index, !stream.resource<transient>)
  ^bb1(%2: index, %3: !stream.resource<transient>):  // 2 preds: ^bb0, ^bb2
    %4 = arith.cmpi slt, %2, %c2 : index
    cf.cond_br %4, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %5 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_1) => with(%3 as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@f {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %6 = arith.addi %2, %c1 : index
    %7 = stream.timepoint.await %5 => %result_0 : !stream.resource<transient>{%c16}
    cf.br ^bb1(%6, %7 : index, !stream.resource<transient>)
  ^bb3:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %8 = stream.timepoint.join max(%result_timepoint_3, %result_timepoint_5) => !stream.timepoint
    %9 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%8) => with(%3 as %arg0: !stream.resource<transient>{%c16}, %result_2 as %arg1: !stream.resource<transient>{%c16}, %result_4 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.concurrent {
        stream.cmd.dispatch @ex::@g {
          ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
          wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
        }
        stream.cmd.fill %c0_i8, %arg2[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%9) => !stream.resource<transient>{%c16} => !stream.timepoint
    %10 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_7) => with(%result_4 as %arg0: !stream.resource<transient>{%c16}, %result_6 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@h {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %11 = stream.timepoint.await %9 => %result_2 : !stream.resource<transient>{%c16}
    %12 = util.optimization_barrier %11 : !stream.resource<transient>
    %13 = stream.timepoint.await %10 => %result_6 : !stream.resource<transient>{%c16}
    %14 = util.optimization_barrier %13 : !stream.resource<transient>
    util.return
  }
}

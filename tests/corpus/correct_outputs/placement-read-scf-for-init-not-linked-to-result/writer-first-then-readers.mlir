// hand repair: deriveResultAffinity joins the writing execute's device first and then the consumers the analysis now finds through the loop result: optimal<[@d2, @d1]> (witness 1) and optimal<[@d0, @d2]> (witness 2); a set in another order is the same placement.
module {
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @loop_result_read(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c7_i32, %arg1[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    cf.br ^bb1(%c0, %result, %0 : index, !stream.resource<transient>, !stream.timepoint)
  ^bb1(%1: index, %2: !stream.resource<transient>, %3: !stream.timepoint):  // 2 preds: ^bb0, ^bb2
    %4 = arith.cmpi slt, %1, %arg0 : index
    cf.cond_br %4, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) await(%3) => !stream.resource<transient>{%c64} => !stream.timepoint
    %5 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%result_timepoint_1) => with(%2 as %arg1: !stream.resource<transient>{%c64}, %result_0 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@f {
        ro %arg1[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg2[%c0 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %6 = arith.addi %1, %c1 : index
    cf.br ^bb1(%6, %result_0, %5 : index, !stream.resource<transient>, !stream.timepoint)
  ^bb3:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%3) => !stream.resource<transient>{%c64} => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_3) => with(%2 as %arg1: !stream.resource<transient>{%c64}, %result_2 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@g {
        ro %arg1[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg2[%c0 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %8 = stream.resource.dealloca origin await(%7) => %2 : !stream.resource<transient>{%c64} => !stream.timepoint
    %9 = stream.timepoint.await %8 => %result_2 : !stream.resource<transient>{%c64}
    %10 = util.optimization_barrier %9 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @loop_init_pulled(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d2>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    cf.br ^bb1(%c0, %result, %0 : index, !stream.resource<transient>, !stream.timepoint)
  ^bb1(%1: index, %2: !stream.resource<transient>, %3: !stream.timepoint):  // 2 preds: ^bb0, ^bb2
    %4 = arith.cmpi slt, %1, %arg0 : index
    cf.cond_br %4, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d2>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %5 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %6 = arith.addi %1, %c1 : index
    cf.br ^bb1(%6, %result_0, %5 : index, !stream.resource<transient>, !stream.timepoint)
  ^bb3:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d2>]>) await(%3) => !stream.resource<transient>{%c16} => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%result_timepoint_3) => with(%2 as %arg1: !stream.resource<transient>{%c16}, %result_2 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %8 = stream.resource.dealloca origin await(%7) => %2 : !stream.resource<transient>{%c16} => !stream.timepoint
    %9 = stream.timepoint.await %8 => %result_2 : !stream.resource<transient>{%c16}
    %10 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %9 : !stream.resource<transient>
    util.return
  }
}


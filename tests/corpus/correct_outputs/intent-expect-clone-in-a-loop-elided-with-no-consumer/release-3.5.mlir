// output of iree-opt 3.5.0 (not a bug: the output is correct)
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c32} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>, #hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>]>) : !stream.resource<transient>{%c32} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c32}, %result_0 as %arg1: !stream.resource<transient>{%c32}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c32] : i8 -> !stream.resource<transient>{%c32}
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c32 : !stream.resource<transient>{%c32} -> !stream.resource<transient>{%c32}
      stream.cmd.flush to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) %arg1[%c0 for %c32] : !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %2:2 = stream.timepoint.await %1 => %result, %result_0 : !stream.resource<transient>{%c32}, !stream.resource<transient>{%c32}
    cf.br ^bb1(%c0, %2#0, %2#1 : index, !stream.resource<transient>, !stream.resource<transient>)
  ^bb1(%3: index, %4: !stream.resource<transient>, %5: !stream.resource<transient>):  // 2 preds: ^bb0, ^bb2
    %6 = arith.cmpi slt, %3, %c3 : index
    cf.cond_br %6, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c32} => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%5 as %arg0: !stream.resource<transient>{%c32}, %result_2 as %arg1: !stream.resource<transient>{%c32}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c32 : !stream.resource<transient>{%c32} -> !stream.resource<transient>{%c32}
      stream.cmd.fill %c0_i8, %arg1[%c16 for %c16] : i8 -> !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%7) => !stream.resource<transient>{%c32} => !stream.timepoint
    %8 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_5) => with(%result_2 as %arg0: !stream.resource<transient>{%c32}, %result_4 as %arg1: !stream.resource<transient>{%c32}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c32 : !stream.resource<transient>{%c32} -> !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %9 = arith.addi %3, %c1 : index
    %10 = stream.timepoint.await %8 => %result_4 : !stream.resource<transient>{%c32}
    %11 = stream.timepoint.await %7 => %result_2 : !stream.resource<transient>{%c32}
    cf.br ^bb1(%9, %10, %11 : index, !stream.resource<transient>, !stream.resource<transient>)
  ^bb3:  // pred: ^bb1
    %12 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %2#0 : !stream.resource<transient>
    %13 = util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]} %2#1 : !stream.resource<transient>
    %14 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %4 : !stream.resource<transient>
    %15 = util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]} %5 : !stream.resource<transient>
    util.return
  }
}


// hand repair: 3.13's output with ChainDependentAwaits keeping the execute's await: the @d1 alloca's timepoint joined with the moved producer timepoint %1 (what the pre-3.10 pattern built). Correct: the copy on @d1 waits for its alloca and for the producer, as the program asks.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<staging>{%c16} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<staging>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<staging>{%c16}
      stream.cmd.flush %arg1[%c0 for %c16] : !stream.resource<staging>{%c16}
    } => !stream.timepoint
    %2:2 = stream.timepoint.await %1 => %result_0, %result : !stream.resource<staging>{%c16}, !stream.resource<transient>{%c16}
    %3 = stream.resource.load %2#0[%c0] : !stream.resource<staging>{%c16} -> i32
    stream.resource.store %3, %2#0[%c12] : i32 -> !stream.resource<staging>{%c16}
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %j = stream.timepoint.join max(%1, %result_timepoint_3) => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%j) => with(%result_0 as %arg0: !stream.resource<staging>{%c16}, %result_2 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg0[%c0 for %c16] : !stream.resource<staging>{%c16}
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<staging>{%c16} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %5 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %2#1 : !stream.resource<transient>
    %6 = stream.timepoint.await %4 => %result_2 : !stream.resource<transient>{%c16}
    %7 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %6 : !stream.resource<transient>
    util.return
  }
}


// hand repair: a compiler that inlines the single-block scf.execute_region before allocating (what canonicalize does) allocates as for the same executes without it: this is the pinned iree-opt 3.13.0's output for the program without the region, %result on optimal<[@d0, @d1]>
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<external>{%c16} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<external>{%c16}) {
      stream.cmd.fill %c0_i32, %arg0[%c0_0 for %c16] : i32 -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%0) => !stream.resource<external>{%c16} => !stream.timepoint
    %1:2 = stream.resource.pack on(#hal.device.affinity<@d1>) slices({
      [0, 1] = %c16
    }) : index
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%0) => !stream.resource<transient>{%1#0} => !stream.timepoint
    %2 = stream.timepoint.join max(%0, %result_timepoint_3, %result_timepoint_5) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%2) => with(%result as %arg0: !stream.resource<external>{%c16}, %result_2 as %arg1: !stream.resource<external>{%c16}, %result_4 as %arg2: !stream.resource<transient>{%1#0}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg0[%c0_1 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg0[%c0_1], %arg2[%1#1], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%1#0}
      stream.cmd.dispatch @ex::@entry1 {
        ro %arg2[%1#1 for %c16] : !stream.resource<transient>{%1#0},
        wo %arg1[%c0_1 for %c16] : !stream.resource<external>{%c16}
      }
    } => !stream.timepoint
    %4 = stream.resource.dealloca on(#hal.device.affinity<@d1>) await(%3) => %result_4 : !stream.resource<transient>{%1#0} => !stream.timepoint
    %5 = stream.timepoint.join max(%4, %3) => !stream.timepoint
    %6 = stream.timepoint.await %0 => %result : !stream.resource<external>{%c16}
    %7 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %6 : !stream.resource<external>
    %8 = stream.timepoint.await %5 => %result_2 : !stream.resource<external>{%c16}
    %9 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %8 : !stream.resource<external>
    util.return
  }
}


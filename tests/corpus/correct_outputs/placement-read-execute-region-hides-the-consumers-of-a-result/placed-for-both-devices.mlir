// hand repair: deriveResultAffinity gets the consumers through the region's yield: %result, written on @d0 and read by the execute on @d1, is allocated on optimal<[@d0, @d1]>, everything else as the pinned iree-opt 3.13.0 printed it
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %0:4 = scf.execute_region -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
      %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<external>{%c16} => !stream.timepoint
      %c0_0 = arith.constant 0 : index
      %5 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<external>{%c16}) {
        stream.cmd.fill %c0_i32, %arg0[%c0_0 for %c16] : i32 -> !stream.resource<external>{%c16}
      } => !stream.timepoint
      %c0_1 = arith.constant 0 : index
      %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%5) => !stream.resource<external>{%c16} => !stream.timepoint
      %6:2 = stream.resource.pack on(#hal.device.affinity<@d1>) slices({
        [0, 1] = %c16
      }) : index
      %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%5) => !stream.resource<transient>{%6#0} => !stream.timepoint
      %7 = stream.timepoint.join max(%5, %result_timepoint_3, %result_timepoint_5) => !stream.timepoint
      %8 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%7) => with(%result as %arg0: !stream.resource<external>{%c16}, %result_2 as %arg1: !stream.resource<external>{%c16}, %result_4 as %arg2: !stream.resource<transient>{%6#0}) {
        stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg0[%c0_1 for %c16] : !stream.resource<external>{%c16}
        stream.cmd.copy %arg0[%c0_1], %arg2[%6#1], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%6#0}
        stream.cmd.dispatch @ex::@entry1 {
          ro %arg2[%6#1 for %c16] : !stream.resource<transient>{%6#0},
          wo %arg1[%c0_1 for %c16] : !stream.resource<external>{%c16}
        }
      } => !stream.timepoint
      %9 = stream.resource.dealloca on(#hal.device.affinity<@d1>) await(%8) => %result_4 : !stream.resource<transient>{%6#0} => !stream.timepoint
      %10 = stream.timepoint.join max(%9, %8) => !stream.timepoint
      scf.yield %result, %5, %result_2, %10 : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
    }
    %1 = stream.timepoint.await %0#1 => %0#0 : !stream.resource<external>{%c16}
    %2 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %1 : !stream.resource<external>
    %3 = stream.timepoint.await %0#3 => %0#2 : !stream.resource<external>{%c16}
    %4 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %3 : !stream.resource<external>
    util.return
  }
}


// hand repair: the 3.13 output with fill 3 (%c3_i8, byte 0) moved out of the wave to run after it: fill 1 and fill 3 now run in order, fill 2 (byte 1) still alongside fill 1. Correct: byte 0 ends 3, byte 1 ends 2.
module {
  util.global private @d0 : !hal.device
  util.func public @three_tied_fills() -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c0_i8 = arith.constant 0 : i8
    %c1_i8 = arith.constant 1 : i8
    %c2_i8 = arith.constant 2 : i8
    %c3_i8 = arith.constant 3 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c2} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0:2 = stream.resource.pack on(#hal.device.affinity<@d0>) slices({
      [0, 1] = %c2
    }) : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_2) => !stream.timepoint
    %2 = arith.addi %0#1, %c1 : index
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%1) => with(%result as %arg0: !stream.resource<external>{%c2}, %result_1 as %arg1: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c0_i8, %arg1[%0#1 for %c2] : i8 -> !stream.resource<transient>{%0#0}
      stream.cmd.concurrent {
        stream.cmd.fill %c1_i8, %arg1[%0#1 for %c1] : i8 -> !stream.resource<transient>{%0#0}
        stream.cmd.fill %c2_i8, %arg1[%2 for %c1] : i8 -> !stream.resource<transient>{%0#0}
      }
      stream.cmd.fill %c3_i8, %arg1[%0#1 for %c1] : i8 -> !stream.resource<transient>{%0#0}
    } => !stream.timepoint
    %4 = stream.resource.dealloca on(#hal.device.affinity<@d0>) await(%3) => %result_1 : !stream.resource<transient>{%0#0} => !stream.timepoint
    %5 = stream.timepoint.join max(%4, %3) => !stream.timepoint
    %6 = stream.timepoint.await %5 => %result : !stream.resource<external>{%c2}
    util.return %6 : !stream.resource<external>
  }
}


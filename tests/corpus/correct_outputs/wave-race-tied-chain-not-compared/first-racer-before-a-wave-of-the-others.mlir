// hand repair: the 3.13 output (all five witnesses) with the first racer of each wave taken out and run before the wave: fill 1, the self-copy of byte 0, the fill of [64, 80). What stays in each wave touches disjoint bytes, and the second racer now follows the first. Witnesses 4 and 5: @entry1 taken out of its wave and run before the fill (4) or the copy (5) that was its only other member.
module {
  util.global private @d0 : !hal.device
  util.func public @three_tied_fills(%arg0: !stream.resource<external>) -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c1_i8 = arith.constant 1 : i8
    %c2_i8 = arith.constant 2 : i8
    %c3_i8 = arith.constant 3 : i8
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c2} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<external>{%c2}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c2] : i8 -> !stream.resource<external>{%c2}
      stream.cmd.fill %c1_i8, %arg1[%c0 for %c1] : i8 -> !stream.resource<external>{%c2}
      stream.cmd.concurrent {
        stream.cmd.fill %c2_i8, %arg1[%c1 for %c1] : i8 -> !stream.resource<external>{%c2}
        stream.cmd.fill %c3_i8, %arg1[%c0 for %c1] : i8 -> !stream.resource<external>{%c2}
      }
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<external>{%c2}
    util.return %1 : !stream.resource<external>
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.func public @self_copy_then_copy() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c0_i8 = arith.constant 0 : i8
    %c9_i8 = arith.constant 9 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c2} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c2}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c2] : i8 -> !stream.resource<transient>{%c2}
    } => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%0) => !stream.resource<transient>{%c2} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%result as %arg0: !stream.resource<transient>{%c2}, %result_0 as %arg1: !stream.resource<transient>{%c2}) {
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c2 : !stream.resource<transient>{%c2} -> !stream.resource<transient>{%c2}
      stream.cmd.copy %arg1[%c0], %arg1[%c0], %c1 : !stream.resource<transient>{%c2} -> !stream.resource<transient>{%c2}
      stream.cmd.concurrent {
        stream.cmd.fill %c9_i8, %arg1[%c1 for %c1] : i8 -> !stream.resource<transient>{%c2}
        stream.cmd.copy %arg0[%c1], %arg1[%c0], %c1 : !stream.resource<transient>{%c2} -> !stream.resource<transient>{%c2}
      }
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@d0>) await(%1) => %result : !stream.resource<transient>{%c2} => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result_0 : !stream.resource<transient>{%c2}
    %4 = util.optimization_barrier %3 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.func public @zero_length_copy_in_the_chain() {
    %c0 = arith.constant 0 : index
    %c80 = arith.constant 80 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %c1_i8 = arith.constant 1 : i8
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c128}) {
      stream.cmd.fill %c1_i8, %arg0[%c0 for %c4] : i8 -> !stream.resource<transient>{%c128}
      stream.cmd.fill %c0_i8, %arg0[%c64 for %c16] : i8 -> !stream.resource<transient>{%c128}
      stream.cmd.concurrent {
        stream.cmd.copy %arg0[%c0], %arg0[%c80], %c0 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c128}
        stream.cmd.dispatch @ex::@update {
          rw %arg0[%c64 for %c16] : !stream.resource<transient>{%c128}
        }
      }
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c128}
    %2 = stream.resource.subview %1[%c0] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c4}
    %3 = stream.resource.subview %1[%c64] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c16}
    %4 = util.optimization_barrier %2 : !stream.resource<transient>
    %5 = util.optimization_barrier %3 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.func public @two_results_tied_to_one_target_then_fill() {
    %c0 = arith.constant 0 : index
    %c80 = arith.constant 80 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c0_i8 = arith.constant 0 : i8
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c128}) {
      stream.cmd.concurrent {
        stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c128}
        stream.cmd.fill %c0_i8, %arg0[%c64 for %c32] : i8 -> !stream.resource<transient>{%c128}
      }
      stream.cmd.dispatch @ex::@entry1 {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c128},
        rw %arg0[%c64 for %c16] : !stream.resource<transient>{%c128},
        rw %arg0[%c80 for %c16] : !stream.resource<transient>{%c128}
      }
      stream.cmd.fill %c0_i8, %arg0[%c64 for %c16] : i8 -> !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c128}
    %2 = stream.resource.subview %1[%c0] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c16}
    %3 = stream.resource.subview %1[%c64] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c32}
    %4 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %2 : !stream.resource<transient>
    %5 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %3 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @two_results_tied_to_one_target_then_copy() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c0_i8 = arith.constant 0 : i8
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c128}, %result_0 as %arg1: !stream.resource<transient>{%c128}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c128}
      stream.cmd.concurrent {
        stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c128}
        stream.cmd.flush to(#hal.device.affinity<@d1>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c128}
        stream.cmd.fill %c0_i8, %arg0[%c64 for %c16] : i8 -> !stream.resource<transient>{%c128}
      }
      stream.cmd.copy %arg0[%c64], %arg1[%c64], %c16 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c128}
      stream.cmd.flush to(#hal.device.affinity<@d1>) %arg1[%c64 for %c16] : !stream.resource<transient>{%c128}
    } => !stream.timepoint
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%1) => !stream.resource<transient>{%c32} => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_3) => with(%result_0 as %arg0: !stream.resource<transient>{%c128}, %result_2 as %arg1: !stream.resource<transient>{%c32}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c32] : i8 -> !stream.resource<transient>{%c32}
      stream.cmd.dispatch @ex::@entry1 {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c128},
        rw %arg1[%c0 for %c16] : !stream.resource<transient>{%c32},
        rw %arg1[%c16 for %c16] : !stream.resource<transient>{%c32}
      }
      stream.cmd.copy %arg0[%c64], %arg1[%c0], %c16 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %3:2 = stream.timepoint.await %1 => %result, %result_0 : !stream.resource<transient>{%c128}, !stream.resource<transient>{%c128}
    %4 = stream.resource.subview %3#0[%c0] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c16}
    %5 = stream.resource.subview %3#0[%c64] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c16}
    %6 = stream.resource.subview %3#1[%c64] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c16}
    %7 = stream.resource.subview %3#1[%c0] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c16}
    %8 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %4 : !stream.resource<transient>
    %9 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %5 : !stream.resource<transient>
    %10 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %7 : !stream.resource<transient>
    %11 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %6 : !stream.resource<transient>
    %12 = stream.timepoint.await %2 => %result_2 : !stream.resource<transient>{%c32}
    %13 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %12 : !stream.resource<transient>
    util.return
  }
}

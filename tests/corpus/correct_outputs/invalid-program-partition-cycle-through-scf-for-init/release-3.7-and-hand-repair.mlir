// hand repair: witness 1 is iree-opt 3.7.0's output (a release without its bug); witness 2, which no release compiles, is iree-opt 3.13.0's output with %a passed through util.optimization_barrier on the dispatch's direct read (an identity: the same program): %a and the select stay outside the dispatch's partition
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    cf.br ^bb1(%c0, %1 : index, !stream.resource<transient>)
  ^bb1(%2: index, %3: !stream.resource<transient>):  // 2 preds: ^bb0, ^bb2
    %4 = arith.cmpi slt, %2, %c2 : index
    cf.cond_br %4, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %5 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%3 as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@entry1 {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %6 = arith.addi %2, %c1 : index
    %7 = stream.timepoint.await %5 => %result_0 : !stream.resource<transient>{%c16}
    cf.br ^bb1(%6, %7 : index, !stream.resource<transient>)
  ^bb3:  // pred: ^bb1
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%0) => !stream.resource<transient>{%c16} => !stream.timepoint
    %8 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_3) => with(%3 as %arg0: !stream.resource<transient>{%c16}, %result as %arg1: !stream.resource<transient>{%c16}, %result_2 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@entry2 {
        ro %arg0[%c0 for %c16] : !stream.resource<transient>{%c16},
        ro %arg1[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg2[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %9 = stream.timepoint.await %8 => %result_2 : !stream.resource<transient>{%c16}
    %10 = util.optimization_barrier %9 : !stream.resource<transient>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.func public @main(%arg0: i1) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c5_i32 = arith.constant 5 : i32
    %c7_i32 = arith.constant 7 : i32
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c128} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg1: !stream.resource<transient>{%c128}, %result_0 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c5_i32, %arg2[%c0 for %c16] : i32 -> !stream.resource<transient>{%c64}
      stream.cmd.concurrent {
        stream.cmd.dispatch @ex::@make {
          ro %arg2[%c0 for %c16] : !stream.resource<transient>{%c64},
          wo %arg1[%c0 for %c16] : !stream.resource<transient>{%c128}
        }
        stream.cmd.fill %c7_i32, %arg1[%c64 for %c16] : i32 -> !stream.resource<transient>{%c128}
      }
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@d0>) await(%1) => %result_0 : !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<transient>{%c128}
    %4 = stream.resource.subview %3[%c0] : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c16}
    %5 = arith.select %arg0, %c0, %c64 : index
    %6 = util.optimization_barrier %4 : !stream.resource<transient>
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%2) => with(%result as %arg1: !stream.resource<transient>{%c128}, %6 as %arg2: !stream.resource<transient>{%c16}, %result_2 as %arg3: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@read {
        ro %arg1[%5 for %c16] : !stream.resource<transient>{%c128},
        ro %arg2[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg3[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %8 = stream.timepoint.await %7 => %result_2 : !stream.resource<transient>{%c16}
    %9 = util.optimization_barrier %8 : !stream.resource<transient>
    util.return
  }
}


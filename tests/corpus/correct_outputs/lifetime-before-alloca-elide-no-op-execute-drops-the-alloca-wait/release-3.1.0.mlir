// output of iree-opt 3.1.0 (a release without the bug's shape): its partitioning keeps the alloca in the execute that writes it, and that execute awaits the join of the storage's alloca timepoint with the other alloca's
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.copy %arg1[%c0], %arg0[%c0], %c16 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c16}
      stream.cmd.flush %arg0[%c0 for %c16] : !stream.resource<transient>{%c16}
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c8] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@d0>) await(%1) => %result_0 : !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<transient>{%c16}
    %4 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %3 : !stream.resource<transient>
    util.return
  }
}


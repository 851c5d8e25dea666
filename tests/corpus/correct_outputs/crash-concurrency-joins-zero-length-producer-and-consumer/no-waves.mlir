// output of iree-opt 3.13.0 with --iree-stream-partitioning-favor=debug (the same pipeline forming no waves): the fill and the dispatch serialized in one execute. Correct: the program compiles, the dispatch reads the zero-length value after it is written.
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c0} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c0}) {
      stream.cmd.fill %c0_i8, %arg1[%c0 for %c0] : i8 -> !stream.resource<transient>{%c0}
      stream.cmd.dispatch @ex::@f {
        ro %arg1[%c0 for %c0] : !stream.resource<transient>{%c0},
        wo %arg0[%c0 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@d0>) await(%1) => %result_0 : !stream.resource<transient>{%c0} => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<transient>{%c16}
    %4 = util.optimization_barrier %3 : !stream.resource<transient>
    util.return
  }
}


// hand repair: iree-opt 3.13.0's output of this program with witness 1 written unscheduled (the same splat and staging transfer on @d0, without the pre-built stream.async.execute, which the pipeline builds itself) and witness 2's constant typed !stream.resource<*> (the same 16 bytes of 3, its lifetime left to refine-usage), so neither meets the transfer-inserting overload
module {
  util.global private @d0 : !hal.device
  util.func public @f() -> !stream.resource<staging> {
    %c64 = arith.constant 64 : index
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1_i32 = arith.constant 1 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<staging>{%c16} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<staging>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c1_i32, %arg1[%c0 for %c16] : i32 -> !stream.resource<transient>{%c64}
      stream.cmd.copy %arg1[%c0], %arg0[%c0], %c16 : !stream.resource<transient>{%c64} -> !stream.resource<staging>{%c16}
      stream.cmd.flush %arg0[%c0 for %c16] : !stream.resource<staging>{%c16}
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@d0>) await(%1) => %result_0 : !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<staging>{%c16}
    util.return %3 : !stream.resource<staging>
  }
}

// -----
module {
  util.func public @g() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c3_i8 = arith.constant 3 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c3_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    util.return
  }
}

// Printed by iree-base-compiler 3.1.0 (3.1.0rc20250107 @ d2242207) for tests/oracles/programs/stream_seed_fanout_flat.mlir
// with --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)'. Each consumer pulls from @d3-only memory.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.func public @fanout() -> (!stream.resource<external>, !stream.resource<external>, !stream.resource<external>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1_i32 = arith.constant 1 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d3>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d3>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d3>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c64}, %result_0 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c1_i32, %arg1[%c0 for %c64] : i32 -> !stream.resource<transient>{%c64}
      stream.cmd.dispatch @ex::@compute {
        ro %arg1[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg0[%c0 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@d3>) await(%1) => %result_0 : !stream.resource<transient>{%c64} => !stream.timepoint
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%2) => !stream.resource<external>{%c64} => !stream.timepoint
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%2) => !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.timepoint.join max(%result_timepoint_3, %result_timepoint_5) => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%3) => with(%result as %arg0: !stream.resource<transient>{%c64}, %result_2 as %arg1: !stream.resource<external>{%c64}, %result_4 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d3>) %arg0[%c0 for %c64] : !stream.resource<transient>{%c64}
      stream.cmd.copy %arg0[%c0], %arg2[%c0], %c64 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
      stream.cmd.flush %arg2[%c0 for %c64] : !stream.resource<transient>{%c64}
      stream.cmd.dispatch @ex::@consume0 {
        ro %arg2[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg1[%c0 for %c64] : !stream.resource<external>{%c64}
      }
    } => !stream.timepoint
    %5 = stream.resource.dealloca on(#hal.device.affinity<@d0>) await(%4) => %result_4 : !stream.resource<transient>{%c64} => !stream.timepoint
    %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%2) => !stream.resource<external>{%c64} => !stream.timepoint
    %result_8, %result_timepoint_9 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%2) => !stream.resource<transient>{%c64} => !stream.timepoint
    %6 = stream.timepoint.join max(%result_timepoint_7, %result_timepoint_9) => !stream.timepoint
    %7 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%6) => with(%result as %arg0: !stream.resource<transient>{%c64}, %result_6 as %arg1: !stream.resource<external>{%c64}, %result_8 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d3>) %arg0[%c0 for %c64] : !stream.resource<transient>{%c64}
      stream.cmd.copy %arg0[%c0], %arg2[%c0], %c64 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
      stream.cmd.flush %arg2[%c0 for %c64] : !stream.resource<transient>{%c64}
      stream.cmd.dispatch @ex::@consume1 {
        ro %arg2[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg1[%c0 for %c64] : !stream.resource<external>{%c64}
      }
    } => !stream.timepoint
    %8 = stream.resource.dealloca on(#hal.device.affinity<@d1>) await(%7) => %result_8 : !stream.resource<transient>{%c64} => !stream.timepoint
    %result_10, %result_timepoint_11 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d2>) await(%2) => !stream.resource<external>{%c64} => !stream.timepoint
    %result_12, %result_timepoint_13 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d2>) await(%2) => !stream.resource<transient>{%c64} => !stream.timepoint
    %9 = stream.timepoint.join max(%result_timepoint_11, %result_timepoint_13) => !stream.timepoint
    %10 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%9) => with(%result as %arg0: !stream.resource<transient>{%c64}, %result_10 as %arg1: !stream.resource<external>{%c64}, %result_12 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d3>) %arg0[%c0 for %c64] : !stream.resource<transient>{%c64}
      stream.cmd.copy %arg0[%c0], %arg2[%c0], %c64 : !stream.resource<transient>{%c64} -> !stream.resource<transient>{%c64}
      stream.cmd.flush %arg2[%c0 for %c64] : !stream.resource<transient>{%c64}
      stream.cmd.dispatch @ex::@consume2 {
        ro %arg2[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg1[%c0 for %c64] : !stream.resource<external>{%c64}
      }
    } => !stream.timepoint
    %11 = stream.resource.dealloca on(#hal.device.affinity<@d2>) await(%10) => %result_12 : !stream.resource<transient>{%c64} => !stream.timepoint
    %12 = stream.timepoint.await %5 => %result_2 : !stream.resource<external>{%c64}
    %13 = util.optimization_barrier %12 : !stream.resource<external>
    %14 = stream.timepoint.await %8 => %result_6 : !stream.resource<external>{%c64}
    %15 = util.optimization_barrier %14 : !stream.resource<external>
    %16 = stream.timepoint.await %11 => %result_10 : !stream.resource<external>{%c64}
    %17 = util.optimization_barrier %16 : !stream.resource<external>
    util.return %13, %15, %17 : !stream.resource<external>, !stream.resource<external>, !stream.resource<external>
  }
}


// Printed by iree-base-compiler 3.1.0 (3.1.0rc20250107 @ d2242207) for tests/oracles/programs/seed_tp4_fanout.mlir
// with --pass-pipeline='builtin.module(iree-stream-schedule-allocation)'. This release still had bug #19891.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.func public @seed_tp4_fanout(%arg0: !stream.timepoint) -> (!stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1_i32 = arith.constant 1 : i32
    %0:4 = stream.resource.pack on(#hal.device.affinity<@d3>) slices({
      [0, 0] = %c64,
      [0, 0] = %c64,
      [0, 0] = %c64
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d3>) await(%arg0) => !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.resource.subview %result[%0#1] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%c64}
    %2 = stream.resource.subview %result[%0#2] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%c64}
    %3 = stream.resource.subview %result[%0#3] : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%c64}
    %c0_0 = arith.constant 0 : index
    %4:3 = stream.resource.pack on(#hal.device.affinity<@d3>) slices({
      [0, 1] = %c64,
      [1, 2] = %c64
    }) : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d3>) await(%arg0) => !stream.resource<transient>{%4#0} => !stream.timepoint
    %5 = stream.timepoint.join max(%arg0, %result_timepoint, %result_timepoint_2) => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d3>) await(%5) => with(%1 as %arg1: !stream.resource<transient>{%c64}, %2 as %arg2: !stream.resource<transient>{%c64}, %3 as %arg3: !stream.resource<transient>{%c64}, %result_1 as %arg4: !stream.resource<transient>{%4#0}) {
      stream.cmd.fill %c1_i32, %arg4[%4#1 for %c64] : i32 -> !stream.resource<transient>{%4#0}
      stream.cmd.dispatch @ex::@compute {
        ro %arg4[%4#1 for %c64] : !stream.resource<transient>{%4#0},
        wo %arg4[%4#2 for %c64] : !stream.resource<transient>{%4#0}
      }
      stream.cmd.concurrent {
        stream.cmd.invalidate from(#hal.device.affinity<@d3>) %arg4[%4#2 for %c64] : !stream.resource<transient>{%4#0}
        stream.cmd.copy %arg4[%4#2], %arg1[%c0_0], %c64 : !stream.resource<transient>{%4#0} -> !stream.resource<transient>{%c64}
        stream.cmd.invalidate from(#hal.device.affinity<@d3>) %arg4[%4#2 for %c64] : !stream.resource<transient>{%4#0}
        stream.cmd.copy %arg4[%4#2], %arg2[%c0_0], %c64 : !stream.resource<transient>{%4#0} -> !stream.resource<transient>{%c64}
        stream.cmd.invalidate from(#hal.device.affinity<@d3>) %arg4[%4#2 for %c64] : !stream.resource<transient>{%4#0}
        stream.cmd.copy %arg4[%4#2], %arg3[%c0_0], %c64 : !stream.resource<transient>{%4#0} -> !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %7 = stream.resource.dealloca on(#hal.device.affinity<@d3>) await(%6) => %result_1 : !stream.resource<transient>{%4#0} => !stream.timepoint
    %8 = stream.timepoint.join max(%7, %6) => !stream.timepoint
    %c0_3 = arith.constant 0 : index
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%8) => !stream.resource<transient>{%c64} => !stream.timepoint
    %9 = stream.timepoint.join max(%8, %result_timepoint_5) => !stream.timepoint
    %10 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%9) => with(%1 as %arg1: !stream.resource<transient>{%c64}, %result_4 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@consume0 {
        ro %arg1[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg2[%c0_3 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %c0_6 = arith.constant 0 : index
    %result_7, %result_timepoint_8 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%8) => !stream.resource<transient>{%c64} => !stream.timepoint
    %11 = stream.timepoint.join max(%8, %result_timepoint_8) => !stream.timepoint
    %12 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%11) => with(%2 as %arg1: !stream.resource<transient>{%c64}, %result_7 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@consume1 {
        ro %arg1[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg2[%c0_6 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %c0_9 = arith.constant 0 : index
    %result_10, %result_timepoint_11 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d2>) await(%8) => !stream.resource<transient>{%c64} => !stream.timepoint
    %13 = stream.timepoint.join max(%8, %result_timepoint_11) => !stream.timepoint
    %14 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%13) => with(%3 as %arg1: !stream.resource<transient>{%c64}, %result_10 as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.dispatch @ex::@consume2 {
        ro %arg1[%c0 for %c64] : !stream.resource<transient>{%c64},
        wo %arg2[%c0_9 for %c64] : !stream.resource<transient>{%c64}
      }
    } => !stream.timepoint
    %15 = stream.timepoint.join max(%10, %12, %14) => !stream.timepoint
    %16 = util.optimization_barrier %result_4 : !stream.resource<transient>
    %17 = util.optimization_barrier %result_7 : !stream.resource<transient>
    %18 = util.optimization_barrier %result_10 : !stream.resource<transient>
    util.return %16, %17, %18, %15 : !stream.resource<transient>, !stream.resource<transient>, !stream.resource<transient>, !stream.timepoint
  }
}


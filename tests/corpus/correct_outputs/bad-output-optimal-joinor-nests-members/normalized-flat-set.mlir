// hand repair: the join normalizes its result: promises resolved to device affinities, members deduplicated and sorted, so each allocation is a flat optimal over every device that uses it (same devices as a member-wise join, spelled differently). Re-printed by the second iree-opt.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @optimal_exec(%arg0: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1_i32 = arith.constant 1 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) await(%arg0) => !stream.resource<transient>{%c16} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0:3 = stream.resource.pack on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) slices({
      [0, 1] = %c16,
      [1, 2] = %c16
    }) : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%arg0) => !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%arg0, %result_timepoint, %result_timepoint_2) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%1) => with(%result as %arg1: !stream.resource<transient>{%c16}, %result_1 as %arg2: !stream.resource<transient>{%0#0}) {
      stream.cmd.fill %c1_i32, %arg2[%0#1 for %c16] : i32 -> !stream.resource<transient>{%0#0}
      stream.cmd.dispatch @ex::@fa {
        ro %arg2[%0#1 for %c16] : !stream.resource<transient>{%0#0},
        wo %arg2[%0#2 for %c16] : !stream.resource<transient>{%0#0}
      }
      stream.cmd.copy %arg2[%0#2], %arg1[%c0_0], %c16 : !stream.resource<transient>{%0#0} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.affinity<@d2>) %arg1[%c0_0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %3 = stream.resource.dealloca on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%2) => %result_1 : !stream.resource<transient>{%0#0} => !stream.timepoint
    %4 = stream.timepoint.join max(%3, %2) => !stream.timepoint
    %c0_3 = arith.constant 0 : index
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) await(%4) => !stream.resource<transient>{%c16} => !stream.timepoint
    %5 = stream.timepoint.join max(%4, %result_timepoint_5) => !stream.timepoint
    %6 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%5) => with(%result as %arg1: !stream.resource<transient>{%c16}, %result_4 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@fb {
        ro %arg1[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg2[%c0_3 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    %c0_6 = arith.constant 0 : index
    %result_7, %result_timepoint_8 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%6) => !stream.resource<transient>{%c16} => !stream.timepoint
    %7 = stream.timepoint.join max(%6, %result_timepoint_8) => !stream.timepoint
    %8 = stream.cmd.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%7) => with(%result_4 as %arg1: !stream.resource<transient>{%c16}, %result_7 as %arg2: !stream.resource<transient>{%c16}) {
      stream.cmd.dispatch @ex::@fc {
        ro %arg1[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg2[%c0_6 for %c16] : !stream.resource<transient>{%c16}
      }
    } => !stream.timepoint
    util.return %result_7, %8 : !stream.resource<transient>, !stream.timepoint
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.func public @read_by_optimal_transfer() {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d3>) : !stream.resource<external>{%c16} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d3>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d3>) await(%0) => with(%result as %arg0: !stream.resource<external>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i32, %arg0[%c0 for %c16] : i32 -> !stream.resource<external>{%c16}
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.promise<@d0>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %c0_2 = arith.constant 0 : index
    %result_3, %result_timepoint_4 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d3>, #hal.device.affinity<@d0>]>) await(%1) => !stream.resource<transient>{%c16} => !stream.timepoint
    %2 = stream.timepoint.join max(%1, %result_timepoint_4) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%2) => with(%result_0 as %arg0: !stream.resource<transient>{%c16}, %result_3 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.copy %arg0[%c0_2], %arg1[%c0_2], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d3>]>) %arg1[%c0_2 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @pulled_to_optimal() {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<external>{%c16} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<external>{%c16}) {
      stream.cmd.fill %c0_i32, %arg0[%c0 for %c16] : i32 -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d1>]>) await(%0) => !stream.resource<external>{%c16} => !stream.timepoint
    %1 = stream.timepoint.join max(%0, %result_timepoint_2) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.promise<@d0>) await(%1) => with(%result as %arg0: !stream.resource<external>{%c16}, %result_1 as %arg1: !stream.resource<external>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d1>) %arg0[%c0_0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg0[%c0_0], %arg1[%c0_0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<external>{%c16}
      stream.cmd.flush to(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d1>]>) %arg1[%c0_0 for %c16] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %3 = stream.timepoint.await %0 => %result : !stream.resource<external>{%c16}
    %4 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %3 : !stream.resource<external>
    %5 = stream.timepoint.await %2 => %result_1 : !stream.resource<external>{%c16}
    %6 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %5 : !stream.resource<external>
    util.return
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d4 : !hal.device
  util.func public @writer_lost_promise_mix() {
    %c0_i32 = arith.constant 0 : i32
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.promise<@d2>) : !stream.resource<external>{%c16} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d2>, #hal.device.affinity<@d4>]>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.promise<@d2>) await(%0) => with(%result as %arg0: !stream.resource<external>{%c16}, %result_0 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i32, %arg0[%c0 for %c16] : i32 -> !stream.resource<external>{%c16}
      stream.cmd.copy %arg0[%c0], %arg1[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<transient>{%c16}
      stream.cmd.flush to(#hal.device.optimal<[#hal.device.affinity<@d4>, #hal.device.affinity<@d0>]>) %arg1[%c0 for %c16] : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %c0_2 = arith.constant 0 : index
    %2 = stream.cmd.execute on(#hal.device.promise<@d0>) await(%1) => with(%result_0 as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i32, %arg0[%c8 for %c8] : i32 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    util.return
  }
}


// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @slab_of_null_joins() {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %0:3 = stream.resource.pack on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) slices({
      [0, 0] = %c16,
      [0, 0] = %c16
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<external>{%0#0} => !stream.timepoint
    %1 = stream.resource.subview %result[%0#1] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%c16}
    %2 = stream.resource.subview %result[%0#2] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%c16}
    %c0 = arith.constant 0 : index
    %3:2 = stream.resource.pack on(#hal.device.promise<@d0>) slices({
      [0, 2] = %c16
    }) : index
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.promise<@d0>) : !stream.resource<transient>{%3#0} => !stream.timepoint
    %4 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %5 = stream.cmd.execute on(#hal.device.promise<@d0>) await(%4) => with(%1 as %arg0: !stream.resource<external>{%c16}, %2 as %arg1: !stream.resource<external>{%c16}, %result_0 as %arg2: !stream.resource<transient>{%3#0}) {
      stream.cmd.fill %c0_i32, %arg2[%3#1 for %c16] : i32 -> !stream.resource<transient>{%3#0}
      stream.cmd.copy %arg2[%3#1], %arg0[%c0], %c16 : !stream.resource<transient>{%3#0} -> !stream.resource<external>{%c16}
      stream.cmd.flush to(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) %arg0[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %arg2[%3#1], %arg1[%c0], %c16 : !stream.resource<transient>{%3#0} -> !stream.resource<external>{%c16}
      stream.cmd.flush to(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) %arg1[%c0 for %c16] : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %6 = stream.resource.dealloca on(#hal.device.promise<@d0>) await(%5) => %result_0 : !stream.resource<transient>{%3#0} => !stream.timepoint
    %7 = stream.timepoint.join max(%6, %5) => !stream.timepoint
    util.return
  }
}


// hand repair: tryLookupResourceUsageAffinity keeps the known consumers when the set also holds undef (the public return): %a is placed for its @d0 writer and its @d1 reader, optimal<[@d0, @d1]>, in both witnesses; %b, only on @d1, stays there.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @returned_and_read(%arg0: index) -> (!stream.resource<transient>, !stream.resource<transient>) {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%0) => !stream.resource<transient>{%arg0} => !stream.timepoint
    %1 = stream.timepoint.join max(%0, %result_timepoint_3) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%1) => with(%result as %arg1: !stream.resource<transient>{%arg0}, %result_2 as %arg2: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@g {
        ro %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0},
        wo %arg2[%c0_1 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %3 = stream.timepoint.await %2 => %result : !stream.resource<transient>{%arg0}
    %4 = stream.timepoint.await %2 => %result_2 : !stream.resource<transient>{%arg0}
    util.return %3, %4 : !stream.resource<transient>, !stream.resource<transient>
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @written_in_place_and_returned(%arg0: index) -> !stream.resource<transient> {
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<transient>{%arg0} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.fill %c7_i32, %arg1[%c0_0 for %arg0] : i32 -> !stream.resource<transient>{%arg0}
    } => !stream.timepoint
    %c0_1 = arith.constant 0 : index
    %1 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%0) => with(%result as %arg1: !stream.resource<transient>{%arg0}) {
      stream.cmd.dispatch @ex::@g {
        rw %arg1[%c0 for %arg0] : !stream.resource<transient>{%arg0}
      }
    } => !stream.timepoint
    %2 = stream.timepoint.await %1 => %result : !stream.resource<transient>{%arg0}
    util.return %2 : !stream.resource<transient>
  }
}


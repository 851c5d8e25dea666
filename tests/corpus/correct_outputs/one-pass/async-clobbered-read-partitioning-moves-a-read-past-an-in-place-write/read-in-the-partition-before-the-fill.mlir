// hand repair: the 3.13 partitions with each @read moved into the partition that holds the in-place fill, ahead of it: in @read_moved_after_fill @read runs before the fill (and @write gets a partition after it); in @read_outlives_its_partition @read runs in the first partition before the fill and its 16-byte result goes on to @use. Correct: each @read reads the bytes before the fill overwrites them, as in the input.
module {
  util.global private @d0 : !hal.device
  util.func public @read_moved_after_fill() {
    %c0_i8 = arith.constant 0 : i8
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c255_i32 = arith.constant 255 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<transient>{%c16} {
      %6 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c16}
      stream.yield %6 : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %results_0:3, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%results as %arg0: !stream.resource<transient>{%c16}) -> (!stream.resource<transient>{%c16}, %results{%c16}, !stream.resource<external>{%c16}) {
      %6 = stream.async.dispatch @ex::@read(%arg0[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
      %7 = stream.async.fill %c255_i32, %arg0[%c0 to %c4 for %c4] : i32 -> %arg0 as !stream.resource<transient>{%c16}
      %8 = stream.async.clone %7 : !stream.resource<transient>{%c16} -> !stream.resource<external>{%c16}
      stream.yield %6, %7, %8 : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<external>{%c16}
    } => !stream.timepoint
    %results_2, %result_timepoint_3 = stream.async.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%results_0#1 as %arg0: !stream.resource<transient>{%c16}) -> %results_0#1{%c16} {
      %6 = stream.async.dispatch @ex::@write(%arg0[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> %arg0{%c16}
      stream.yield %6 : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint_1 => %results_0#0 : !stream.resource<transient>{%c16}
    %7 = stream.timepoint.await %result_timepoint_3 => %results_2 : !stream.resource<transient>{%c16}
    %1:2 = util.optimization_barrier %0, %7 : !stream.resource<transient>, !stream.resource<transient>
    %2 = util.optimization_barrier %1#0 : !stream.resource<transient>
    %3 = stream.timepoint.await %result_timepoint_1 => %results_0#2 : !stream.resource<external>{%c16}
    %4 = util.optimization_barrier %3 : !stream.resource<external>
    %5 = util.optimization_barrier %1#1 : !stream.resource<transient>
    util.return
  }
  util.global private @d1 : !hal.device
  util.func public @read_outlives_its_partition() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c0_i8 = arith.constant 0 : i8
    %c7_i32 = arith.constant 7 : i32
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c64}) {
      %5 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c16}
      %6 = stream.async.dispatch @ex::@produce(%5[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c64}
      %r = stream.async.dispatch @ex::@read(%6[%c0 to %c64 for %c64]) : (!stream.resource<transient>{%c64}) -> !stream.resource<transient>{%c16}
      %7 = stream.async.fill %c0_i8, %6[%c0 to %c16 for %c16] : i8 -> %6 as !stream.resource<transient>{%c64}
      stream.yield %r, %7 : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %results_0:2, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%results#1 as %arg0: !stream.resource<transient>{%c64}) -> (!stream.resource<transient>{%c64}, !stream.resource<transient>{%c16}) {
      %5 = stream.async.transfer %arg0 : !stream.resource<transient>{%c64} from(#hal.device.affinity<@d0>) -> !stream.resource<transient>{%c64}
      %6 = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c16}
      stream.yield %5, %6 : !stream.resource<transient>{%c64}, !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %results_2, %result_timepoint_3 = stream.async.execute on(#hal.device.affinity<@d0>) await(%0) => with(%results#0 as %arg0: !stream.resource<transient>{%c16}, %results_0#1 as %arg1: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
      %6 = stream.async.transfer %arg1 : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d1>) -> !stream.resource<transient>{%c16}
      %7 = stream.async.dispatch @ex::@use(%arg0[%c0 to %c16 for %c16], %6[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
      stream.yield %7 : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %result_timepoint_3 => %results_2 : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %3 = stream.timepoint.await %result_timepoint_1 => %results_0#0 : !stream.resource<transient>{%c64}
    %4 = util.optimization_barrier %3 : !stream.resource<transient>
    util.return
  }
}


// hand repair: schedule-concurrency's wave kept (the zero-size splat and its reader in one wave) and schedule-allocation repaired to give the zero-size value a range in the transient slab, so the wave becomes a stream.cmd.concurrent of the 0-byte fill and the dispatch. Correct: the two touch no byte in common, the module compiles and keeps the dispatch.
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0:2 = stream.resource.pack on(#hal.device.affinity<@d0>) slices({
      [0, 1] = %c0
    }) : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%0#0} => !stream.timepoint
    %1 = stream.timepoint.join max(%result_timepoint, %result_timepoint_2) => !stream.timepoint
    %2 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%1) => with(%result as %arg0: !stream.resource<transient>{%c16}, %result_1 as %arg1: !stream.resource<transient>{%0#0}) {
      stream.cmd.concurrent {
        stream.cmd.fill %c0_i8, %arg1[%0#1 for %c0] : i8 -> !stream.resource<transient>{%0#0}
        stream.cmd.dispatch @ex::@f {
          ro %arg1[%0#1 for %c0] : !stream.resource<transient>{%0#0},
          wo %arg0[%c0_0 for %c16] : !stream.resource<transient>{%c16}
        }
      }
    } => !stream.timepoint
    %3 = stream.resource.dealloca on(#hal.device.affinity<@d0>) await(%2) => %result_1 : !stream.resource<transient>{%0#0} => !stream.timepoint
    %4 = stream.timepoint.join max(%3, %2) => !stream.timepoint
    %5 = stream.timepoint.await %4 => %result : !stream.resource<transient>{%c16}
    %6 = util.optimization_barrier %5 : !stream.resource<transient>
    util.return
  }
}


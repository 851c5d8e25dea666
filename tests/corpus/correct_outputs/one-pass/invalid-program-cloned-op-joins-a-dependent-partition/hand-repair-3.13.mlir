// hand repair: iree-opt 3.13.0's output of this input with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d1>) with() -> !stream.resource<transient>{%c1} {
      %8 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      stream.yield %8 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<transient>{%c1}
    %1 = util.optimization_barrier %0 : !stream.resource<transient>
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d0>) with(%1 as %arg0: !stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1} {
      %8 = stream.async.transfer %arg0 : !stream.resource<transient>{%c1} from(#hal.device.affinity<@d1>) -> !stream.resource<transient>{%c1}
      stream.yield %8 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %2 = stream.timepoint.await %result_timepoint_1 => %results_0 : !stream.resource<transient>{%c1}
    %3 = util.optimization_barrier %2 : !stream.resource<transient>
    %results_2, %result_timepoint_3 = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<transient>{%c1} {
      %8 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      stream.yield %8 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %4 = stream.timepoint.await %result_timepoint_3 => %results_2 : !stream.resource<transient>{%c1}
    %5 = util.optimization_barrier %4 : !stream.resource<transient>
    %results_4, %result_timepoint_5 = stream.async.execute on(#hal.device.affinity<@d1>) with(%5 as %arg0: !stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1} {
      %8 = stream.async.dispatch @ex::@h(%arg0[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
      stream.yield %8 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %6 = stream.timepoint.await %result_timepoint_5 => %results_4 : !stream.resource<transient>{%c1}
    %7 = util.optimization_barrier %6 : !stream.resource<transient>
    util.return
  }
}

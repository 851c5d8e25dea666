// hand repair: iree-opt 3.13.0's output of this input with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<transient>{%c1} {
      %4 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      stream.yield %4 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<transient>{%c1}
    %1 = util.optimization_barrier %0 : !stream.resource<transient>
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d0>) with(%1 as %arg0: !stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1} {
      %4 = stream.async.dispatch @ex::@entry2(%arg0[%c0 to %c1 for %c1], %arg0[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
      stream.yield %4 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %2 = stream.timepoint.await %result_timepoint_1 => %results_0 : !stream.resource<transient>{%c1}
    %3 = util.optimization_barrier %2 : !stream.resource<transient>
    util.return
  }
}

// hand repair: iree-opt 3.13.0's output of this input with only %0 passed through util.optimization_barrier (an identity: the same program), a single barrier that keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d1>) with() -> !stream.resource<transient>{%c1} {
      %2 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      stream.yield %2 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<transient>{%c1}
    %1 = util.optimization_barrier %0 : !stream.resource<transient>
    util.return
  }
}

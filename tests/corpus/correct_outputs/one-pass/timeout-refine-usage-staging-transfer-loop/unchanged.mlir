// hand repair: the input unchanged (printed by iree-opt 3.13.0 with no pass): every resource in it already has a concrete lifetime and the execute yields the staging value the function returns, so leaving it as it is is a correct refinement
module {
  util.global private @d0 : !hal.device
  util.func public @f() -> !stream.resource<staging> {
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<staging>{%c1} {
      %1 = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c1}
      %2 = stream.async.transfer %1 : !stream.resource<transient>{%c1} -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c1}
      stream.yield %2 : !stream.resource<staging>{%c1}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<staging>{%c1}
    util.return %0 : !stream.resource<staging>
  }
}


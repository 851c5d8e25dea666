// hand repair: the barrier kept in the splat's execute on @d0 and the transfer in an execute of its own on @d1 that awaits it; printed by iree-stream-verify-lowering-to-async, which accepts it. Correct: every streamable op is in an execution region, the program means the same.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<transient>{%c16} {
      %2 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c16}
      %3 = stream.async.barrier %2 : !stream.resource<transient>{%c16}
      stream.yield %3 : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d1>) await(%result_timepoint) => with(%results as %arg0: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
      %2 = stream.async.transfer %arg0 : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c16}
      stream.yield %2 : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint_1 => %results_0 : !stream.resource<transient>{%c16}
    %1 = util.optimization_barrier %0 : !stream.resource<transient>
    util.return
  }
}


// hand repair: 3.13's canonicalize output with ElideNoOpCmdExecuteOp replacing the empty execute's timepoint by its await (%result_timepoint) instead of an immediate one: the fill's execute awaits the alloca, as it did through the empty execute
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c1} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c1}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c1] : i8 -> !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c1}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    util.return
  }
}


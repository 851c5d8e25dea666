// hand repair: 3.13's canonicalize output with the empty execute %0 kept (ElideNoOpCmdExecuteOp not applied): the fill's execute awaits %0, which is reached only after the alloca's timepoint it awaits, so the fill runs after the alloca
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c1} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c1}) {
    } => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c1}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c1] : i8 -> !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %2 = stream.timepoint.await %1 => %result : !stream.resource<transient>{%c1}
    %3 = util.optimization_barrier %2 : !stream.resource<transient>
    util.return
  }
}

// hand repair: 3.13's output with ElideNoOpCmdExecuteOp replacing the empty execute's timepoint by its await (the storage's alloca timepoint %result_timepoint) instead of an immediate one: the execute that fills %result awaits its alloca, as stream.resource.alloca requires
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c8] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %1 : !stream.resource<transient>
    util.return
  }
}


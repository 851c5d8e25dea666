// hand repair: a join that rebuilds the set from the other attribute's members first: optimal<[@d2, @d0]>, the same devices in another order (this pass only places storage, so repairs differ only in placement). Re-printed by the second iree-opt.
module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @optimal_exec(%arg0: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d0>]>) await(%arg0) => !stream.resource<transient>{%c1} => !stream.timepoint
    %c0 = arith.constant 0 : index
    %0 = stream.timepoint.join max(%arg0, %result_timepoint) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d2>]>) await(%0) => with(%result as %arg1: !stream.resource<transient>{%c1}) {
      stream.cmd.fill %c1_i32, %arg1[%c0 for %c1] : i32 -> !stream.resource<transient>{%c1}
    } => !stream.timepoint
    util.return %result, %1 : !stream.resource<transient>, !stream.timepoint
  }
}


// hand repair: ValueConsumerAffinityPVS links the scf.for init to the loop result, so the init allocation is placed for the @d1 read after the loop too: optimal<[@d1, @d2]>.
module {
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @loop_result_read(%arg0: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) : !stream.resource<transient>{%c1} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %0 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%c1}) {
      stream.cmd.fill %c1_i32, %arg1[%c0_0 for %c1] : i32 -> !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %1:2 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %result, %arg3 = %0) -> (!stream.resource<transient>, !stream.timepoint) {
      %c0_4 = arith.constant 0 : index
      %result_5, %result_timepoint_6 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]>) await(%arg3) => !stream.resource<transient>{%c1} => !stream.timepoint
      %4 = stream.timepoint.join max(%arg3, %result_timepoint_6) => !stream.timepoint
      %5 = stream.cmd.execute on(#hal.device.affinity<@d2>) await(%4) => with(%arg2 as %arg4: !stream.resource<transient>{%c1}, %result_5 as %arg5: !stream.resource<transient>{%c1}) {
        stream.cmd.dispatch @ex::@f {
          ro %arg4[%c0 for %c1] : !stream.resource<transient>{%c1},
          wo %arg5[%c0_4 for %c1] : !stream.resource<transient>{%c1}
        }
      } => !stream.timepoint
      scf.yield %result_5, %5 : !stream.resource<transient>, !stream.timepoint
    }
    %c0_1 = arith.constant 0 : index
    %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) await(%1#1) => !stream.resource<transient>{%c1} => !stream.timepoint
    %2 = stream.timepoint.join max(%1#1, %result_timepoint_3) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%2) => with(%1#0 as %arg1: !stream.resource<transient>{%c1}, %result_2 as %arg2: !stream.resource<transient>{%c1}) {
      stream.cmd.dispatch @ex::@g {
        ro %arg1[%c0 for %c1] : !stream.resource<transient>{%c1},
        wo %arg2[%c0_1 for %c1] : !stream.resource<transient>{%c1}
      }
    } => !stream.timepoint
    util.return
  }
}


// hand repair: the 3.13 output with the if result's dealloca moved into an scf.if on the same condition, taken only on the else path, where the result is the branch's own buffer; on the then path it is the returned slab and stays live
module {
  util.global private @d0 : !hal.device
  util.func public @main(%arg0: i1) -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c1_i32 = arith.constant 1 : i32
    %c2_i32 = arith.constant 2 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c64} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<external>{%c64}) {
      stream.cmd.fill %c1_i32, %arg1[%c0 for %c64] : i32 -> !stream.resource<external>{%c64}
    } => !stream.timepoint
    %1:2 = scf.if %arg0 -> (!stream.resource<external>, !stream.timepoint) {
      scf.yield %result, %0 : !stream.resource<external>, !stream.timepoint
    } else {
      %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%0) => !stream.resource<external>{%c64} => !stream.timepoint
      %6 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%result_0 as %arg1: !stream.resource<external>{%c64}) {
        stream.cmd.fill %c2_i32, %arg1[%c0 for %c64] : i32 -> !stream.resource<external>{%c64}
      } => !stream.timepoint
      scf.yield %result_0, %6 : !stream.resource<external>, !stream.timepoint
    }
    %2 = stream.timepoint.join max(%0, %1#1) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%2) => with(%1#0 as %arg1: !stream.resource<external>{%c64}, %result as %arg2: !stream.resource<external>{%c64}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c32], %c16 : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
    } => !stream.timepoint
    %4 = scf.if %arg0 -> (!stream.timepoint) {
      scf.yield %3 : !stream.timepoint
    } else {
      %7 = stream.resource.dealloca origin await(%3) => %1#0 : !stream.resource<external>{%c64} => !stream.timepoint
      scf.yield %7 : !stream.timepoint
    }
    %5 = stream.timepoint.await %4 => %result : !stream.resource<external>{%c64}
    util.return %5 : !stream.resource<external>
  }
}


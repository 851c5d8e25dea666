// output of iree-opt 3.10.0 --pass-pipeline='builtin.module(iree-stream-automatic-reference-counting)' (ARC does not analyze scf.if before 3.11 and inserts no dealloca here)
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
      %5 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint_1) => with(%result_0 as %arg1: !stream.resource<external>{%c64}) {
        stream.cmd.fill %c2_i32, %arg1[%c0 for %c64] : i32 -> !stream.resource<external>{%c64}
      } => !stream.timepoint
      scf.yield %result_0, %5 : !stream.resource<external>, !stream.timepoint
    }
    %2 = stream.timepoint.join max(%0, %1#1) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%2) => with(%1#0 as %arg1: !stream.resource<external>{%c64}, %result as %arg2: !stream.resource<external>{%c64}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c32], %c16 : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result : !stream.resource<external>{%c64}
    util.return %4 : !stream.resource<external>
  }
}


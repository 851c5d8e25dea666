// The IR before iree-stream-automatic-reference-counting, as the pinned compiler's stream pipeline prints
// it (--mlir-print-ir-before), of the program of while_init_exported_after.mlir without the export of %a
// (%result): after the loop only its result is read, so freeing the result frees nothing live.
module {
  util.global private @d0 : !hal.device
  util.func public @w(%arg0: index) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c1_i32 = arith.constant 1 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c1_i32, %arg1[%c0 for %c16] : i32 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1:3 = scf.while (%arg1 = %c0, %arg2 = %result, %arg3 = %0) : (index, !stream.resource<transient>, !stream.timepoint) -> (index, !stream.resource<transient>, !stream.timepoint) {
      %6 = arith.cmpi slt, %arg1, %arg0 : index
      scf.condition(%6) %arg1, %arg2, %arg3 : index, !stream.resource<transient>, !stream.timepoint
    } do {
    ^bb0(%arg1: index, %arg2: !stream.resource<transient>, %arg3: !stream.timepoint):
      %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%arg3) => !stream.resource<transient>{%c16} => !stream.timepoint
      %6 = stream.timepoint.join max(%arg3, %result_timepoint_3) => !stream.timepoint
      %7 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%6) => with(%arg2 as %arg4: !stream.resource<transient>{%c16}, %result_2 as %arg5: !stream.resource<transient>{%c16}) {
        stream.cmd.dispatch @ex::@f {
          ro %arg4[%c0 for %c16] : !stream.resource<transient>{%c16},
          wo %arg5[%c0 for %c16] : !stream.resource<transient>{%c16}
        }
      } => !stream.timepoint
      %8 = arith.addi %arg1, %c1 : index
      scf.yield %8, %result_2, %7 : index, !stream.resource<transient>, !stream.timepoint
    }
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%1#2) => !stream.resource<external>{%c16} => !stream.timepoint
    %2 = stream.timepoint.join max(%1#2, %result_timepoint_1) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%2) => with(%1#1 as %arg1: !stream.resource<transient>{%c16}, %result_0 as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.dispatch @ex::@f {
        ro %arg1[%c0 for %c16] : !stream.resource<transient>{%c16},
        wo %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
      }
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<external>{%c16}
    %5 = stream.tensor.export on(#hal.device.affinity<@d0>) %4 : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %5 : !hal.buffer_view
  }
}



// The IR before iree-stream-automatic-reference-counting, as the pinned compiler's stream pipeline prints
// it (--mlir-print-ir-before), of an async program: %a (%result) is splatted, carried into an scf.while as
// its init, each trip dispatches a new value from the carried one; after the loop a dispatch reads the
// loop's result and %a is exported as well. When the loop runs zero times its result is %a, still live.
module {
  util.global private @d0 : !hal.device
  util.func public @w(%arg0: index) -> (!hal.buffer_view, !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c1_i32 = arith.constant 1 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg1: !stream.resource<external>{%c16}) {
      stream.cmd.fill %c1_i32, %arg1[%c0 for %c16] : i32 -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %1:3 = scf.while (%arg1 = %c0, %arg2 = %result, %arg3 = %0) : (index, !stream.resource<external>, !stream.timepoint) -> (index, !stream.resource<external>, !stream.timepoint) {
      %8 = arith.cmpi slt, %arg1, %arg0 : index
      scf.condition(%8) %arg1, %arg2, %arg3 : index, !stream.resource<external>, !stream.timepoint
    } do {
    ^bb0(%arg1: index, %arg2: !stream.resource<external>, %arg3: !stream.timepoint):
      %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%arg3) => !stream.resource<external>{%c16} => !stream.timepoint
      %8 = stream.timepoint.join max(%arg3, %result_timepoint_3) => !stream.timepoint
      %9 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%8) => with(%arg2 as %arg4: !stream.resource<external>{%c16}, %result_2 as %arg5: !stream.resource<external>{%c16}) {
        stream.cmd.dispatch @ex::@f {
          ro %arg4[%c0 for %c16] : !stream.resource<external>{%c16},
          wo %arg5[%c0 for %c16] : !stream.resource<external>{%c16}
        }
      } => !stream.timepoint
      %10 = arith.addi %arg1, %c1 : index
      scf.yield %10, %result_2, %9 : index, !stream.resource<external>, !stream.timepoint
    }
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%1#2) => !stream.resource<external>{%c16} => !stream.timepoint
    %2 = stream.timepoint.join max(%1#2, %result_timepoint_1) => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%2) => with(%1#1 as %arg1: !stream.resource<external>{%c16}, %result_0 as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.dispatch @ex::@f {
        ro %arg1[%c0 for %c16] : !stream.resource<external>{%c16},
        wo %arg2[%c0 for %c16] : !stream.resource<external>{%c16}
      }
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result_0 : !stream.resource<external>{%c16}
    %5 = stream.tensor.export on(#hal.device.affinity<@d0>) %4 : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    %6 = stream.timepoint.await %0 => %result : !stream.resource<external>{%c16}
    %7 = stream.tensor.export on(#hal.device.affinity<@d0>) %6 : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %5, %7 : !hal.buffer_view, !hal.buffer_view
  }
}



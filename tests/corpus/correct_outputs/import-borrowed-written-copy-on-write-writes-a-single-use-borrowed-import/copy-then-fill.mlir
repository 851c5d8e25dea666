// hand repair: the pinned compiler's (3.13) output of this program with the stream.async.clone of %in that copy-on-write should make written before the fill: the execute copies the caller's buffer into an alloca and fills that; the export hands out the copy.
module {
  util.global private @d0 : !hal.device
  util.func public @main(%arg0: !hal.buffer_view) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c7_i32 = arith.constant 7 : i32
    %0 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg0 : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%c16}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c16} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%0 as %arg1: !stream.resource<external>{%c16}, %result as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<external>{%c16}
      stream.cmd.fill %c7_i32, %arg2[%c0 for %c8] : i32 -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %2 = stream.timepoint.await %1 => %result : !stream.resource<external>{%c16}
    %3 = stream.tensor.export on(#hal.device.affinity<@d0>) %2 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %3 : !hal.buffer_view
  }
}

// hand repair: the result stays on @d1 and the pinned-destination transfer runs there, as PlaceTransferExecutions makes it in the whole pipeline: the source slab allocated on optimal<[@d0, @d1]>, and the copy moved into an execute on @d1 after an invalidate from @d0 (a pull).
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() -> !hal.buffer_view {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %0:3 = stream.resource.pack on(#hal.device.affinity<@d0>) slices({
      [0, 0] = %c16,
      [0, 0] = %c16
    }) : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<external>{%0#0} => !stream.timepoint
    %1 = stream.resource.subview %result[%0#1] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%c16}
    %2 = stream.resource.subview %result[%0#2] : !stream.resource<external>{%0#0} -> !stream.resource<external>{%c16}
    %c0 = arith.constant 0 : index
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<external>{%c16} => !stream.timepoint
    %3 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%3) => with(%1 as %arg0: !stream.resource<external>{%c16}, %2 as %arg1: !stream.resource<external>{%c16}, %result_0 as %arg2: !stream.resource<external>{%c16}) {
      stream.cmd.fill %c0_i32, %arg0[%c0 for %c16] : i32 -> !stream.resource<external>{%c16}
      stream.cmd.fill %c0_i32, %arg1[%c0 for %c16] : i32 -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %pull = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%4) => with(%1 as %src: !stream.resource<external>{%c16}, %result_0 as %dst: !stream.resource<external>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %src[%c0 for %c16] : !stream.resource<external>{%c16}
      stream.cmd.copy %src[%c0], %dst[%c0], %c16 : !stream.resource<external>{%c16} -> !stream.resource<external>{%c16}
    } => !stream.timepoint
    %5 = stream.timepoint.await %pull => %result_0 : !stream.resource<external>{%c16}
    %6 = stream.tensor.export on(#hal.device.affinity<@d1>) %5 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    %7 = stream.timepoint.await %4 => %1 : !stream.resource<external>{%c16}
    %8 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %7 : !stream.resource<external>
    %9 = stream.timepoint.await %4 => %2 : !stream.resource<external>{%c16}
    %10 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %9 : !stream.resource<external>
    util.return %6 : !hal.buffer_view
  }
}


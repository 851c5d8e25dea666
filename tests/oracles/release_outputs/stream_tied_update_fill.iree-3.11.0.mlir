// Printed by iree-base-compiler 3.11.0 (3.11.0rc20260316 @ e4a3b040) for tests/oracles/programs/stream_tied_update_fill.mlir
// with --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)'. The @d0 -> @d1 transfer target is
// allocated on @d1 only, yet written by the @d0 execute (3.13 allocates it on optimal<[@d0, @d1]>).
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @tied() -> !hal.buffer_view {
    %c64 = arith.constant 64 : index
    %c16 = arith.constant 16 : index
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c32 = arith.constant 32 : index
    %c1_i32 = arith.constant 1 : i32
    %c5_i32 = arith.constant 5 : i32
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<external>{%c32} => !stream.timepoint
    %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_1) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<external>{%c32}, %result_0 as %arg1: !stream.resource<transient>{%c64}) {
      stream.cmd.fill %c1_i32, %arg1[%c0 for %c32] : i32 -> !stream.resource<transient>{%c64}
      stream.cmd.fill %c5_i32, %arg1[%c0 for %c16] : i32 -> !stream.resource<transient>{%c64}
      stream.cmd.copy %arg1[%c0], %arg0[%c0], %c32 : !stream.resource<transient>{%c64} -> !stream.resource<external>{%c32}
      stream.cmd.flush to(#hal.device.affinity<@d1>) %arg0[%c0 for %c32] : !stream.resource<external>{%c32}
    } => !stream.timepoint
    %2 = stream.resource.dealloca on(#hal.device.affinity<@d0>) await(%1) => %result_0 : !stream.resource<transient>{%c64} => !stream.timepoint
    %3 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%2) => with(%result as %arg0: !stream.resource<external>{%c32}) {
      stream.cmd.dispatch @ex::@inplace {
        rw %arg0[%c0 for %c32] : !stream.resource<external>{%c32}
      }
      stream.cmd.fill %c1_i32, %arg0[%c4 for %c4] : i32 -> !stream.resource<external>{%c32}
    } => !stream.timepoint
    %4 = stream.timepoint.await %3 => %result : !stream.resource<external>{%c32}
    %5 = stream.tensor.export on(#hal.device.affinity<@d1>) %4 : tensor<8xf32> in !stream.resource<external>{%c32} -> !hal.buffer_view
    util.return %5 : !hal.buffer_view
  }
}


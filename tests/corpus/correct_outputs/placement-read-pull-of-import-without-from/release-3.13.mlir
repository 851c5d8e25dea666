// output of iree-opt 3.13.0 (not a bug: the output is correct)
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %0 = stream.tensor.import on(#hal.device.affinity<@d1>) %arg0 : !hal.buffer_view -> tensor<64xi8> in !stream.resource<external>{%c64}
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c64} => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%0 as %arg1: !stream.resource<external>{%c64}, %result as %arg2: !stream.resource<transient>{%c64}) {
      stream.cmd.copy %arg1[%c0], %arg2[%c0], %c64 : !stream.resource<external>{%c64} -> !stream.resource<transient>{%c64}
    } => !stream.timepoint
    %2 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %0 : !stream.resource<external>
    %3 = stream.timepoint.await %1 => %result : !stream.resource<transient>{%c64}
    %4 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %3 : !stream.resource<transient>
    util.return
  }
}


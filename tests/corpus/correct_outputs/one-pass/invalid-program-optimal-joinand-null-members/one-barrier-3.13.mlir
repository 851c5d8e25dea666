// hand repair: iree-opt 3.13.0's output of this input with only %2 passed through util.optimization_barrier (an identity: the same program), a single barrier that keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) {
    %c1 = arith.constant 1 : index
    %0 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg0 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c1}
    %results, %result_timepoint = stream.async.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) with(%0 as %arg2: !stream.resource<external>{%c1}) -> !stream.resource<transient>{%c1} {
      %3 = stream.async.transfer %arg2 : !stream.resource<external>{%c1} from(#hal.device.affinity<@d0>) -> !stream.resource<transient>{%c1}
      stream.yield %3 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %1 = stream.timepoint.await %result_timepoint => %results : !stream.resource<transient>{%c1}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    util.return
  }
}

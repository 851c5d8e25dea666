// hand repair: iree-opt 3.13.0's output of this input with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) {
    %c1 = arith.constant 1 : index
    %0 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg0 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c1}
    %1 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg1 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c1}
    %results, %result_timepoint = stream.async.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) with(%0 as %arg2: !stream.resource<external>{%c1}) -> !stream.resource<transient>{%c1} {
      %6 = stream.async.transfer %arg2 : !stream.resource<external>{%c1} from(#hal.device.affinity<@d0>) -> !stream.resource<transient>{%c1}
      stream.yield %6 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %2 = stream.timepoint.await %result_timepoint => %results : !stream.resource<transient>{%c1}
    %3 = util.optimization_barrier %2 : !stream.resource<transient>
    %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) with(%1 as %arg2: !stream.resource<external>{%c1}) -> !stream.resource<transient>{%c1} {
      %6 = stream.async.transfer %arg2 : !stream.resource<external>{%c1} from(#hal.device.affinity<@d0>) -> !stream.resource<transient>{%c1}
      stream.yield %6 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %4 = stream.timepoint.await %result_timepoint_1 => %results_0 : !stream.resource<transient>{%c1}
    %5 = util.optimization_barrier %4 : !stream.resource<transient>
    util.return
  }
}

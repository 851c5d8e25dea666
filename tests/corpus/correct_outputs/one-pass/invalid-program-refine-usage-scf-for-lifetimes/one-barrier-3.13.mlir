// hand repair: iree-opt 3.13.0's output of this input with only %4 passed through util.optimization_barrier (an identity: the same program), a single barrier that keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @loop(%arg0: index) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<external>{%c1}
    %1 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %0) -> (!stream.resource<external>) {
      %4 = stream.async.transfer %arg2 : !stream.resource<external>{%c1} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c1}
      %5 = util.optimization_barrier %4 : !stream.resource<external>
      scf.yield %5 : !stream.resource<external>
    }
    %2 = stream.async.clone on(#hal.device.affinity<@d0>) %1 : !stream.resource<external>{%c1} -> !stream.resource<external>{%c1}
    %3 = stream.tensor.export on(#hal.device.affinity<@d0>) %2 : tensor<4xf32> in !stream.resource<external>{%c1} -> !hal.buffer_view
    util.return %3 : !hal.buffer_view
  }
}

// hand repair: iree-opt 3.13.0's output of this input with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @loop(%arg0: index) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<external>{%c1}
    %1 = util.optimization_barrier %0 : !stream.resource<external>
    %2 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %1) -> (!stream.resource<external>) {
      %6 = stream.async.transfer %arg2 : !stream.resource<external>{%c1} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c1}
      %7 = util.optimization_barrier %6 : !stream.resource<external>
      scf.yield %7 : !stream.resource<external>
    }
    %3 = stream.async.clone on(#hal.device.affinity<@d0>) %2 : !stream.resource<external>{%c1} -> !stream.resource<external>{%c1}
    %4 = util.optimization_barrier %3 : !stream.resource<external>
    %5 = stream.tensor.export on(#hal.device.affinity<@d0>) %4 : tensor<4xf32> in !stream.resource<external>{%c1} -> !hal.buffer_view
    util.return %5 : !hal.buffer_view
  }
}

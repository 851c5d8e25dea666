// hand repair: iree-opt 3.13.0's output of this input with every stream.async result passed through util.optimization_barrier (an identity: the same program), which keeps the faulty rewrite from applying
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: i1) -> !stream.resource<external> {
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i8 : i8 -> !stream.resource<transient>{%c1}
    %1 = util.optimization_barrier %0 : !stream.resource<transient>
    %2 = stream.async.transfer %1 : !stream.resource<transient>{%c1} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c1}
    %3 = util.optimization_barrier %2 : !stream.resource<external>
    cf.cond_br %arg0, ^bb2(%3 : !stream.resource<external>), ^bb1
  ^bb1:  // pred: ^bb0
    %4 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<external>{%c1}
    %5 = util.optimization_barrier %4 : !stream.resource<external>
    cf.br ^bb2(%5 : !stream.resource<external>)
  ^bb2(%6: !stream.resource<external>):  // 2 preds: ^bb0, ^bb1
    %7 = util.optimization_barrier %6 : !stream.resource<external>
    util.return %3 : !stream.resource<external>
  }
}

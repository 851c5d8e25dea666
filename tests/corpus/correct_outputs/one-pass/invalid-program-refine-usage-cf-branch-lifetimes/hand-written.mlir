// hand repair: written by hand, what a fixed refine-usage makes of this input: the value returned (%1) is external, so the block argument it is branched into is external and the other edge's splat is made external too (one lifetime per block argument, every edge agreeing); the splat on @d1 stays transient
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: i1) -> !stream.resource<external> {
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i8 : i8 -> !stream.resource<transient>{%c1}
    %1 = stream.async.transfer %0 : !stream.resource<transient>{%c1} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c1}
    cf.cond_br %arg0, ^bb2(%1 : !stream.resource<external>), ^bb1
  ^bb1:  // pred: ^bb0
    %2 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<external>{%c1}
    cf.br ^bb2(%2 : !stream.resource<external>)
  ^bb2(%3: !stream.resource<external>):  // 2 preds: ^bb0, ^bb1
    %4 = util.optimization_barrier %3 : !stream.resource<external>
    util.return %1 : !stream.resource<external>
  }
}

// hand repair: SinkAwaitToFirstConsumer made to skip users in unreachable blocks: cf.cond_br's pass-through fold branches straight to ^bb3 with the awaited value, the unreachable block is erased and the await stays where its one reachable user is (3.13's iree-util-apply-patterns prints this for that IR). Correct: the function compiles and keeps the await.
module {
  util.func public @main(%arg0: !stream.timepoint, %arg1: !stream.resource<transient>, %arg2: i1, %arg3: i1) -> !stream.resource<transient> {
    %c128 = arith.constant 128 : index
    cf.cond_br %arg2, ^bb1, ^bb2(%arg1 : !stream.resource<transient>)
  ^bb1:  // pred: ^bb0
    %0 = stream.timepoint.await %arg0 => %arg1 : !stream.resource<transient>{%c128}
    cf.cond_br %arg3, ^bb2(%0 : !stream.resource<transient>), ^bb2(%arg1 : !stream.resource<transient>)
  ^bb2(%1: !stream.resource<transient>):  // 3 preds: ^bb0, ^bb1, ^bb1
    util.return %1 : !stream.resource<transient>
  }
}


// output of iree-opt 3.13.0 --pass-pipeline='builtin.module(util.func(canonicalize))' on this input: the same patterns visited top-down, so the await is sunk into the pass-through block before cf.cond_br's fold looks at it. Correct: the function compiles and keeps the await.
module {
  util.func public @main(%arg0: !stream.timepoint, %arg1: !stream.resource<transient>, %arg2: i1, %arg3: i1) -> !stream.resource<transient> {
    %c128 = arith.constant 128 : index
    cf.cond_br %arg2, ^bb1, ^bb3(%arg1 : !stream.resource<transient>)
  ^bb1:  // pred: ^bb0
    cf.cond_br %arg3, ^bb2, ^bb3(%arg1 : !stream.resource<transient>)
  ^bb2:  // pred: ^bb1
    %0 = stream.timepoint.await %arg0 => %arg1 : !stream.resource<transient>{%c128}
    cf.br ^bb3(%0 : !stream.resource<transient>)
  ^bb3(%1: !stream.resource<transient>):  // 3 preds: ^bb0, ^bb1, ^bb2
    util.return %1 : !stream.resource<transient>
  }
}


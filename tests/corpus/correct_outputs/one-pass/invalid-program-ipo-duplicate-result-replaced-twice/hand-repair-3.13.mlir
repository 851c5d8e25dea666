// hand repair: iree-opt 3.13.0's output of this input with the callee's two returned values each passed through util.optimization_barrier (an identity: the same program), so IPO sees no duplicate result
module {
  util.func private @callee(%arg0: i32) -> (i32, i32) {
    %0 = util.optimization_barrier %arg0 : i32
    %1 = util.optimization_barrier %arg0 : i32
    util.return %0, %1 : i32, i32
  }
  util.func public @main(%arg0: i32) -> (i32, i32) {
    %0:2 = util.call @callee(%arg0) : (i32) -> (i32, i32)
    util.return %0#0, %0#1 : i32, i32
  }
}

// hand repair: iree-opt 3.13.0's output of this program with only the callee's second returned value passed through util.optimization_barrier (an identity: the same program), so IPO sees no duplicate result and forwards the first
module {
  util.func public @main(%arg0: i32) -> (i32, i32) {
    %0 = util.optimization_barrier %arg0 : i32
    util.return %arg0, %0 : i32, i32
  }
}

// -----
module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c16] : i8 -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %1 = stream.timepoint.await %0 => %result : !stream.resource<transient>{%c16}
    %2 = util.optimization_barrier %1 : !stream.resource<transient>
    %3 = util.optimization_barrier %1 : !stream.resource<transient>
    %4 = util.optimization_barrier %2 : !stream.resource<transient>
    util.return
  }
}

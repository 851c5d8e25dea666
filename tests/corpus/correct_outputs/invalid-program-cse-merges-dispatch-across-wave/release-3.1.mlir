// output of iree-opt 3.1.0 (a release without the bug)
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c16 = arith.constant 16 : index
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %0 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %result : !stream.resource<transient>
    %1 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %result : !stream.resource<transient>
    util.return
  }
}

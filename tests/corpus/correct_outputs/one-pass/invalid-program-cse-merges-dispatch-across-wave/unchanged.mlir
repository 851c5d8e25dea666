// hand repair: the input unchanged (printed by iree-opt 3.13.0 with no pass): CSE may leave any duplicate in place, so merging nothing is a correct result, and the wave keeps its own clone
module {
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c1 = arith.constant 1 : index
    %results:2, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d1>) with() -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
      %1 = stream.async.dispatch @ex::@f() : () -> !stream.resource<transient>{%c1}
      %2:2 = stream.async.concurrent with(%1 as %arg0: !stream.resource<transient>{%c1}) -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
        %3 = stream.async.dispatch @ex::@f() : () -> !stream.resource<transient>{%c1}
        stream.yield %arg0, %3 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
      }
      stream.yield %2#0, %2#1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %0 = util.optimization_barrier %results#0 : !stream.resource<transient>
    util.return
  }
}


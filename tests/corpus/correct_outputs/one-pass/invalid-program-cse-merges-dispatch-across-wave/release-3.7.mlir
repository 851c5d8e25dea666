// output of iree-opt 3.7.0 (a release without the bug)
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

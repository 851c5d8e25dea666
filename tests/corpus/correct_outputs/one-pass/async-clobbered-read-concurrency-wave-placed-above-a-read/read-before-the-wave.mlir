// hand repair: the 3.13 output with @read moved above the wave of @write and @other: @read reads %1#0 before @write overwrites it in place, as in the input. Correct: the wave keeps @write and @other, which share no written bytes with each other.
module {
  util.global private @d0 : !hal.device
  util.func public @wave_placed_above_a_read() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %results:3, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
      %0 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      %1:2 = stream.async.dispatch @ex::@produce(%0[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> (%0{%c1}, !stream.resource<transient>{%c1})
      %3 = stream.async.dispatch @ex::@read(%1#0[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
      %2:2 = stream.async.concurrent with(%1#0 as %arg0: !stream.resource<transient>{%c1}, %1#1 as %arg1: !stream.resource<transient>{%c1}) -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
        %4 = stream.async.dispatch @ex::@write(%arg0[%c0 to %c1 for %c1], %arg1[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) -> %arg0{%c1}
        %5 = stream.async.dispatch @ex::@other(%arg1[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
        stream.yield %4, %5 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
      }
      stream.yield %3, %2#0, %2#1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
    } => !stream.timepoint
    util.return
  }
}


// hand repair: the wave holds the two readers, @read (of %1#0) and @other (of %1#1), and @write runs after it, writing %1#0 in place once both have read. Correct: no read of %1#0 follows its in-place write; the readers touch no bytes either writes.
module {
  util.global private @d0 : !hal.device
  util.func public @wave_placed_above_a_read() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %results:3, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
      %0 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      %1:2 = stream.async.dispatch @ex::@produce(%0[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> (%0{%c1}, !stream.resource<transient>{%c1})
      %2:2 = stream.async.concurrent with(%1#0 as %arg0: !stream.resource<transient>{%c1}, %1#1 as %arg1: !stream.resource<transient>{%c1}) -> (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) {
        %4 = stream.async.dispatch @ex::@read(%arg0[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
        %5 = stream.async.dispatch @ex::@other(%arg1[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
        stream.yield %4, %5 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
      }
      %3 = stream.async.dispatch @ex::@write(%1#0[%c0 to %c1 for %c1], %1#1[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) -> %1#0{%c1}
      stream.yield %2#0, %3, %2#1 : !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}
    } => !stream.timepoint
    util.return
  }
}


// The seed bug's smallest witness as a person would cut it for schedule-allocation: a wave on @d0 whose
// transfer to @d1 is read by a dispatch on @d1 (the yardstick of tests/driver/test_reduce.py).
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1_i32 = arith.constant 1 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<transient>{%c1} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c1}
    %w = stream.async.concurrent with(%s as %a: !stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1} {
      %x = stream.async.transfer %a : !stream.resource<transient>{%c1} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c1}
      stream.yield %x : !stream.resource<transient>{%c1}
    }
    stream.yield %w : !stream.resource<transient>{%c1}
  } => !stream.timepoint
  %u, %t2 = stream.async.execute on(#hal.device.affinity<@d1>) await(%t) => with(%r as %b: !stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1} {
    %d = stream.async.dispatch @ex::@consume(%b[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
    stream.yield %d : !stream.resource<transient>{%c1}
  } => !stream.timepoint
  util.return %u : !stream.resource<transient>
}

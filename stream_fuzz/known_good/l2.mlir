// A known-good L2 program: every release from 3.1 parses and compiles it (allocation pipeline).
// stream-fuzz compiles it before a campaign; a compiler that cannot is a broken setup, not a finding.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @preflight(%t: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %r, %t1 = stream.async.execute on(#hal.device.affinity<@d0>) await(%t) => with() -> !stream.resource<transient>{%c16} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %s : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c16}
    stream.yield %x : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.return %r, %t1 : !stream.resource<transient>, !stream.timepoint
}

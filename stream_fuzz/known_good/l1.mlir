// A known-good L1 program: every release from 3.1 parses and compiles it (stream pipeline).
// stream-fuzz compiles it before a campaign; a compiler that cannot is a broken setup, not a finding.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @preflight() -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c16}
  %x = stream.async.transfer %s : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %y = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f(%x[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.return %y : !stream.resource<*>
}

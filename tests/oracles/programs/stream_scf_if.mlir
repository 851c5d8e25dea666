// PIPELINE: stream
// WHAT: scf.if choosing between a value computed on @d1 (then transferred to
// @d2) and one computed on @d0 (transferred to @d2); @d2 consumes the selected
// value and exports it. Both branch transfer targets must be usable on @d2.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @branch(%cond: i1) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %r = scf.if %cond -> (!stream.resource<*>) {
    %s = stream.async.splat on(#hal.device.affinity<@d1>) %c1_i32 : i32 -> !stream.resource<*>{%c16}
    %a = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f1(%s[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    %x = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
    scf.yield %x : !stream.resource<*>
  } else {
    %s = stream.async.splat on(#hal.device.affinity<@d0>) %c2_i32 : i32 -> !stream.resource<*>{%c16}
    %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f0(%s[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    %x = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
    scf.yield %x : !stream.resource<*>
  }
  %c = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@f2(%r[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<external>{%c16}
  %v = stream.tensor.export on(#hal.device.affinity<@d2>) %c : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

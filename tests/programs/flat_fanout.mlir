// Flat async IR: the stream pipeline forms the execute regions and waves itself.
util.global private @dev0 : !hal.device
util.global private @dev1 : !hal.device
util.global private @dev2 : !hal.device
util.func public @main(%arg0: !stream.resource<external>, %size: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c123 = arith.constant 123 : i32
  %s = stream.async.splat on(#hal.device.affinity<@dev0>) %c123 : i32 -> !stream.resource<*>{%size}
  %d = stream.async.dispatch on(#hal.device.affinity<@dev0>) @ex::@f[%c1, %c1, %c1](%s[%c0 to %size for %size], %arg0[%c0 to %size for %size]) : (!stream.resource<*>{%size}, !stream.resource<external>{%size}) -> !stream.resource<*>{%size}
  %x1 = stream.async.transfer %d : !stream.resource<*>{%size} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev1>) !stream.resource<*>{%size}
  %x2 = stream.async.transfer %d : !stream.resource<*>{%size} from(#hal.device.affinity<@dev0>) -> to(#hal.device.affinity<@dev2>) !stream.resource<*>{%size}
  %e1 = stream.async.dispatch on(#hal.device.affinity<@dev1>) @ex::@g[%c1, %c1, %c1](%x1[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  %e2 = stream.async.dispatch on(#hal.device.affinity<@dev2>) @ex::@g[%c1, %c1, %c1](%x2[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<external>{%size}
  %b = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@dev1>} %e1 : !stream.resource<*>
  util.return %e2 : !stream.resource<external>
}

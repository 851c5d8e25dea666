// A transfer with only a target: no affinity, yet IREE compiles it.
util.global private @d0 : !hal.device
util.func public @f(%r: !stream.resource<*>) -> !stream.resource<*> {
  %c8 = arith.constant 8 : index
  %t = stream.async.transfer %r : !stream.resource<*>{%c8} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c8}
  util.return %t : !stream.resource<*>
}

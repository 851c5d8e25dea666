// repair: the load of %st is written above the store into %st (the same program: %st is a value, the load
//   reads it whichever op comes first), so no store writes %st while it is still read and copy-on-write has
//   nothing to copy

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %c7_i32 = arith.constant 7 : i32
  %a = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
  %st = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
  %w = stream.async.load %st[%c0] : !stream.resource<staging>{%c16} -> i32
  %s1 = stream.async.store %c1_i32, %st[%c0] : i32 -> %st as !stream.resource<staging>{%c16}
  %ws = stream.async.splat on(#hal.device.affinity<@d0>) %w : i32 -> !stream.resource<*>{%c16}
  %we = stream.async.transfer %ws : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %se = stream.async.transfer %s1 : !stream.resource<staging>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %wv = stream.tensor.export on(#hal.device.affinity<@d0>) %we : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %sv = stream.tensor.export on(#hal.device.affinity<@d0>) %se : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %wv, %sv : !hal.buffer_view, !hal.buffer_view
}

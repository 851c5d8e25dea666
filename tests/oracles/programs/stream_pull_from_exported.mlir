// PIPELINE: stream
// WHAT: A value exported on @d0 (its allocation pinned there) and transferred to @d4: the transfer of an external
// resource executes on its destination, a pull from the user-pinned @d0 buffer. By design, not a misplacement.
util.global private @d0 : !hal.device
util.global private @d4 : !hal.device
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view) {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<external>{%c16}
  %out0 = stream.tensor.export on(#hal.device.affinity<@d0>) %v1 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %v5 = stream.async.transfer on(#hal.device.affinity<@d4>) %v1 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d4>) !stream.resource<external>{%c16}
  %v6 = stream.async.dispatch on(#hal.device.affinity<@d4>) @ex::@f(%v5[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<external>{%c16}
  %out1 = stream.tensor.export on(#hal.device.affinity<@d4>) %v6 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %out0, %out1 : !hal.buffer_view, !hal.buffer_view
}

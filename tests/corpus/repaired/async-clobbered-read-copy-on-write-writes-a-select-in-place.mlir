// repair: the select chooses a clone of %0 instead of %0 (the same program: a clone is the same value, and
//   the fill makes a new value either way); the clone is used only by the select and %0 is read after it,
//   so ElideAsyncCopies keeps it and the fill writes the clone, not %0

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.func public @main(%arg0: i1) -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %c9_i32 = arith.constant 9 : i32
  %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
  %1 = stream.async.splat on(#hal.device.affinity<@d0>) %c9_i32 : i32 -> !stream.resource<*>{%c16}
  %a_copy = stream.async.clone on(#hal.device.affinity<@d0>) %0 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
  %2 = arith.select %arg0, %a_copy, %1 : !stream.resource<*>
  %3 = stream.async.fill on(#hal.device.affinity<@d0>) %c9_i32, %2[%c0 to %c8 for %c8] : i32 -> %2 as !stream.resource<*>{%c16}
  %4 = util.optimization_barrier %3 : !stream.resource<*>
  %witness_sz0 = arith.constant 16 : index
  %witness_x0 = stream.async.transfer %4 : !stream.resource<*>{%witness_sz0} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%witness_sz0}
  %witness_v0 = stream.tensor.export on(#hal.device.affinity<@d0>) %witness_x0 : tensor<4xi32> in !stream.resource<external>{%witness_sz0} -> !hal.buffer_view
  %5 = util.optimization_barrier %0 : !stream.resource<*>
  %witness_sz1 = arith.constant 16 : index
  %witness_x1 = stream.async.transfer %5 : !stream.resource<*>{%witness_sz1} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%witness_sz1}
  %witness_v1 = stream.tensor.export on(#hal.device.affinity<@d0>) %witness_x1 : tensor<4xi32> in !stream.resource<external>{%witness_sz1} -> !hal.buffer_view
  util.return %witness_v0, %witness_v1 : !hal.buffer_view, !hal.buffer_view
}

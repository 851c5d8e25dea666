// repair: util.optimization_barrier on the splat before the slice (the same value: the barrier returns its
//   operand), so PropagateSplatsThroughSlices does not see a splat under the slice and the slice is kept

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.func public @main() -> !hal.buffer_view {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  // 0x04030201: the splat's bytes are 01 02 03 04 01 02 03 04.
  %c67305985_i32 = arith.constant 67305985 : i32
  %splat = stream.async.splat on(#hal.device.affinity<@d0>) %c67305985_i32 : i32 -> !stream.resource<*>{%c8}
  %kept = util.optimization_barrier %splat : !stream.resource<*>
  %slice = stream.async.slice on(#hal.device.affinity<@d0>) %kept[%c1 to %c5] : !stream.resource<*>{%c8} -> !stream.resource<*>{%c4}
  %out = stream.async.transfer %slice : !stream.resource<*>{%c4} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c4}
  %view = stream.tensor.export on(#hal.device.affinity<@d0>) %out : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
  util.return %view : !hal.buffer_view
}

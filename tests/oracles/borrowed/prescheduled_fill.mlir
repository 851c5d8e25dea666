// The same fill, stated by a pre-scheduled program in its execute (the allocation pipeline).
util.global private @d0 : !hal.device
util.func public @written(%h: !hal.buffer_view, %t: !stream.timepoint) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %in = stream.tensor.import on(#hal.device.affinity<@d0>) %h : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
  %x, %tx = stream.async.execute on(#hal.device.affinity<@d0>) await(%t) => with(%in as %a: !stream.resource<external>{%c16}) -> %in as !stream.resource<external>{%c16} {
    %f = stream.async.fill %c7_i32, %a[%c0 to %c8 for %c8] : i32 -> %a as !stream.resource<external>{%c16}
    stream.yield %f : !stream.resource<external>{%c16}
  } => !stream.timepoint
  %w = stream.timepoint.await %tx => %x : !stream.resource<external>{%c16}
  %v = stream.tensor.export on(#hal.device.affinity<@d0>) %w : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

// PIPELINE: stream
// A fill in place of a select of two resources while the select and one of its choices are still read
// later: copy-on-write clones the select for the fill (it has two users), and the clone stays (both reads
// come after the fill). The choices are imports: a choice made by a dispatch in the function would meet
// a partitioning bug (corpus/invalid-program-partition-cycle-through-scf-for-init.mlir).
util.global private @d0 : !hal.device
util.func public @main(%cond: i1, %va: !hal.buffer_view, %vb: !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %a = stream.tensor.import on(#hal.device.affinity<@d0>) %va : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%c16}
  %b = stream.tensor.import on(#hal.device.affinity<@d0>) %vb : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%c16}
  %s = arith.select %cond, %a, %b : !stream.resource<external>
  %f = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %s[%c0 to %c8 for %c8] : i32 -> %s as !stream.resource<external>{%c16}
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%s[%c0 to %c16 for %c16], %a[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}, !stream.resource<external>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %f : !stream.resource<external>
  util.optimization_barrier %d : !stream.resource<*>
  util.return
}

// PIPELINE: stream
// WHAT: scf.if choosing between %a, made before it, and %b, made in its else branch; a dispatch reads
// the choice, and %a is exported after it. The if result may be %a, which stays live: nothing may free
// the choice while %a is used (3.13's AutomaticReferenceCounting does, analyzeIfOp: KNOWN_BUGS, and
// corpus/runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer.mlir).
util.global private @d0 : !hal.device
util.func public @pick(%cond: i1) -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %a = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c16}
  %r = scf.if %cond -> (!stream.resource<*>) {
    scf.yield %a : !stream.resource<*>
  } else {
    %b = stream.async.splat on(#hal.device.affinity<@d0>) %c2_i32 : i32 -> !stream.resource<*>{%c16}
    scf.yield %b : !stream.resource<*>
  }
  %c = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%r[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<external>{%c16}
  %va = stream.tensor.export on(#hal.device.affinity<@d0>) %a : tensor<4xf32> in !stream.resource<*>{%c16} -> !hal.buffer_view
  %vc = stream.tensor.export on(#hal.device.affinity<@d0>) %c : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %va, %vc : !hal.buffer_view, !hal.buffer_view
}

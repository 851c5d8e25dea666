// Found by generators (L1, minimized by Hypothesis then by hand). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: 'stream.async.transfer' op : streamable op expected to be in an execution region
// A transfer of a stream.async.barrier result is left outside every execute region (also with
// from(...) or on(...) on the transfer). Without the barrier it compiles.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v12 = stream.async.barrier on(#hal.device.affinity<@d0>) %v1 : !stream.resource<*>{%c16}
  %v17 = stream.async.transfer %v12 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}

  util.optimization_barrier %v17 : !stream.resource<*>
  util.return
}

// Found by generators (L1, minimized by Hypothesis). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: op affinity #hal.device.affinity<@d0> is not compatible with the partition affinity #hal.device.affinity<@d1>
// A value made on @d0, written in place on @d1, then pinned back to @d0 by stream.async.barrier:
// the partitioner puts the barrier into the @d1 partition and Partition::verify rejects it.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c255_i32 = arith.constant 255 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.fill on(#hal.device.affinity<@d1>) %c255_i32, %v1[%c0 to %c8 for %c8] : i32 -> %v1 as !stream.resource<*>{%c16}
    %v3 = stream.async.barrier on(#hal.device.affinity<@d0>) %v2 : !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
    util.return
  }
}

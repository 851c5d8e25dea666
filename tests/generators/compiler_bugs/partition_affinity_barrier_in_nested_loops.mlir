// Found by generators (L1, minimized by Hypothesis). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: op affinity #hal.device.affinity<@d0> is not compatible with the partition affinity ...
// Partition::verify rejects a partition the partitioner itself formed: a stream.async.barrier
// pinned to @d0 (of a transfer result) inside two nested scf.for loops otherwise on @d1.
// Without the outer loop it compiles.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v8 = scf.for %i8 = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v7 = scf.for %i7 = %c0 to %c1 step %c1 iter_args(%v3 = %v1) -> (!stream.resource<*>) {
        %v4 = stream.async.barrier on(#hal.device.affinity<@d1>) %v3 : !stream.resource<*>{%c16}
        %v5 = stream.async.transfer on(#hal.device.affinity<@d1>) %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
        %v6 = stream.async.barrier on(#hal.device.affinity<@d0>) %v5 : !stream.resource<*>{%c16}
        scf.yield %v4 : !stream.resource<*>
      }
      scf.yield %v7 : !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v8 : !stream.resource<*>
    util.return
  }
}

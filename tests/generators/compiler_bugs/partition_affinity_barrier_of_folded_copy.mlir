// Found by generators (L1 stats run, minimized by hand). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: op affinity #hal.device.affinity<@d1> is not compatible with the partition affinity #hal.device.promise<@d2>
// An scf.if result (made on @d1) moved to @d2, copied whole into a @d2 buffer, and that copy pinned by
// stream.async.barrier on @d2: the full-range copy folds to the transfer result, so the barrier pins a
// transfer that runs on @d1 (root cause as partition_affinity_barrier_of_transfer_chain.mlir). Compiles with
// a partial copy, without the barrier or the @d2 fill, or with the transfer on(@d2). Same with clone/full update.
module {
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main(%cond: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c7_i32 = arith.constant 7 : i32
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %v1 = scf.if %cond -> (!stream.resource<*>) {
      %a = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c64}
      scf.yield %a : !stream.resource<*>
    } else {
      %b = stream.async.splat on(#hal.device.affinity<@d1>) %c7_i32 : i32 -> !stream.resource<*>{%c64}
      scf.yield %b : !stream.resource<*>
    }
    %v2 = stream.async.splat on(#hal.device.promise<@d2>) %c7_i32 : i32 -> !stream.resource<*>{%c64}
    %v3 = stream.async.fill on(#hal.device.promise<@d2>) %c0_i32, %v2[%c0 to %c32 for %c32] : i32 -> %v2 as !stream.resource<*>{%c64}
    %v4 = stream.async.transfer %v1 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d1>) -> to(#hal.device.promise<@d2>) !stream.resource<*>{%c64}
    %v5 = stream.async.splat on(#hal.device.promise<@d2>) %c7_i32 : i32 -> !stream.resource<*>{%c64}
    %v6 = stream.async.copy on(#hal.device.promise<@d2>) %v4[%c0 to %c64], %v5[%c0 to %c64], %c64 : !stream.resource<*>{%c64} -> %v5 as !stream.resource<*>{%c64}
    %v7 = stream.async.barrier on(#hal.device.promise<@d2>) %v6 : !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v7 : !stream.resource<*>
    util.return
  }
}

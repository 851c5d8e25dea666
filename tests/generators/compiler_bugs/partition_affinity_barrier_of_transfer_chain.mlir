// Found by generators (L1 benchmark, minimized by line deletion). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: op affinity #hal.device.affinity<@d0> is not compatible with the partition affinity #hal.device.affinity<@d1>
// A dispatch result moved @d1 -> @d2 -> @d0, then pinned on @d0 (where it lives) by
// stream.async.barrier: the partitioner puts the barrier into the @d1 partition and
// Partition::verify rejects it. The generator pins only values an op on that device made.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c255_i32 = arith.constant 255 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c255_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@entry1(%v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c64}
    %v6 = stream.async.transfer on(#hal.device.affinity<@d1>) %v2 : !stream.resource<*>{%c64} -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c64}
    %v8 = stream.async.transfer on(#hal.device.affinity<@d2>) %v6 : !stream.resource<*>{%c64} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c64}
    %v14 = stream.async.barrier on(#hal.device.affinity<@d0>) %v8 : !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v14 : !stream.resource<*>
    util.return
  }
}

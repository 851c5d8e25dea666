// Found by generators (L1 campaign, minimized by hand). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-transformation-pipeline):
//   error: op affinity #hal.device.affinity<@d0> is not compatible with the partition affinity #hal.device.affinity<@d1>
// A splat of 0 on @d1 moved across the unified-memory link to @d0, partly filled with 0 there and pinned on @d0:
// the transfer becomes a clone of the splat, ElideRedundantFill drops the fill, so the barrier on @d0 pins a @d1
// splat (as in partition_affinity_barrier_after_cross_device_write.mlir). Compiles with another fill pattern, a
// whole fill, without the topology, or without the @d2 transfer. Same with an update from a splat of 0.
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
    %v3 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %v4 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v3[%c12 to %c16 for %c4] : i32 -> %v3 as !stream.resource<*>{%c16}
    %v5 = stream.async.barrier on(#hal.device.affinity<@d0>) %v4 : !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v2 : !stream.resource<*>
    util.return
  }
}

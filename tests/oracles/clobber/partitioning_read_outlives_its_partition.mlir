// Witness 2 of corpus/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir (the
// cross-device form): the fill's result goes to @d1, so the fill stays in the first partition with @produce,
// and @read, whose user waits for @d1's splat, lands in a later one and reads the first partition's yielded
// pre-fill value after the fill (3.13).
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @read_outlives_its_partition() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c0_i8 = arith.constant 0 : i8
    %c7_i32 = arith.constant 7 : i32
    %a = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c16}
    %p = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c64}
    %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%p[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c16}
    %f = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i8, %p[%c0 to %c16 for %c16] : i8 -> %p as !stream.resource<*>{%c64}
    %ft = stream.async.transfer on(#hal.device.affinity<@d1>) %f : !stream.resource<*>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c64}
    %b = stream.async.splat on(#hal.device.affinity<@d1>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
    %bt = stream.async.transfer on(#hal.device.affinity<@d0>) %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %u = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@use(%r[%c0 to %c16 for %c16], %bt[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    util.optimization_barrier %u : !stream.resource<*>
    util.optimization_barrier %ft : !stream.resource<*>
    util.return
  }
}

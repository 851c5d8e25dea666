// output of iree-opt 3.9.0 (this file's RUN line; 3.5.0 prints the same): the transfer in @main is kept (its source %0 is still read by @sub), and in @stale_last_use the clone is elided and the transfer kept, so the slice reads the copy made before the fill.
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1234_i32 = arith.constant 1234 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c1234_i32 : i32 -> !stream.resource<*>{%c16}
    %1 = stream.async.transfer %0 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@add_one(%1[%c0 to %c16 for %c16], %0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> %1{%c16}
    %3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@sub(%2[%c0 to %c16 for %c16], %0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    %4 = util.optimization_barrier %3 : !stream.resource<*>
    util.return
  }
  util.func public @stale_last_use() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c0_i32 = arith.constant 0 : i32
    %c5_i32 = arith.constant 5 : i32
    %c7_i32 = arith.constant 7 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %1 = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %0[%c0 to %c4 for %c4] : i32 -> %0 as !stream.resource<*>{%c16}
    %2 = stream.async.transfer %1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %3 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %1[%c0 to %c8 for %c8] : i32 -> %1 as !stream.resource<*>{%c16}
    %4 = stream.async.slice on(#hal.device.affinity<@d0>) %2[%c0 to %c8] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
    %5 = util.optimization_barrier %3 : !stream.resource<*>
    %6 = util.optimization_barrier %4 : !stream.resource<*>
    util.return
  }
}


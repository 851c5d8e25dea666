// hand repair: copy-on-write done for the store as for fill or update: the store writes a staging copy of %1 (a same-device stream.async.transfer; stream.async.clone refuses staging resources), so the load of %1 after it still reads 7. Correct: %1 is never written in place while it is read.
module {
  util.global private @d0 : !hal.device
  util.func public @main() -> i32 {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1_i32 = arith.constant 1 : i32
    %c7_i32 = arith.constant 7 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
    %1 = stream.async.transfer %0 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
    %2 = stream.async.transfer %1 : !stream.resource<staging>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
    %3 = stream.async.store %c1_i32, %2[%c0] : i32 -> %2 as !stream.resource<staging>{%c16}
    %4 = stream.async.load %1[%c0] : !stream.resource<staging>{%c16} -> i32
    %5 = util.optimization_barrier %3 : !stream.resource<staging>
    util.return %4 : i32
  }
}


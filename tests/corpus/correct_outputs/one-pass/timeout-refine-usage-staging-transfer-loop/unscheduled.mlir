// hand repair: iree-opt 3.13.0's refine-usage output of this input written unscheduled (the same splat and staging transfer on @d0, outside the stream.async.execute that scheduling builds later), so the transfer-inserting overload is not met
module {
  util.global private @d0 : !hal.device
  util.func public @f() -> !stream.resource<staging> {
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<transient>{%c1}
    %1 = stream.async.transfer %0 : !stream.resource<transient>{%c1} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c1}
    util.return %1 : !stream.resource<staging>
  }
}


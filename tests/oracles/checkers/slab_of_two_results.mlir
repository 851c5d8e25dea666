// Two results of one execute on @d0, no optimal and no promise anywhere: schedule-allocation makes one slab
// of them (a pack and an alloca whose location fuses the two results'). The transfer stays on @d0.
util.global private @d0 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c16 = arith.constant 16 : index
  %r0, %r1, %t = stream.async.execute on(#hal.device.affinity<@d0>) with() -> (!stream.resource<external>{%c16}, !stream.resource<external>{%c16}) {
    %s = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
    %x = stream.async.transfer %s : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
    stream.yield %s, %x : !stream.resource<external>{%c16}, !stream.resource<external>{%c16}
  } => !stream.timepoint
  util.return
}

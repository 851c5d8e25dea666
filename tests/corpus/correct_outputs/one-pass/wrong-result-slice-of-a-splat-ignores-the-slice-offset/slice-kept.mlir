// hand repair: the pattern declines a slice whose offset is not a multiple of the splat value's byte width: the output is the input, the 8-byte splat of %arg0 and the slice [1 to 5] of it.
module {
  util.global private @d0 : !hal.device
  util.func public @main(%arg0: i32) -> !stream.resource<*> {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %arg0 : i32 -> !stream.resource<*>{%c8}
    %1 = stream.async.slice on(#hal.device.affinity<@d0>) %0[%c1 to %c5] : !stream.resource<*>{%c8} -> !stream.resource<*>{%c4}
    util.return %1 : !stream.resource<*>
  }
}

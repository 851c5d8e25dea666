// hand repair: the pattern rotates the splat value by the slice offset (1 byte, little-endian: (x >> 8) | (x << 24)) and splats that over the slice's 4 bytes: the same bytes 1, 2, 3, 0 of %arg0 as the slice.
module {
  util.global private @d0 : !hal.device
  util.func public @main(%arg0: i32) -> !stream.resource<*> {
    %c4 = arith.constant 4 : index
    %c8_i32 = arith.constant 8 : i32
    %c24_i32 = arith.constant 24 : i32
    %0 = arith.shrui %arg0, %c8_i32 : i32
    %1 = arith.shli %arg0, %c24_i32 : i32
    %2 = arith.ori %0, %1 : i32
    %3 = stream.async.splat on(#hal.device.affinity<@d0>) %2 : i32 -> !stream.resource<*>{%c4}
    util.return %3 : !stream.resource<*>
  }
}

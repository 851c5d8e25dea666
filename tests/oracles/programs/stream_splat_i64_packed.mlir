// PIPELINE: stream
// WHAT: An i8 splat (a native fill) and an i64 splat (a @__builtin_splat_i64 dispatch) packed into one
// alloca at offsets 0 and 64, in one wave. The builtin's binding is widened to the whole alloca and its real
// offset folded into the executable, so the dispatch op shows none of it: once a false wave/race alarm.
module {
  util.global private @d0 : !hal.device
  util.func public @main() -> (!stream.resource<*>, !stream.resource<*>) {
    %c24 = arith.constant 24 : index
    %c7_i8 = arith.constant 7 : i8
    %c2_i64 = arith.constant 2 : i64
    %a = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i8 : i8 -> !stream.resource<*>{%c24}
    %b = stream.async.splat on(#hal.device.affinity<@d0>) %c2_i64 : i64 -> !stream.resource<*>{%c24}
    util.return %a, %b : !stream.resource<*>, !stream.resource<*>
  }
}

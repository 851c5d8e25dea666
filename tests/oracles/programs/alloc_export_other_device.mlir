// PIPELINE: allocation
// WHAT: No transfer at all: @d1 computes a result that is exported on @d0.
// The export pins the value to @d0, so the result allocation must be
// optimal<[d0, d1]>-like (usable by the producer and by the exporter). This is
// a legitimate cross-device use, not a misplacement.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @export_other(%await: !stream.timepoint) -> (!hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c3_i32 = arith.constant 3 : i32
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d1>) await(%await) => with() -> !stream.resource<external>{%c16} {
    %s = stream.async.splat %c3_i32 : i32 -> !stream.resource<transient>{%c16}
    %y = stream.async.dispatch @ex::@fb(%s[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<external>{%c16}
    stream.yield %y : !stream.resource<external>{%c16}
  } => !stream.timepoint
  %bb = stream.timepoint.await %tb => %b : !stream.resource<external>{%c16}
  %out = stream.tensor.export on(#hal.device.affinity<@d0>) %bb : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %out : !hal.buffer_view
}

// PIPELINE: allocation
// WHAT: Import on @d0, compute on @d0, transfer to @d1 (external lifetime),
// compute on @d1 and export on @d1. The export pins the final result to @d1;
// the imported buffer is not allocated by the compiler (no alloca to check).
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @import_export(%h: !hal.buffer_view, %await: !stream.timepoint) -> (!hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %in = stream.tensor.import on(#hal.device.affinity<@d0>) %h : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%c16}
  %a, %ta = stream.async.execute on(#hal.device.affinity<@d0>) await(%await) => with(%in as %i: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
    %d = stream.async.dispatch @ex::@fa(%i[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %d : !stream.resource<transient>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
    stream.yield %x : !stream.resource<external>{%c16}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d1>) await(%ta) => with(%a as %aa: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
    %y = stream.async.dispatch @ex::@fb(%aa[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<external>{%c16}
    stream.yield %y : !stream.resource<external>{%c16}
  } => !stream.timepoint
  %bb = stream.timepoint.await %tb => %b : !stream.resource<external>{%c16}
  %out = stream.tensor.export on(#hal.device.affinity<@d1>) %bb : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %out : !hal.buffer_view
}

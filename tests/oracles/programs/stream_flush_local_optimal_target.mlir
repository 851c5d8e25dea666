// PIPELINE: stream
// WHAT: A push to optimal<[@d2, @d0]> read only by a slice on @d2 in the same execute: the
// transfer target gets its own alloca on @d2 (deallocated right after) yet is flushed to the
// whole optimal set. Nothing on @d0 ever sees that memory, so the flush is redundant, not a
// misplacement (found as a false alarm by an L1 campaign).
util.global private @d0 : !hal.device
util.global private @d2 : !hal.device
util.func public @main() -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v3 = stream.async.transfer on(#hal.device.affinity<@d2>) %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d0>]>) !stream.resource<*>{%c16}
  %v9 = stream.async.slice on(#hal.device.affinity<@d2>) %v3[%c0 to %c8] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
  util.return %v9 : !stream.resource<*>
}

// A splat on @d1 and a barrier on @d0 of it (witness 6 of invalid-program-barrier-joined-to-producer-partition):
// ScheduleExecution joins the barrier into the splat's partition, joinAND of the two devices is null, and the
// execute it makes has no affinity. IREE's checker accepts this input.
util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v2 = stream.async.barrier on(#hal.device.affinity<@d0>) %v1 : !stream.resource<*>{%c16}
  util.optimization_barrier %v2 : !stream.resource<*>
  util.return
}

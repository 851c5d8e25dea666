// PIPELINE: stream
// WHAT: A loop of 3 trips (lowered to blocks by the pipeline) writes a value made on @d2 in place on
// @d2; the loop's result is pulled to @d1. The header's test 0 < 3 sends the entry edge into the body,
// so the exit sees the body's value only: the init may stay on @d2 (the corpus's scf-for-init entry is
// the same program with a bound that may be zero).
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @loop_result_pulled() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d2>) %c1234_i32 : i32 -> !stream.resource<*>{%c64}
    %v4 = scf.for %i4 = %c0 to %c3 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.update on(#hal.device.affinity<@d2>) %v1, %v2[%c0 to %c64] : !stream.resource<*>{%c64} -> %v2 as !stream.resource<*>{%c64}
      scf.yield %v3 : !stream.resource<*>
    }
    %v5 = stream.async.transfer %v4 : !stream.resource<*>{%c64} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c64}
    %v6 = stream.async.slice on(#hal.device.affinity<@d1>) %v5[%c0 to %c16] : !stream.resource<*>{%c64} -> !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v6 : !stream.resource<*>
    util.return
  }
}

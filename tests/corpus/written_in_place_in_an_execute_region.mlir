// The execute-region entry's bug without a region at either end of the move (seed 37's L2 campaign): %a,
// made on @d0 and read on @d1, is written in place (a tied result) by an execute of @d0 wrapped in an
// scf.execute_region. The consumer walk follows the tied result to the region's scf.yield and gives up, so
// %a is allocated on @d0 alone; the same executes unwrapped place it for both devices.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %a, %t1 = stream.async.execute on(#hal.device.affinity<@d0>) with() -> (!stream.resource<external>{%c16}) {
      %s = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      stream.yield %s : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %r, %t2 = stream.async.execute on(#hal.device.affinity<@d1>) await(%t1) => with(%a as %a1: !stream.resource<external>{%c16}) -> (!stream.resource<external>{%c16}) {
      %x = stream.async.transfer %a1 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
      stream.yield %x : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %b, %t3 = scf.execute_region -> (!stream.resource<external>, !stream.timepoint) {
      %b0, %t30 = stream.async.execute on(#hal.device.affinity<@d0>) await(%t2) => with(%a as %a2: !stream.resource<external>{%c16}) -> (%a as !stream.resource<external>{%c16}) {
        %f = stream.async.fill %c0_i32, %a2[%c0 to %c16 for %c16] : i32 -> %a2 as !stream.resource<external>{%c16}
        stream.yield %f : !stream.resource<external>{%c16}
      } => !stream.timepoint
      scf.yield %b0, %t30 : !stream.resource<external>, !stream.timepoint
    }
    %r_ready = stream.timepoint.await %t2 => %r : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %r_ready : !stream.resource<external>
    %b_ready = stream.timepoint.await %t3 => %b : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %b_ready : !stream.resource<external>
    util.return
  }
}

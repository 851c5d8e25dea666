// stream-fuzz finding: violation: placement/flush
// signature: placement-flush-314f458a404a
// status: not-a-bug
// severity: visibility
// found: 2026-12-01 by stream-fuzz run (an L1 campaign, seed 67: 93 programs; shrunk by a helper)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/placement-flush-redundant-flush-of-a-reused-slab.mlir
// pass: iree-stream-reuse-allocations
// releases: correct 3.12-3.13; cannot express 3.1-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// triage: not a bug (an oracle false alarm, fixed): ScheduleAllocation (applyAsyncTransferOp) flushes
//   %v3 to its optimal target <[@d2, @d3]> while the transient lives in an @d2 slab (allocateLocalTransients),
//   freed right after the execute: a redundant flush, which the rule exempts when the storage is captured by
//   that one execute and otherwise only deallocated. ReuseAllocations (tryReuseExistingAllocation) then hands
//   the freed slab to a later alloca on the same device and size, so a second @d2 execute captures it and
//   the exemption no longer applies. Nothing on @d3 ever touches the storage: every reader runs on @d2,
//   where it lives. The rule now asks whether another execute on the missing device touches the storage
//   (and whether it leaves the function), not whether only one execute does. Kept so the false alarm stays
//   quiet: replay must say `passes`.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.func public @flush_of_a_reused_slab() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c64}
    %v3 = stream.async.transfer on(#hal.device.affinity<@d2>) %v1 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d3>]>) !stream.resource<*>{%c64}
    %v4 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@e1(%v3[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
    %v6 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@e1(%v3[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v6 : !stream.resource<*>
    %v5 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@e2(%v4[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v5 : !stream.resource<*>
    util.return
  }
}

// What the compiler rightly prints: the flush to the optimal target, and no execute on @d3 at all.
// CHECK-LABEL: util.func public @flush_of_a_reused_slab(
// CHECK: stream.cmd.flush to(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d3>]>)
// CHECK-NOT: stream.cmd.execute on(#hal.device.affinity<@d3>)

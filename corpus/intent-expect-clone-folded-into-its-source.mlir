// stream-fuzz finding: violation: intent/expect
// signature: intent-expect-c2cb31b52246
// status: not-a-bug
// severity: intent
// found: 2026-12-01 by stream-fuzz run (an L1 campaign, seed 67: 35 programs; shrunk by a helper)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/intent-expect-clone-folded-into-its-source.mlir
// pass: iree-stream-elide-async-copies
// releases: 3.11, 3.12, 3.13
// triage: not a bug (a generator false alarm, not yet fixed): copy-on-write clones %v2 on @d1 for the in-place
//   fill (MaterializeCopyOnWrite takes the consumer's affinity), and ElideAsyncCopies (isSafeToElideCloneOp)
//   drops the user's clone on @d0 of the fill's result, whose only use it is: a clone is a copy-on-write
//   snapshot, not a move between devices (that is stream.async.transfer). Nothing on @d0 then uses %v6, so
//   ScheduleAllocation (deriveResultAffinity) rightly places it on @d1 with its source. With a real @d0
//   consumer the same storage is allocated on optimal<[@d0, @d1]>. The generator expects a clone's own device
//   only; it should also accept the homes of the value the clone may fold into. Kept so the false alarm
//   stays known (intent does not fail a campaign).
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @clone_folded_into_its_source() {
    %c0_i32 = arith.constant 0 : i32
    %c7_i32 = arith.constant 7 : i32
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
    %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c32} from(#hal.device.affinity<@d1>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<*>{%c32}
    %v5 = stream.async.fill on(#hal.device.affinity<@d1>) %c7_i32, %v2[%c16 to %c32 for %c16] : i32 -> %v2 as !stream.resource<*>{%c32}
    %v6 = stream.async.clone on(#hal.device.affinity<@d0>) %v5 : !stream.resource<*>{%c32} -> !stream.resource<*>{%c32}
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v6 : !stream.resource<*>
    util.return
  }
}

// What the compiler rightly prints: the clone's bytes on @d1, and no execute on @d0 at all.
// CHECK-LABEL: util.func public @clone_folded_into_its_source(
// CHECK: stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>)
// CHECK-NOT: stream.cmd.execute on(#hal.device.affinity<@d0>)

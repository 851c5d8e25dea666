// stream-fuzz finding: violation: intent/expect
// signature: intent-expect-88bb4dc86440
// also-known-as: intent-expect-c2cb31b52246
// status: not-a-bug
// severity: intent
// found: 2026-12-02 seed=103 worker=1
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/intent-expect-clone-in-a-loop-elided-with-no-consumer.mlir
// pass: iree-stream-elide-async-copies
// releases: correct 3.5-3.13; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// triage: not a bug (the program's own expectation, severity intent, which fails no run): %v13 is a clone
//   on @d1 of %v8, and both are yielded by the loop. ElideAsyncCopies (ElideAsyncCopies.cpp) finds nothing
//   that writes either copy afterwards and drops the clone, so %v14 is %v8's bytes in %v8's storage, which
//   the fill on @d0 writes: an @d0 alloca. No op on @d1 ever reads %v14 (only the fuzz.expect barrier does),
//   so no device is served wrongly; the expectation named where the elided clone ran. The storage of %v2
//   also shows bad-output-optimal-joinor-nests-members (a nested optimal set), which is not this entry.
//   Kept so the finding stays known; replay says fails-as-recorded.
// what was found:
//   [intent/expect] (intent) %13 must live on @d1 (the program's intent) but its storage %result_2 (alloca) is placed on #hal.device.affinity<@d0>
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
    %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c32} from(#hal.device.affinity<@d1>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<*>{%c32}
    %v14, %v15 = scf.for %i14 = %c0 to %c3 step %c1 iter_args(%v3 = %v1, %v4 = %v2) -> (!stream.resource<*>, !stream.resource<*>) {
      %v8 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v4[%c16 to %c32 for %c16] : i32 -> %v4 as !stream.resource<*>{%c32}
      %v13 = stream.async.clone on(#hal.device.affinity<@d1>) %v8 : !stream.resource<*>{%c32} -> !stream.resource<*>{%c32}
      scf.yield %v13, %v8 : !stream.resource<*>, !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v14 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]} %v15 : !stream.resource<*>
    util.return
  }
}

// The output is as intended: it compiles.
// CHECK: util.func

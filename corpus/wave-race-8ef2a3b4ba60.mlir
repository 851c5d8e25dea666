// stream-fuzz finding: violation: wave/race
// signature: wave-race-8ef2a3b4ba60
// status: open
// found: 2026-12-01 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// reproduce: stream-fuzz replay corpus/wave-race-8ef2a3b4ba60.mlir
// triage (compiler bug, canonicalize CombineSliceUpdateFromToCopy + ScheduleConcurrency): ElideAsyncCopies
//   drops the copy-on-write clones of %v7; CombineSliceUpdateFromToCopy then folds
//   update(slice %v7[8..16)) into a copy that reads %v7 where the update was, after %v11 has written %v7
//   in place; ScheduleConcurrency puts that read (cmd.copy %arg1[72..80)) in one wave with entry2
//   (rw %arg1[64..80)). Found by an L1 campaign (seed 7), minimized by a helper. Moving %v13, %v14 and
//   %v18 above %v11 removes the race. Not the 996d hazard bug: with the slice widened to [7..16) it
//   still races, and even in order byte 7 would be read after %v11 overwrote it.
// what was found:
//   [wave/race] %arg1 is touched by two members of one concurrent wave, and one writes: 'stream.cmd.copy %arg1[%c72], %arg1[%c0], %c8 : !stream.resource<transient>{%c128} -> !stream.resource<transient>{%c128}' and 'stream.cmd.dispatch @ex::@entry2 {'
// note: no CHECK line distinguishes the faulty output; replay relies on the oracle
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func private @callee0() -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v3 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v2 = stream.async.slice on(#hal.device.affinity<@d1>) %v3[%c8 to %c16] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
    %v5 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v6, %v7 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@entry1(%v5[%c0 to %c16 for %c16], %v2[%c0 to %c8 for %c8]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c8}) -> (!stream.resource<*>{%c32}, !stream.resource<*>{%c16})
    %v8 = stream.async.clone on(#hal.device.affinity<@d1>) %v7 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
    %v9 = stream.async.slice on(#hal.device.affinity<@d1>) %v8[%c8 to %c16] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
    %v11 = stream.async.update on(#hal.device.affinity<@d1>) %v2, %v7[%c0 to %c8] : !stream.resource<*>{%c8} -> %v7 as !stream.resource<*>{%c16}
    %v13 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
    %v14 = stream.async.clone on(#hal.device.affinity<@d1>) %v9 : !stream.resource<*>{%c8} -> !stream.resource<*>{%c8}
    %v18 = stream.async.update on(#hal.device.affinity<@d1>) %v14, %v13[%c0 to %c8] : !stream.resource<*>{%c8} -> %v13 as !stream.resource<*>{%c32}
    %v19 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v20 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@entry2(%v11[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (%v11{%c16})
    util.return %v18, %v19, %v20 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
  }
  util.func public @main() {
    %v21, %v22, %v23 = util.call @callee0() : () -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>)
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v21 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v23 : !stream.resource<*>
    util.return
  }
}

// The correct output:
// CHECK: util.func

// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-50ebf0d7ff5e
// also-known-as: wave-race-fa94f69d410a
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz check (an L1 campaign, seed 7)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-slice-update-fold-moves-read.mlir
// pass: canonicalize
// releases: 3.11, 3.12, 3.13
// triage: compiler bug, wrong data (canonicalize: StreamOpFolders.cpp CombineSliceUpdateFromToCopy, after
//   ElideAsyncCopies): ElideAsyncCopies drops the copy-on-write clones of %v7 because the in-place update
//   %v11 is its last user once the slice is taken; the fold then turns update(slice %v7[8..16)) into a copy
//   that reads %v7 at the update's position, after %v11 has written %v7 in place (the async/clobbered-read
//   rule, first after the canonicalize after the first elide-async-copies). ScheduleConcurrency (whose blind
//   spot is wave-race-tied-chain-not-compared) then also puts that read, cmd.copy %arg1[72..80), in one wave
//   with entry2 (rw %arg1[64..80)). With the slice widened to [7..16) there is no race but byte 7 is still
//   read after being overwritten: the fold is the root cause. 3.11-3.13; 3.1 and 3.4 keep a separate copy.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-after=iree-stream-place-transfer-executions %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

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

// The correct output: in the async IR after iree-stream-place-transfer-executions no value is
// read after an op overwrote it in place (the RUN lines check it: stream-fuzz's
// async/clobbered-read rule, the invariant copy-on-write establishes).

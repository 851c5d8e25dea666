// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-1f411d36b5b0
// also-known-as: wave-race-fa94f69d410a, wave-race-e9d1c4517d62, async-clobbered-read-318aaf942384
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz check and run (L1 campaigns, seeds 7 and 23)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-fold-after-copy-elision-moves-read-past-write.mlir
// pass: canonicalize
// releases: 3.11, 3.12, 3.13
// triage: compiler bug, wrong data: the canonicalize right after the first ElideAsyncCopies
//   (Transforms/Passes.cpp) rewrites a read of a value that copy elision left as the last reader before an
//   in-place write into a read of the same storage placed after that write. Two folds of
//   IR/StreamOpFolders.cpp do it; neither checks for a tied write of the origin value between the read's old
//   and new position. Witness 1 (CombineSliceUpdateFromToCopy): ElideAsyncCopies drops the copy-on-write
//   clones of %v7 because the in-place update %v11 is its last user once the slice is taken; the fold turns
//   update(slice %v7[8..16)) into a copy that reads %v7 at the update's position, after %v11 wrote %v7 in
//   place (3.11-3.13; 3.1 and 3.4 keep a separate copy). Witness 2 (IntermediateTransferElision, with
//   AsyncTransferOp::fold and SameAffinityTransferToClone): %t is a copy of %x taken before @update_in_place
//   rewrites %x in place, the clone %k hiding the chain from the early canonicalize; the fold collapses
//   transfer(transfer(%x)) into reads of %x after the in-place dispatch (needs transfer on(), 3.12-3.13).
//   The same fold without on() (the former witness 3) breaks the invariant too, but on 3.13 ScheduleExecution
//   then happens to put the moved transfer before the in-place dispatch, so the compiled program reads the
//   right bytes; the oracle reads the IR after partitioning, so it is no witness. Most of these also race
//   (ScheduleConcurrency puts the moved read in one wave with the writer); the race is the symptom. One
//   entry: the same pass breaks the same invariant, and the worker names that pass as the signature; the fix
//   is a guard in each fold (or no value-semantic folds between copy-on-write and allocation). Correct: the
//   read sees the bytes from before the write. Witness 3 (2026-12-01, signature 318aaf942384, a campaign with
//   constants): the same AsyncTransferOp::fold of a round trip d2 -> d0 -> d2 without on(), from a
//   `stream.async.constant` that a fill then writes in place; copy-on-write clones it, ElideAsyncCopies drops
//   that clone legally, and the fold makes the returned value read the constant after the fill (3.13 only:
//   replay against 3.12 passes it, 2026-12-02).
// witnesses: 3, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-before=iree-stream-verify-lowering-to-async %s -o /dev/null 2> %t
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

// -----

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @on_devices() {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %v0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %x = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@produce(%v0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %v0{%c16}
  %t = stream.async.transfer on(#hal.device.affinity<@d0>) %x : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %k = stream.async.clone on(#hal.device.affinity<@d0>) %t : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
  %k2 = stream.async.transfer on(#hal.device.affinity<@d0>) %k : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %w = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@update_in_place(%x[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %x{%c16}
  %b = stream.async.transfer on(#hal.device.affinity<@d1>) %k2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %b2 = stream.async.transfer on(#hal.device.affinity<@d1>) %b : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  util.optimization_barrier %w : !stream.resource<*>
  util.optimization_barrier %b : !stream.resource<*>
  util.optimization_barrier %b2 : !stream.resource<*>
  util.return
}

// The correct output: in the async IR before iree-stream-verify-lowering-to-async no value is read after an op
// overwrote it in place (the RUN lines check it: stream-fuzz's async/clobbered-read rule, the
// invariant copy-on-write establishes).

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.global private @d4 : !hal.device
  util.global private @d5 : !hal.device
  util.func public @main() -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c7_i32 = arith.constant 7 : i32
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.constant on(#hal.device.affinity<@d2>) : !stream.resource<*>{%c16} = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi8>
    %v3 = stream.async.fill on(#hal.device.affinity<@d0>) %c1234_i32, %v1[%c0 to %c16 for %c16] : i32 -> %v1 as !stream.resource<*>{%c16}
    %v4 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v5 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d2>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %v6 = stream.async.update on(#hal.device.affinity<@d0>) %v5, %v3[%c0 to %c16] : !stream.resource<*>{%c16} -> %v3 as !stream.resource<*>{%c16}
    %v7 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v8 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v9 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v10 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v11 = stream.async.fill on(#hal.device.affinity<@d2>) %c7_i32, %v2[%c8 to %c16 for %c8] : i32 -> %v2 as !stream.resource<*>{%c16}
    %v12 = stream.async.clone on(#hal.device.affinity<@d0>) %v5 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
    %v13 = stream.async.constant on(#hal.device.affinity<@d2>) : !stream.resource<*>{%c32} = dense<3> : tensor<32xi8>
    %v14 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v15 = stream.async.transfer %v12 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
    %v16 = stream.async.update on(#hal.device.affinity<@d2>) %v15, %v13[%c0 to %c16] : !stream.resource<*>{%c16} -> %v13 as !stream.resource<*>{%c32}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v7 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v8 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v10 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v11 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v14 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v16 : !stream.resource<*>
    util.return %v6, %v9, %v12, %v15 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
  }
}

// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-9dbfc252d4bf
// also-known-as: async-clobbered-read-66d34de06fdc, wave-race-119826da4296, wave-race-8b98e41c0f83, wave-race-8cfe786bdb0e, wave-race-b81f59a9c86c, wave-race-d5ae403900b5, wave-race-ee2b4ad57b22
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz run (L1 campaigns, seeds 23, 31 and 37: nine findings)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-whole-update-fold-aliases-a-live-value.mlir
// pass: canonicalize, iree-stream-refine-usage (AsyncUpdateOp::fold)
// releases: 3.1, 3.4, 3.11, 3.12, 3.13
// triage: compiler bug, wrong data (IR/StreamOpFolders.cpp AsyncUpdateOp::fold): an update that overwrites
//   the whole of its target folds to its update value even when that value is still read afterwards, so the
//   next in-place writer of the result overwrites the update value itself and no later pass re-inserts a
//   copy. The fold is guarded (hasValueSemantics() on the target, the two types equal), so before copy-on-
//   write it does not fire here; two passes after copy-on-write let it fire. Witnesses 1 and 2: the
//   canonicalize right after MaterializeCopyOnWrite. Inside the loop %u overwrites the whole iter_arg with
//   %a; copy-on-write clones the iter_arg for the tied update, the clone has value semantics, the update
//   folds to %a and scf.for to %a; the fill %f, tied on the loop result, then writes %a while %d still reads
//   it (7s where it must read 5s). In witness 1 the second tied fill %g (the blind spot of wave-race-tied-
//   chain-not-compared) also puts %g and %d in one stream.cmd.concurrent; witness 2 is serialized and just as
//   wrong. Witnesses 3 and 4: iree-stream-refine-usage. The update value %a is typed * and the target
//   external, so the fold waits; copy-on-write sees the fill (or tied dispatch) as the only writer of %u: no
//   clone. RefineUsage retypes %a to external (applyResultTransition) and its greedy rewrite (folding on by
//   default) folds %u to %a; %r, which must hold @make's bytes, gets the fill's 7s. All releases 3.1-3.13.
//   Related: PR #17135 added the target-side guard. The campaign's findings were all this fold (same change
//   at the same pass in each one's IR dumps); their wave/race signatures, what a compiler given with --iree-
//   opt gives, are aliases. Correct: the fold refuses when the update value has other uses (that fixes both
//   ways in); %d and %r read the bytes from before the write.
// witnesses: 4, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-before=iree-stream-verify-lowering-to-async %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

util.global private @d0 : !hal.device
util.func public @raced() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %c9_i32 = arith.constant 9 : i32
  %v0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %v0[%c0 to %c8 for %c8] : i32 -> %v0 as !stream.resource<*>{%c16}
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (!stream.resource<*>) {
    %u = stream.async.update on(#hal.device.affinity<@d0>) %a, %x[%c0 to %c16] : !stream.resource<*>{%c16} -> %x as !stream.resource<*>{%c16}
    scf.yield %u : !stream.resource<*>
  }
  %f = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %r[%c0 to %c8 for %c8] : i32 -> %r as !stream.resource<*>{%c16}
  %g = stream.async.fill on(#hal.device.affinity<@d0>) %c9_i32, %f[%c8 to %c16 for %c8] : i32 -> %f as !stream.resource<*>{%c16}
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %g : !stream.resource<*>
  util.optimization_barrier %d : !stream.resource<*>
  util.return
}

// -----

util.global private @d0 : !hal.device
util.func public @serialized() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %v0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %v0[%c0 to %c8 for %c8] : i32 -> %v0 as !stream.resource<*>{%c16}
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (!stream.resource<*>) {
    %u = stream.async.update on(#hal.device.affinity<@d0>) %a, %x[%c0 to %c16] : !stream.resource<*>{%c16} -> %x as !stream.resource<*>{%c16}
    scf.yield %u : !stream.resource<*>
  }
  %f = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %r[%c0 to %c8 for %c8] : i32 -> %r as !stream.resource<*>{%c16}
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %f : !stream.resource<*>
  util.optimization_barrier %d : !stream.resource<*>
  util.return
}

// -----

util.func public @refined_then_filled(%h: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c7_i8 = arith.constant 7 : i8
  %in = stream.tensor.import %h : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
  %a = stream.async.dispatch @ex::@make(%in[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<*>{%c16}
  %t = stream.async.dispatch @ex::@init(%in[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<external>{%c16}
  %u = stream.async.update %a, %t[%c0 to %c16] : !stream.resource<*>{%c16} -> %t as !stream.resource<external>{%c16}
  %f = stream.async.fill %c7_i8, %u[%c0 to %c4 for %c4] : i8 -> %u as !stream.resource<external>{%c16}
  %r = stream.async.transfer %a : !stream.resource<*>{%c16} -> !stream.resource<external>{%c16}
  %o0 = stream.tensor.export %f : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %o1 = stream.tensor.export %r : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %o0, %o1 : !hal.buffer_view, !hal.buffer_view
}

// -----

util.func public @refined_then_dispatched(%h: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %in = stream.tensor.import %h : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
  %s = stream.async.slice %in[%c0 to %c8] : !stream.resource<external>{%c16} -> !stream.resource<external>{%c8}
  %a = stream.async.dispatch @ex::@make(%in[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<*>{%c8}
  %u = stream.async.update %a, %s[%c0 to %c8] : !stream.resource<*>{%c8} -> %s as !stream.resource<external>{%c8}
  %w = stream.async.dispatch @ex::@inplace(%u[%c0 to %c8 for %c8]) : (!stream.resource<external>{%c8}) -> %u{%c8}
  %r = stream.async.transfer %a : !stream.resource<*>{%c8} -> !stream.resource<external>{%c8}
  %o0 = stream.tensor.export %w : tensor<8xi8> in !stream.resource<external>{%c8} -> !hal.buffer_view
  %o1 = stream.tensor.export %r : tensor<8xi8> in !stream.resource<external>{%c8} -> !hal.buffer_view
  util.return %o0, %o1 : !hal.buffer_view, !hal.buffer_view
}

// The correct output: in the async IR before iree-stream-verify-lowering-to-async no value is read after an op
// overwrote it in place (the RUN lines check it: stream-fuzz's async/clobbered-read rule, the
// invariant copy-on-write establishes).

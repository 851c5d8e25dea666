// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-32b12ee4ea1b
// also-known-as: async-clobbered-read-492ead6e7bca, async-clobbered-read-e4ca4fef5476, wave-race-119826da4296, wave-race-8b98e41c0f83, wave-race-8cfe786bdb0e, wave-race-b81f59a9c86c, wave-race-d5ae403900b5, wave-race-ee2b4ad57b22
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz run (an L1 campaign, seed 23: six findings)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-whole-update-fold-discards-copy-on-write-clone.mlir
// pass: canonicalize
// releases: 3.1, 3.4, 3.11, 3.12, 3.13
// triage: compiler bug, wrong data (the canonicalize right after MaterializeCopyOnWrite,
//   Transforms/Passes.cpp; the fold is StreamOpFolders.cpp AsyncUpdateOp::fold). Inside the loop %u
//   overwrites the whole iter_arg with %a. Before copy-on-write its target is a block argument, so
//   hasValueSemantics() blocks the fold; MaterializeCopyOnWrite then clones it for the tied update, the clone
//   has value semantics, and the canonicalize folds update(%a -> clone) to %a and scf.for to %a. The fill %f,
//   tied in place on the loop result, now writes %a itself while %d still reads %a, and no later pass re-
//   inserts a copy: %d reads 7s where it must read 5s (the async/clobbered-read rule, first after that
//   canonicalize). The second tied fill %g (the blind spot of wave-race-tied-chain-not-compared) also puts %g
//   and %d in one stream.cmd.concurrent, a wave/race; witness 2, without %g, is serialized and just as wrong.
//   Control: a plain whole update of a fresh splat folds in the early canonicalize, before copy-on-write,
//   which then inserts the copy. All releases 3.1-3.13. Related: PR #17135 added the target-side guard of
//   this fold. Correct: %d reads a copy of %a made before %f.
// triage: The campaign's six findings (different ops around the same loop shape) are all this cause; triage
//   saw the same fold at the same pass in each one's IR dumps. Their wave/race signatures (what a compiler
//   given with --iree-opt gives: no midway check there) are listed as aliases.
// witnesses: 2, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-after=iree-stream-place-transfer-executions %s -o /dev/null 2> %t
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

// The correct output: in the async IR after iree-stream-place-transfer-executions no value is
// read after an op overwrote it in place (the RUN lines check it: stream-fuzz's
// async/clobbered-read rule, the invariant copy-on-write establishes).

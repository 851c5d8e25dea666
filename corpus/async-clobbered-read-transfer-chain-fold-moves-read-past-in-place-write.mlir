// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-317585bdb818
// also-known-as: wave-race-e9d1c4517d62
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz run (an L1 campaign, seed 23)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-transfer-chain-fold-moves-read-past-in-place-write.mlir
// pass: canonicalize
// releases: 3.12, 3.13 (the fold: 3.1-3.13)
// triage: compiler bug, wrong data (the canonicalize after ElideAsyncCopies; StreamOpFolders.cpp
//   IntermediateTransferElision, with AsyncTransferOp::fold and SameAffinityTransferToClone). %t is a @d0
//   copy of %x taken before @update_in_place rewrites %x in place; the clone %k hides the chain from the
//   early canonicalize. ElideAsyncCopies rightly elides the clones (%t reads %x first). The canonicalize then
//   collapses transfer(transfer(%x)) into reads of %x at the outer transfers' position, after the in-place
//   dispatch: %b becomes a clone of %x on @d1 and %b2 a transfer of %x, both reading the overwritten bytes.
//   No fold checks for a tied write of the origin value between the two transfers. ScheduleConcurrency then
//   also puts the clone's copy in one stream.cmd.concurrent with @update_in_place. Same class as async-
//   clobbered-read-slice-update-fold-moves-read, a different fold. Witness 1 needs transfer on() (3.12, 3.13:
//   also a race); witness 2, without it, parses on 3.1-3.13, where the same fold runs and the output reads
//   the overwritten buffer without a race. Correct: %b holds the bytes of %x before @update_in_place.
// witnesses: 2, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-after=iree-stream-place-transfer-executions %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

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

// -----

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @no_execution_affinity() {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %v0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %x = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@produce(%v0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %v0{%c16}
  %t = stream.async.transfer %x : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %k = stream.async.clone on(#hal.device.affinity<@d0>) %t : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
  %k2 = stream.async.transfer %k : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %w = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@update_in_place(%x[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %x{%c16}
  %b = stream.async.transfer %k2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %b2 = stream.async.transfer %b : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  util.optimization_barrier %w : !stream.resource<*>
  util.optimization_barrier %b : !stream.resource<*>
  util.optimization_barrier %b2 : !stream.resource<*>
  util.return
}

// The correct output: in the async IR after iree-stream-place-transfer-executions no value is
// read after an op overwrote it in place (the RUN lines check it: stream-fuzz's
// async/clobbered-read rule, the invariant copy-on-write establishes).

// stream-fuzz finding: violation: wave/race
// signature: wave-race-b2798780d10a
// also-known-as: wave-race-9ee5d24c2345, wave-race-9dcf201c79e5, wave-race-fa94f69d410a, wave-race-340f7a291d11, wave-race-c5ec1084f159
// status: open
// severity: race
// found: 2026-12-01 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/wave-race-tied-chain-not-compared.mlir
// pass: iree-stream-schedule-concurrency
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — three tensor.insert_slice of splat constants into one tensor, at [0,2), [2,4),
//   [0,2): the stream IR has the three tied fills in one stream.cmd.concurrent and stream-fuzz check reports
//   the same wave/race (fills 1 and 3 on bytes [0,8)); 20 runs on local-task returned the right numbers (a
//   race, not shown at run time).
// triage: compiler bug, a data race (ScheduleConcurrency: ReferencePartitioning.cpp
//   partitionRegionConcurrencyReference with ResourceHazards.cpp hasHazard): three tied in-place fills of one
//   2-byte resource, [0,1) -> [1,2) -> [0,1), all land in one stream.cmd.concurrent, so fills 1 and 3 race on
//   byte 0 (it must end up 3). The hazard analysis compares an op only with its direct users, and ranges only
//   of the same SSA value; fill 1 and fill 3 act on different values of one tied chain and are never
//   compared. All releases 3.1-3.13. Related, fixed: #14889. Correct: fill 1 and fill 3 in different waves, in
//   that order (the CHECKs test only that, so any repair passes: the second racer after the wave, the first
//   alone before a wave of the others, full serialization). Witness 2 (an L1
//   campaign, shrunk by hand): a copy of bytes onto themselves, a fill, then a copy into the same byte, tied;
//   the self-copy (see async-clobbered-read-cse-after-copy-on-write-merges-a-value-with-its-copy) reads byte 0 and writes it back, so the
//   later copy's value can be lost. Witness 3 (an L1 campaign, seed 59, 62 programs; written by hand after
//   it): a zero-length copy into %s[16, 16) sits between a splat and the dispatch that updates the splat in
//   place. The splat and the copy rightly do not conflict (no byte in common), and the dispatch's ranges are
//   on the copy's result, another SSA value of the same storage, so it is compared with neither: the splat's
//   fill and @update run in one wave on the same 16 bytes. Witnesses 4 and 5 (an L1 campaign, seed 11; the
//   shrunk programs with the unused devices dropped): a dispatch with two results is emplaced into the two
//   halves of one 32-byte splat (EmplaceAllocations ties result 0 to operand 1 = %t[0, 16) and result 1 to
//   operand 2 = %t[16, 32), tied_operands = [1, 2]), then bytes [0, 16) are written again through result 1
//   (witness 4: a fill, from the update of a splat; witness 5: a copy, from the update of a transferred
//   value). The two are direct users, but AsyncDispatchOp::getAsyncAccessRanges (IR/StreamOps.cpp) gives
//   result 1 only operand 2's range [16, 32), and the range [0, 16) it writes is on operand 1 and result 0,
//   other SSA values of the same storage: hasHazard sees no overlap and the dispatch and the later write
//   share a wave. Witness 4 gives wrong data at run time: made runnable (both values exported, @entry1 a
//   placeholder writing 1..4 and 101..104), compiled with iree-compile --compile-from=flow and run 40 times
//   on local-task, 39 runs returned 8xi32=0,0,0,0,101,102,103,104 and one 1,2,3,4,101,102,103,104 (the
//   dispatch's write landed after the fill): too rare for an XFAIL run line, so the witness stays structural. The IR before
//   ScheduleConcurrency does not survive printing: the pretty form prints both tied results as %t, which
//   parses back as tied_operands = [1, 1] (both to operand 1), and from that text the pass sees the hazard;
//   a one-pass reproducer of these witnesses needs the dispatch in generic form.
// witnesses: 5, one per split of the file (the first is the smallest)
// checks: HAS = the two racers are still there, in order. CHECK (indentation, hence --strict-whitespace):
//   X = the execute's indentation; D = "" if the first racer is a bare op of the execute body (serial), two
//   spaces if it sits in a stream.cmd.concurrent; the second racer must not appear at the wave's depth
//   (X+2D) before the next line at the body's depth (the wave's closing brace or the next body op).
// runtime: tried witness 1 on real devices (16 B and 64 MB fills, local-task, 30 runs each): always correct,
//   the race does not show, so the witness stays structural.
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o %t
// RUN: FileCheck --strict-whitespace --check-prefix=HAS %s < %t
// RUN: FileCheck --strict-whitespace %s < %t

module {
  util.global private @d0 : !hal.device
  util.func public @three_tied_fills(%in: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c1_i8 = arith.constant 1 : i8
    %c2_i8 = arith.constant 2 : i8
    %c3_i8 = arith.constant 3 : i8
    %c0_i8 = arith.constant 0 : i8
    %s = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c2}
    %a = stream.async.fill on(#hal.device.affinity<@d0>) %c1_i8, %s[%c0 to %c1 for %c1] : i8 -> %s as !stream.resource<*>{%c2}
    %b = stream.async.fill on(#hal.device.affinity<@d0>) %c2_i8, %a[%c1 to %c2 for %c1] : i8 -> %a as !stream.resource<*>{%c2}
    %c = stream.async.fill on(#hal.device.affinity<@d0>) %c3_i8, %b[%c0 to %c1 for %c1] : i8 -> %b as !stream.resource<*>{%c2}
    util.return %c : !stream.resource<*>
  }
}

// The two writers of byte 0 (fill 1, fill 3) stay, in order, and are never members of one wave.
// HAS-LABEL: util.func public @three_tied_fills(
// HAS:         stream.cmd.fill %c1_i8, %[[R:[a-z0-9_]+]][%c0 for %c1]
// HAS:         stream.cmd.fill %c3_i8, %[[R]][%c0 for %c1]
// CHECK-LABEL: util.func public @three_tied_fills(
// CHECK:       {{^}}[[X:[ ]*]]%{{.*}} = stream.cmd.execute
// CHECK:       {{^}}[[X]]  [[D:(  )?]]stream.cmd.fill %c1_i8
// CHECK-NOT:   {{^}}[[X]][[D]][[D]]stream.cmd.fill %c3_i8
// CHECK:       {{^}}[[X]]  {{[^ ]}}

// -----

util.global private @d0 : !hal.device
util.func public @self_copy_then_copy() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c0_i8 = arith.constant 0 : i8
  %c9_i8 = arith.constant 9 : i8
  %v0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c2}
  %v2 = stream.async.transfer %v0 : !stream.resource<*>{%c2} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c2}
  %v4 = stream.async.transfer %v0 : !stream.resource<*>{%c2} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c2}
  %v5 = stream.async.copy on(#hal.device.affinity<@d0>) %v4[%c0 to %c1], %v2[%c0 to %c1], %c1 : !stream.resource<*>{%c2} -> %v2 as !stream.resource<*>{%c2}
  %v6 = stream.async.fill on(#hal.device.affinity<@d0>) %c9_i8, %v5[%c1 to %c2 for %c1] : i8 -> %v5 as !stream.resource<*>{%c2}
  %v8 = stream.async.copy on(#hal.device.affinity<@d0>) %v4[%c1 to %c2], %v6[%c0 to %c1], %c1 : !stream.resource<*>{%c2} -> %v6 as !stream.resource<*>{%c2}
  util.optimization_barrier %v8 : !stream.resource<*>
  util.return
}

// The two 1-byte copies into byte 0 of the result (%v5, %v8) stay, in order, and are never members of one wave.
// HAS-LABEL: util.func public @self_copy_then_copy(
// HAS:         stream.cmd.copy %{{.+}}, %[[R:[a-z0-9_]+]][%c0], %c1 :
// HAS:         stream.cmd.copy %{{.+}}, %[[R]][%c0], %c1 :
// CHECK-LABEL: util.func public @self_copy_then_copy(
// CHECK:       {{^}}[[X:[ ]*]]%{{.*}} = stream.cmd.execute
// CHECK:       {{^}}[[X]]  [[D:(  )?]]stream.cmd.copy %{{.+}}, %[[R:[a-z0-9_]+]][%c0], %c1 :
// CHECK-NOT:   {{^}}[[X]][[D]][[D]]stream.cmd.copy %{{.+}}, %[[R]][%c0], %c1 :
// CHECK:       {{^}}[[X]]  {{[^ ]}}

// -----

module {
  util.global private @d0 : !hal.device
  util.func public @zero_length_copy_in_the_chain() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %c1_i8 = arith.constant 1 : i8
    %src = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i8 : i8 -> !stream.resource<*>{%c4}
    %s = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c16}
    %c = stream.async.copy on(#hal.device.affinity<@d0>) %src[%c0 to %c0], %s[%c16 to %c16], %c0 : !stream.resource<*>{%c4} -> %s as !stream.resource<*>{%c16}
    %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@update(%c[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %c{%c16}
    util.optimization_barrier %src : !stream.resource<*>
    util.optimization_barrier %d : !stream.resource<*>
    util.return
  }
}

// The splat's fill of %s and @update's in-place write of it stay, in order, and are never members of one wave.
// HAS-LABEL: util.func public @zero_length_copy_in_the_chain(
// HAS:         stream.cmd.fill %c0_i8, %[[R:[a-z0-9_]+]][%[[O:[a-z0-9_]+]] for %c16]
// HAS:         stream.cmd.dispatch @ex::@update
// HAS-NEXT:      rw %[[R]][%[[O]] for %c16]
// CHECK-LABEL: util.func public @zero_length_copy_in_the_chain(
// CHECK:       {{^}}[[X:[ ]*]]%{{.*}} = stream.cmd.execute
// CHECK:       {{^}}[[X]]  [[D:(  )?]]stream.cmd.fill %c0_i8, %{{.+}} for %c16]
// CHECK-NOT:   {{^}}[[X]][[D]][[D]]stream.cmd.dispatch @ex::@update
// CHECK:       {{^}}[[X]]  {{[^ ]}}

// -----

module {
  util.global private @d0 : !hal.device
  util.func public @two_results_tied_to_one_target_then_fill() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2, %v3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry1(%v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16}, !stream.resource<*>{%c16})
    %v4 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
    %v5 = stream.async.update on(#hal.device.affinity<@d0>) %v2, %v4[%c0 to %c16] : !stream.resource<*>{%c16} -> %v4 as !stream.resource<*>{%c32}
    %v6 = stream.async.update on(#hal.device.affinity<@d0>) %v3, %v5[%c16 to %c32] : !stream.resource<*>{%c16} -> %v5 as !stream.resource<*>{%c32}
    %v7 = stream.async.update on(#hal.device.affinity<@d0>) %v1, %v6[%c0 to %c16] : !stream.resource<*>{%c16} -> %v6 as !stream.resource<*>{%c32}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v7 : !stream.resource<*>
    util.return
  }
}

// The dispatch's write of the target's first half and the later fill of the same bytes stay, in order, and are
// never members of one wave.
// HAS-LABEL: util.func public @two_results_tied_to_one_target_then_fill(
// HAS:         stream.cmd.dispatch @ex::@entry1
// HAS:           rw %[[R:[a-z0-9_]+]][%[[O:[a-z0-9_]+]] for %c16]
// HAS:         stream.cmd.fill %c0_i8, %[[R]][%[[O]] for %c16]
// CHECK-LABEL: util.func public @two_results_tied_to_one_target_then_fill(
// CHECK:       {{^}}[[X:[ ]*]]%{{.*}} = stream.cmd.execute
// CHECK:       {{^}}[[X]]  [[D:(  )?]]stream.cmd.dispatch @ex::@entry1
// CHECK-NOT:   {{^}}[[X]][[D]][[D]]stream.cmd.fill %c0_i8
// CHECK:       {{^}}[[X]]  {{[^ ]}}

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @two_results_tied_to_one_target_then_copy() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v3 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v4, %v5 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@entry1(%v3[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16}, !stream.resource<*>{%c16})
    %v6 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
    %v7 = stream.async.update on(#hal.device.affinity<@d1>) %v4, %v6[%c0 to %c16] : !stream.resource<*>{%c16} -> %v6 as !stream.resource<*>{%c32}
    %v8 = stream.async.update on(#hal.device.affinity<@d1>) %v5, %v7[%c16 to %c32] : !stream.resource<*>{%c16} -> %v7 as !stream.resource<*>{%c32}
    %v9 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %v10 = stream.async.update on(#hal.device.affinity<@d1>) %v9, %v8[%c0 to %c16] : !stream.resource<*>{%c16} -> %v8 as !stream.resource<*>{%c32}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v9 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v10 : !stream.resource<*>
    util.return
  }
}

// The dispatch's write of the target's first half and the later copy into the same bytes stay, in order, and
// are never members of one wave.
// HAS-LABEL: util.func public @two_results_tied_to_one_target_then_copy(
// HAS:         stream.cmd.dispatch @ex::@entry1
// HAS:           rw %[[R:[a-z0-9_]+]][%[[O:[a-z0-9_]+]] for %c16]
// HAS:         stream.cmd.copy %{{.+}}, %[[R]][%[[O]]], %c16 :
// CHECK-LABEL: util.func public @two_results_tied_to_one_target_then_copy(
// CHECK:       {{^}}[[X:[ ]*]]%{{.*}} = stream.cmd.execute
// CHECK:       {{^}}[[X]]  [[D:(  )?]]stream.cmd.dispatch @ex::@entry1
// CHECK-NOT:   {{^}}[[X]][[D]][[D]]stream.cmd.copy
// CHECK:       {{^}}[[X]]  {{[^ ]}}

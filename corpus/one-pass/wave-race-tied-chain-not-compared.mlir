// stream-fuzz finding: violation: wave/race
// signature: wave-race-b2798780d10a
// status: open
// severity: race
// found: by hand from corpus/wave-race-tied-chain-not-compared.mlir (witness 1, the IR before the pass that breaks it)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(util.func(iree-stream-schedule-concurrency),iree-stream-schedule-allocation)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/wave-race-tied-chain-not-compared.mlir
// pass: iree-stream-schedule-concurrency
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/wave-race-tied-chain-not-compared.mlir (its triage says why this is wrong)
// input: the IR after iree-stream-schedule-execution (bisected with --mlir-print-ir-after-all on
//   iree-stream-transformation-pipeline): valid, one execute, no waves yet. iree-stream-schedule-concurrency
//   then puts fill 1 and fill 3 (both write byte 0 of one tied resource) in one stream.async.concurrent;
//   iree-stream-schedule-allocation only carries the wave over to stream.cmd.concurrent, where the checks
//   (and the project's oracle) see it.
// checks: HAS = both writers of byte 0 are still there, in order. CHECK (indentation, hence
//   --strict-whitespace): X = the execute's indentation; D = "" if fill 1 is a bare op of the execute body,
//   two spaces if it sits in a wave; fill 3 must not appear at the wave's depth (X+2D) before the next line at
//   the body's depth (the wave's closing brace or the next body op). Any repair passes: fill 3 after the
//   wave, fill 1 alone before a wave of the others, full serialization.
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(iree-stream-schedule-concurrency),iree-stream-schedule-allocation)' %s -o %t
// RUN: FileCheck --strict-whitespace --check-prefix=HAS %s < %t
// RUN: FileCheck --strict-whitespace %s < %t

module {
  util.global private @d0 : !hal.device
  util.func public @three_tied_fills() -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c0_i8 = arith.constant 0 : i8
    %c1_i8 = arith.constant 1 : i8
    %c2_i8 = arith.constant 2 : i8
    %c3_i8 = arith.constant 3 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<external>{%c2} {
      %s = stream.async.splat %c0_i8 : i8 -> !stream.resource<external>{%c2}
      %a = stream.async.fill %c1_i8, %s[%c0 to %c1 for %c1] : i8 -> %s as !stream.resource<external>{%c2}
      %b = stream.async.fill %c2_i8, %a[%c1 to %c2 for %c1] : i8 -> %a as !stream.resource<external>{%c2}
      %c = stream.async.fill %c3_i8, %b[%c0 to %c1 for %c1] : i8 -> %b as !stream.resource<external>{%c2}
      stream.yield %c : !stream.resource<external>{%c2}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<external>{%c2}
    util.return %0 : !stream.resource<external>
  }
}

// HAS-LABEL: util.func public @three_tied_fills(
// HAS:         stream.cmd.fill %c1_i8, %[[R:[a-z0-9_]+]][%[[O:[a-z0-9_#]+]] for %c1]
// HAS:         stream.cmd.fill %c3_i8, %[[R]][%[[O]] for %c1]
// CHECK-LABEL: util.func public @three_tied_fills(
// CHECK:       {{^}}[[X:[ ]*]]%{{.*}} = stream.cmd.execute
// CHECK:       {{^}}[[X]]  [[D:(  )?]]stream.cmd.fill %c1_i8
// CHECK-NOT:   {{^}}[[X]][[D]][[D]]stream.cmd.fill %c3_i8
// CHECK:       {{^}}[[X]]  {{[^ ]}}

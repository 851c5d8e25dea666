// stream-fuzz finding: violation: wave/race
// signature: wave-race-b2798780d10a
// status: open
// severity: race
// found: by stream-fuzz reduce from corpus/wave-race-tied-chain-not-compared.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/wave-race-tied-chain-not-compared.mlir
// pass: iree-stream-schedule-allocation
// reduced-from: corpus/wave-race-tied-chain-not-compared.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 24 lines of code, to 19 in 1 s (20 candidates)
// what was found:
//   [wave/race] (race) %arg1 is touched by two members of one concurrent wave, and one writes: 'stream.cmd.fill %c1_i8, %arg1[%c0 for %c1] : i8 -> !stream.resource<external>{%c1}' and 'stream.cmd.fill %c1_i8, %arg1[%c0 for %c1] : i8 -> !stream.resource<external>{%c1}'
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @three_tied_fills(%arg0: !stream.resource<external>) -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i8 = arith.constant 1 : i8
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<external>{%c1} {
      %0 = stream.async.splat %c0_i8 : i8 -> !stream.resource<external>{%c1}
      %1 = stream.async.concurrent with(%0 as %arg1: !stream.resource<external>{%c1}) -> %0{%c1} {
        %2 = stream.async.fill %c1_i8, %arg1[%c0 to %c1 for %c1] : i8 -> %arg1 as !stream.resource<external>{%c1}
        %3 = stream.async.fill %c1_i8, %2[%c0 to %c1 for %c1] : i8 -> %2 as !stream.resource<external>{%c1}
        stream.yield %3 : !stream.resource<external>{%c1}
      }
      stream.yield %1 : !stream.resource<external>{%c1}
    } => !stream.timepoint
    util.return %results : !stream.resource<external>
  }
}

// CHECK: stream.cmd.fill %c1_i8, %arg1[%c0 for %c1] : i8 -> !stream.resource<external>{%c1}
// CHECK: {{^      }$}}
// CHECK: stream.cmd.fill %c1_i8, %arg1[%c0 for %c1] : i8 -> !stream.resource<external>{%c1}

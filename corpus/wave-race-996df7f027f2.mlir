// stream-fuzz finding: violation: wave/race
// signature: wave-race-996df7f027f2
// status: open
// found: 2026-12-01 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// reproduce: stream-fuzz replay corpus/wave-race-996df7f027f2.mlir
// triage (compiler bug, ScheduleConcurrency): three tied in-place fills of one 2-byte resource,
//   fill(1)[0,1) -> fill(2)[1,2) -> fill(3)[0,1), all land in one stream.cmd.concurrent, so fill 1 and
//   fill 3 race on byte 0 (it must end up 3). ResourceHazardAnalysis compares an op only with its direct
//   users, and AsyncAccessRange::mayOverlap calls ranges that merely touch (end == start, by SSA value)
//   disjoint, so the hazard is not carried across the middle fill. Found by an L1 campaign through a
//   zero-length fill in the middle; minimized by hand (a helper). The race goes away if the middle fill
//   overlaps a neighbour.
// what was found:
//   [wave/race] %arg1 is touched by two members of one concurrent wave, and one writes: 'stream.cmd.fill %c1_i8, %arg1[%c0 for %c1] : i8 -> !stream.resource<external>{%c2}' and 'stream.cmd.fill %c3_i8, %arg1[%c0 for %c1] : i8 -> !stream.resource<external>{%c2}'
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @main(%in: !stream.resource<*>) -> !stream.resource<*> {
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

// The correct output: the three dependent fills are not in one concurrent wave.
// CHECK: util.func
// CHECK-NOT: stream.cmd.concurrent

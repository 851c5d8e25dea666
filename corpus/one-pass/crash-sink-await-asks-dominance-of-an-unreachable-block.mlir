// stream-fuzz finding: crash
// signature: crash-e5fad2b07b79
// status: open
// severity: -
// found: by hand from corpus/crash-sink-await-asks-dominance-of-an-unreachable-block.mlir (the shape of the IR before the pass that crashes)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(util.func(iree-util-apply-patterns))
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/one-pass/crash-sink-await-asks-dominance-of-an-unreachable-block.mlir
// pass: iree-util-apply-patterns
// reduced-from: corpus/crash-sink-await-asks-dominance-of-an-unreachable-block.mlir (its triage says why this is wrong)
// input: valid IR, every block reachable: an await in a block other than the entry (the pipeline's is an
//   outer loop's header) whose result leaves through a block that holds only a cf.br. Bottom-up, cf.cond_br's
//   pass-through fold goes first and leaves ^bb2 unreachable but still using %r; SinkAwaitToFirstConsumer
//   then asks for the nearest common dominator of ^bb1 and ^bb2 and crashes. The whole pipeline hands
//   iree-util-apply-patterns this shape (loop header, pass-through block, inner loop). Correct: the await is
//   kept (sunk into ^bb2, or left in ^bb1 when its only reachable user is there) and the function compiles.
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(iree-util-apply-patterns))' %s 2>&1 | FileCheck %s
// The correct output: the function compiles and keeps the await.
// CHECK-NOT: error:
// CHECK-LABEL: util.func public @main
// CHECK: stream.timepoint.await %arg0 => %arg1 : !stream.resource<transient>{%c128}
// CHECK: util.return
// CHECK-NOT: error:

util.func public @main(%t: !stream.timepoint, %a: !stream.resource<transient>, %c1: i1, %c2: i1) -> !stream.resource<transient> {
  %c128 = arith.constant 128 : index
  cf.cond_br %c1, ^bb1, ^bb3(%a : !stream.resource<transient>)
^bb1:
  %r = stream.timepoint.await %t => %a : !stream.resource<transient>{%c128}
  cf.cond_br %c2, ^bb2, ^bb3(%a : !stream.resource<transient>)
^bb2:
  cf.br ^bb3(%r : !stream.resource<transient>)
^bb3(%x: !stream.resource<transient>):
  util.return %x : !stream.resource<transient>
}

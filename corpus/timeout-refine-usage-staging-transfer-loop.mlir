// stream-fuzz finding: timeout
// signature: timeout-54500d7644cc
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/timeout-refine-usage-staging-transfer-loop.mlir
// pass: iree-stream-refine-usage
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: tensor.extract of an element (the frontend's transfer to staging),
//   alone and of an scf.for result: both compile; the hang needs a pre-scheduled execute yielding a staging
//   transfer, which no frontend writes.
// triage: compiler bug (RefineUsage.cpp UsageRefinementPattern::applyResultTransition(Operation*, ...), via
//   ApplyGenericOp on stream.timepoint.await): a pre-scheduled execute yields a transfer to its own device
//   whose result is staging; the awaited result's refined lifetime differs, and this overload of
//   applyResultTransition inserts a new transfer every time the pattern runs (unlike the size-aware overload,
//   it never recognises the one it inserted), so the greedy driver never returns and memory grows by about 1
//   GB/s. Hangs on 3.9-3.13; 3.1-3.8 reject it with a verifier error. A flat version compiles.
//   Witness 2 (found 2026-12-01 while drawing constants by hand) is the same overload through
//   ApplyGenericOp<OptimizationBarrierOp>: canonicalize turns a splat `stream.async.constant` into a
//   `constant` splat, the usage analysis says transient (ResourceUsage.cpp's AsyncSplatOp case never marks
//   it constant), and every run of the barrier pattern adds another size and transfer. It hangs on every
//   release from 3.1 to 3.13. lit bounds the hang (its per-test time limit; the corpus suite gives a timeout
//   entry 20 s).
// witnesses: 2, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

util.global private @d0 : !hal.device
util.func public @f() -> !stream.resource<staging> {
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %r, %t = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<staging>{%c16} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %y = stream.async.transfer %s : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
    stream.yield %y : !stream.resource<staging>{%c16}
  } => !stream.timepoint
  %ready = stream.timepoint.await %t => %r : !stream.resource<staging>{%c16}
  util.return %ready : !stream.resource<staging>
}

// -----

util.func public @g() {
  %c16 = arith.constant 16 : index
  %0 = stream.async.constant : !stream.resource<constant>{%c16} = dense<3> : tensor<16xi8>
  %1 = util.optimization_barrier %0 : !stream.resource<constant>
  util.return
}

// The correct output: every witness compiles.
// CHECK-NOT: error:
// CHECK-COUNT-2: util.func public @
// CHECK-NOT: error:

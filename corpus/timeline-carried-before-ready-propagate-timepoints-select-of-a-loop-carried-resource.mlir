// stream-fuzz finding: violation: timeline/carried-before-ready
// signature: timeline-carried-before-ready-638bc3ca0467
// also-known-as: timeline-carried-before-ready-c261342208f0
// status: open
// severity: data
// found: 2026-12-05 by hand, from a helper's shrink of an L1 program, checked by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// releases: has the bug 3.10-3.13; correct 3.1-3.9 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/timeline-carried-before-ready-propagate-timepoints-select-of-a-loop-carried-resource.mlir
// pass: iree-stream-propagate-timepoints (expandRegionBranchOp's wrapExpandedBlockArgFn; consumeTimepoint)
// reachability: stream IR only — tried: a frontend scf.for whose body picks the init or the carried tensor
//   (arith.select, and scf.if) before an elementwise op, compiled by the pinned iree-compile --compile-to=stream:
//   the choice is fused into the dispatch, which captures the carried value itself and awaits its timepoint
//   (through its alloca's await). The stream-level select comes from stream programs (L1).
// triage: compiler bug since PR #22611 (commit 68a9309688, first tagged 3.10.0rc20251205). PropagateTimepoints
//   (Stream/Transforms/PropagateTimepoints.cpp) carries a loop's resource iter_arg as a (resource, timepoint)
//   pair; expandRegionBranchOp's wrapExpandedBlockArgFn maps the body's resource argument to its timepoint
//   argument and deliberately inserts no await ("keeping the original block argument allows downstream operand
//   expansion to thread the carried timepoint"), and expandRegion then skips the block-start await for it. Only
//   consumers that go through consumeTimepoint on the block argument itself pick the carried timepoint up;
//   arith.select is not expanded, and consumeTimepoint on the select's result finds no mapping and no
//   await/execute defining op, so it returns stream.timepoint.immediate (its TODO: "such as select, where we
//   could join"). The execute reading select(%cond, %init, %carried) awaits only its own alloca: iteration
//   k+1's dispatch may read iteration k's result before the execute writing it has completed; the only wait on
//   the carried timepoint is the await after the loop. The body's own host await of its execute
//   (in the pass's input) is bypassed (the yield now passes the unawaited resource and its timepoint)
//   and the canonicalizer drops it as dead. 3.1-3.9's pass does not expand scf loops: the loop carries the
//   awaited resource (a host await in the body), correct. Read directly (no select), the carried argument is
//   mapped and the consumer awaits it (the alloca awaits the carried timepoint on 3.13): specific to a consumer
//   consumeTimepoint cannot see through. Fix hint: join the timepoints of a select's operands in
//   consumeTimepoint (its TODO), or await the carried timepoint for block-argument uses that are not
//   timepoint-aware. No report found in IREE's tracker (searched 2026-12-05). One-pass file:
//   corpus/one-pass/timeline-carried-before-ready-propagate-timepoints-select-of-a-loop-carried-resource.mlir.
//   At run time (not a RUN line: it fails only sometimes): this program made a witness by stream-fuzz witness
//   (the dispatch adds [1,2,3,4]; 3 iterations, %cond = 0, expected 131,134,137,140), compiled by the pinned
//   iree-compile (--compile-from=flow --iree-hal-memoization=false: the default crashes in a later phase) and
//   run with iree-run-module --device=local-task, gave a wrong result in 38 of 100 runs (often 1,2,3,4: the
//   last dispatch read zeros); 0 of 10 on local-sync; 0 of 40 with the else branch cloning the carried value
//   (scf.if, same meaning; oracle-clean); 0 of 20 compiled and run by 3.9.0.
//   Correct: in the loop, the execute that reads the carried resource awaits (directly, through a join, or
//   through an alloca's await) the timepoint carried with it. When the loop carries no timepoint (3.1-3.9) the
//   CHECK lines say nothing: T is captured empty and the await line matches the execute's own await.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s
// The loop header's resource argument and the timepoint carried with it (T; empty when none is carried):
// CHECK-LABEL: util.func public @main(
// CHECK: ^bb{{[0-9]+}}(%{{[0-9]+}}: index, %{{[0-9]+}}: !stream.resource<external>{{(, )?}}[[T:(%[0-9]+)?]]
// Something awaits T (an execute, a join or an alloca's await, or the host) before the body's dispatch.
// CHECK: {{(await\(|timepoint.await |join max\()}}{{.*}}[[T]]{{[,) ]}}
// CHECK: stream.cmd.dispatch @ex::@entry2

util.global private @d0 : !hal.device
stream.executable private @ex {
  stream.executable.export public @entry2 workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @entry2(%in: !stream.binding, %out: !stream.binding) {
      return
    }
  }
}
util.func public @main(%cond: i1) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c16 = arith.constant 16 : index
  %c128_i32 = arith.constant 128 : i32
  %v3 = stream.async.splat on(#hal.device.affinity<@d0>) %c128_i32 : i32 -> !stream.resource<*>{%c16}
  %v23 = scf.for %i = %c0 to %c3 step %c1 iter_args(%v4 = %v3) -> (!stream.resource<*>) {
    %v6 = arith.select %cond, %v3, %v4 : !stream.resource<*>
    %v10 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry2(%v6[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    scf.yield %v10 : !stream.resource<*>
  }
  util.optimization_barrier %v3 : !stream.resource<*>
  util.return %v23 : !stream.resource<*>
}

// stream-fuzz finding: timeout
// signature: timeout-2570ac23a4c1
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/timeout-refine-usage-staging-transfer-loop.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-refine-usage)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/timeout-refine-usage-staging-transfer-loop.mlir
// pass: iree-stream-refine-usage
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/timeout-refine-usage-staging-transfer-loop.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 14 lines of code, to 14 in 53 s (10 candidates)
// what was found:
//   [killed after 5 s]
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-refine-usage)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @f() -> !stream.resource<staging> {
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<staging>{%c1} {
      %1 = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c1}
      %2 = stream.async.transfer %1 : !stream.resource<transient>{%c1} -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c1}
      stream.yield %2 : !stream.resource<staging>{%c1}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<staging>{%c1}
    util.return %0 : !stream.resource<staging>
  }
}

// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:

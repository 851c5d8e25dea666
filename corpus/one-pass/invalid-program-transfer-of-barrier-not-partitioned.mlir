// stream-fuzz finding: invalid-program
// signature: invalid-program-3c4a7adc9701
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-transfer-of-barrier-not-partitioned.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-verify-lowering-to-async)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-transfer-of-barrier-not-partitioned.mlir
// pass: iree-stream-verify-lowering-to-async
// reduced-from: corpus/invalid-program-transfer-of-barrier-not-partitioned.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 16 lines of code, to 13 in 1 s (19 candidates)
// what was found:
//   loc("-":10:10): error: 'stream.async.transfer' op : streamable op expected to be in an execution region
//   loc("-":10:10): error: 'stream.async.transfer' op illegal for this phase of lowering in the stream dialect; expected to have been converted or removed
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-verify-lowering-to-async)' %s 2>&1 | FileCheck %s

module {
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d1>) with() -> !stream.resource<transient>{%c1} {
      %1 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c1}
      stream.yield %1 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %0 = stream.async.transfer %results : !stream.resource<transient>{%c1} -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c1}
    util.return
  }
}

// CHECK: util.func

// stream-fuzz finding: crash
// signature: crash-29c99e4bd9b6
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/crash-concurrency-joins-zero-length-producer-and-consumer.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/crash-concurrency-joins-zero-length-producer-and-consumer.mlir
// pass: iree-stream-schedule-allocation
// reduced-from: corpus/crash-concurrency-joins-zero-length-producer-and-consumer.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 19 lines of code, to 17 in 10 s (16 candidates)
// what was found:
//   Please report issues to https://github.com/iree-org/iree/issues and include the crash backtrace.
//   Stack dump:
//   [crashed in pass: iree-stream-schedule-allocation]
//   [compiler worker killed by signal 11]
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<transient>{%c1} {
      %0 = stream.async.concurrent with() -> !stream.resource<transient>{%c1} {
        %1 = stream.async.splat %c0_i8 : i8 -> !stream.resource<transient>{%c0}
        %2 = stream.async.dispatch @ex::@f(%1[%c0 to %c0 for %c0]) : (!stream.resource<transient>{%c0}) -> !stream.resource<transient>{%c1}
        stream.yield %2 : !stream.resource<transient>{%c1}
      }
      stream.yield %0 : !stream.resource<transient>{%c1}
    } => !stream.timepoint
    util.return
  }
}

// CHECK: util.func

// stream-fuzz finding: invalid-program
// signature: invalid-program-ccc7b891df88
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-cloned-op-joins-a-dependent-partition.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-cloned-op-joins-a-dependent-partition.mlir
// pass: iree-stream-schedule-execution (on func.func, util.func, util.initializer)
// failure: failed to schedule execution partitions without cyclic dependencies
// releases: has the bug 3.12-3.13; cannot express 3.1-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-cloned-op-joins-a-dependent-partition.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 23 lines of code, to 17 in 1 s (55 candidates)
// what was found:
//   loc("-":4:3): error: failed to schedule execution partitions without cyclic dependencies
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i8 : i8 -> !stream.resource<transient>{%c1}
    %1 = scf.for %arg0 = %c0 to %c1 step %c1 iter_args(%arg1 = %0) -> (!stream.resource<transient>) {
      scf.yield %arg1 : !stream.resource<transient>
    }
    %2 = stream.async.transfer on(#hal.device.affinity<@d0>) %1 : !stream.resource<transient>{%c1} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<transient>{%c1}
    %3 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<transient>{%c1}
    %4 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@h(%3[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
    util.return
  }
}

// CHECK-NOT: failed to schedule execution partitions without cyclic dependencies
// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:

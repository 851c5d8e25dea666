// stream-fuzz finding: invalid-program
// signature: invalid-program-e4c604d24291
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-partition-cycle-through-scf-for-init.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-partition-cycle-through-scf-for-init.mlir
// pass: iree-stream-schedule-execution (on func.func, util.func, util.initializer)
// failure: circular dependency: input operation uses partition output | does not dominate this use
// releases: has the bug 3.10-3.13; correct 3.1-3.9 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-partition-cycle-through-scf-for-init.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 18 lines of code, to 14 in 1 s (28 candidates)
// what was found:
//   loc("-":3:3): error: circular dependency: input operation uses partition output %3 = "stream.async.splat"(%2, %1) <{affinity = #hal.device.affinity<@d0>}> : (i8, index) -> !stream.resource<transient> - this indicates the operation should be inside the partition
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<transient>{%c1}
    %1 = scf.for %arg0 = %c0 to %c1 step %c1 iter_args(%arg1 = %0) -> (!stream.resource<transient>) {
      scf.yield %arg1 : !stream.resource<transient>
    }
    %2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry2(%1[%c0 to %c1 for %c1], %0[%c0 to %c1 for %c1]) : (!stream.resource<transient>{%c1}, !stream.resource<transient>{%c1}) -> !stream.resource<transient>{%c1}
    util.return
  }
}

// CHECK-NOT: circular dependency
// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:

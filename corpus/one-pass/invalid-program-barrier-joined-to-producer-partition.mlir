// stream-fuzz finding: invalid-program
// signature: invalid-program-88740463c7f2
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-barrier-joined-to-producer-partition.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-barrier-joined-to-producer-partition.mlir
// pass: iree-stream-schedule-execution (on func.func, util.func, util.initializer)
// failure: is not compatible with the partition affinity
// releases: has the bug 3.2-3.13; cannot express 3.1 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-barrier-joined-to-producer-partition.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 16 lines of code, to 14 in 1 s (101 candidates)
// what was found:
//   loc("-":10:10): error: op affinity #hal.device.affinity<@d1> is not compatible with the partition affinity #hal.device.affinity<@d0>
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<transient>{%c1}
    %1 = stream.async.fill on(#hal.device.affinity<@d1>) %c1_i32, %0[%c0 to %c1 for %c1] : i32 -> %0 as !stream.resource<transient>{%c1}
    %2 = stream.async.barrier on(#hal.device.affinity<@d0>) %1 : !stream.resource<transient>{%c1}
    util.return
  }
}

// CHECK-NOT: is not compatible with the partition affinity
// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:

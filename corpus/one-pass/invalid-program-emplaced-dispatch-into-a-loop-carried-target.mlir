// stream-fuzz finding: invalid-program
// signature: invalid-program-058139c205d7
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-emplaced-dispatch-into-a-loop-carried-target.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(iree-stream-emplace-allocations),util.func(iree-stream-emplace-allocations),util.initializer(iree-stream-emplace-allocations))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-emplaced-dispatch-into-a-loop-carried-target.mlir
// pass: iree-stream-emplace-allocations (on func.func, util.func, util.initializer)
// failure: does not dominate this use
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-emplaced-dispatch-into-a-loop-carried-target.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 20 lines of code, to 16 in 1 s (47 candidates)
// what was found:
//   loc("-":8:10): error: operand #1 does not dominate this use
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-emplace-allocations),util.func(iree-stream-emplace-allocations),util.initializer(iree-stream-emplace-allocations))' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-emplace-allocations),util.func(iree-stream-emplace-allocations),util.initializer(iree-stream-emplace-allocations))' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @update_in_a_loop() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    %1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%0[%c0 to %c1 for %c1]) : (!stream.resource<*>{%c1}) -> !stream.resource<*>{%c1}
    %2 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    %3 = scf.for %arg0 = %c0 to %c1 step %c1 iter_args(%arg1 = %2) -> (!stream.resource<*>) {
      %4 = stream.async.update on(#hal.device.affinity<@d0>) %1, %arg1[%c0 to %c1] : !stream.resource<*>{%c1} -> %arg1 as !stream.resource<*>{%c1}
      scf.yield %4 : !stream.resource<*>
    }
    util.return
  }
}

// CHECK-NOT: does not dominate this use
// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:

// stream-fuzz finding: invalid-program
// signature: invalid-program-6c153246e728
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-refine-usage-scf-for-lifetimes.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-refine-usage)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-refine-usage-scf-for-lifetimes.mlir
// pass: iree-stream-refine-usage
// failure: along control flow edge from parent | region iter_arg and 0-th
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-refine-usage-scf-for-lifetimes.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 21 lines of code, to 17 in 1 s (32 candidates)
// what was found:
//   loc("-":9:10): error: 'scf.for' op along control flow edge from parent to Operation scf.for: successor operand type #0 '!stream.resource<transient>' should match successor input type #0 '!stream.resource<external>'
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-refine-usage)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-refine-usage)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @loop(%arg0: index) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c1_i32 = arith.constant 1 : i32
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c1}
    %1 = scf.for %arg1 = %c0 to %arg0 step %c1 iter_args(%arg2 = %0) -> (!stream.resource<*>) {
      %4 = stream.async.transfer %arg2 : !stream.resource<*>{%c1} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c1}
      scf.yield %4 : !stream.resource<*>
    }
    %2 = stream.async.clone on(#hal.device.affinity<@d0>) %1 : !stream.resource<*>{%c1} -> !stream.resource<external>{%c1}
    %3 = stream.tensor.export on(#hal.device.affinity<@d0>) %2 : tensor<4xf32> in !stream.resource<external>{%c1} -> !hal.buffer_view
    util.return %3 : !hal.buffer_view
  }
}

// CHECK-NOT: op along control flow edge from parent to Operation scf.for
// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:

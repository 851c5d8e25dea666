// stream-fuzz finding: invalid-program
// signature: invalid-program-d1601d35075e
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-refine-usage-cf-branch-lifetimes.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-refine-usage)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-refine-usage-cf-branch-lifetimes.mlir
// pass: iree-stream-refine-usage
// failure: type mismatch for bb argument
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-refine-usage-cf-branch-lifetimes.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 17 lines of code, to 17 in 3 s (31 candidates)
// what was found:
//   loc("-":9:5): error: type mismatch for bb argument #0 of successor #0
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-refine-usage)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-refine-usage)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: i1) -> !stream.resource<*> {
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    %1 = stream.async.transfer %0 : !stream.resource<*>{%c1} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c1}
    cf.cond_br %arg0, ^bb2(%1 : !stream.resource<*>), ^bb1
  ^bb1:  // pred: ^bb0
    %2 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    cf.br ^bb2(%2 : !stream.resource<*>)
  ^bb2(%3: !stream.resource<*>):  // 2 preds: ^bb0, ^bb1
    %4 = util.optimization_barrier %3 : !stream.resource<*>
    util.return %1 : !stream.resource<*>
  }
}

// CHECK-NOT: type mismatch for bb argument
// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:

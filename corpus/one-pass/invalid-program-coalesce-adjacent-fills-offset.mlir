// stream-fuzz finding: invalid-program
// signature: invalid-program-d849c0bf3518
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-coalesce-adjacent-fills-offset.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize),iree-stream-verify-async-access-ranges)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-coalesce-adjacent-fills-offset.mlir
// pass: canonicalize (on func.func, util.func, util.initializer), caught by iree-stream-verify-async-access-ranges
// failure: op has invalid Write access range
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-coalesce-adjacent-fills-offset.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 18 lines of code, to 18 in 1 s (18 candidates)
// what was found:
//   loc("-":12:10): error: 'stream.async.fill' op has invalid Write access range [0 to 48 for 48] of resource %1 with size 32; length > resource size
//   loc("-":12:10): error: 'stream.async.fill' op has invalid Write access range [0 to 48 for 48] of resource %2 with size 32; length > resource size
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize),iree-stream-verify-async-access-ranges)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize),iree-stream-verify-async-access-ranges)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %2 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry1(%0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c32}
    %4 = stream.async.update on(#hal.device.affinity<@d0>) %1, %3[%c0 to %c16] : !stream.resource<*>{%c16} -> %3 as !stream.resource<*>{%c32}
    %5 = stream.async.update on(#hal.device.affinity<@d0>) %2, %4[%c16 to %c32] : !stream.resource<*>{%c16} -> %4 as !stream.resource<*>{%c32}
    %6 = stream.async.update on(#hal.device.affinity<@d0>) %2, %5[%c0 to %c16] : !stream.resource<*>{%c16} -> %5 as !stream.resource<*>{%c32}
    %7 = util.optimization_barrier %6 : !stream.resource<*>
    util.return
  }
}

// CHECK-NOT: op has invalid Write access range [0 to 48 for 48] of resource
// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:

// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-emplaced-dispatch-writes-before-a-read-of-the-target.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(iree-stream-emplace-allocations),util.func(iree-stream-emplace-allocations),util.initializer(iree-stream-emplace-allocations))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-emplaced-dispatch-writes-before-a-read-of-the-target.mlir
// pass: iree-stream-emplace-allocations
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// output: async IR, checked for clobbered reads
// correct outputs: checked by hand on two (nothing emplaced; @produce emplaced into %0 but placed after @read)
// reduced-from: corpus/async-clobbered-read-emplaced-dispatch-writes-before-a-read-of-the-target.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 17 lines of code, to 13 in 1 s (47 candidates)
// what was found:
//   [async/clobbered-read] (data) %0 is read by '%2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%0[%c0_0 to %c1 for %c1]) : (!stream.resource<*>{%c1}) -> !stream.resource<*>{%c1}' after '%1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%0[%c0_0 to %c1 for %c1],
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(iree-stream-emplace-allocations))' %s | FileCheck %s
//
// The input is correct: the update writes %0 in place after @read has read it. Whatever the pass emplaces,
// no op may write %0 in place before @read reads it. On 3.13 @produce is made to write %0 in place at its
// own position, above @read.

module {
  util.global private @d0 : !hal.device
  util.func public @read_after_emplaced_write() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c1}
    %1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%0[%c0 to %c1 for %c1]) : (!stream.resource<*>{%c1}) -> !stream.resource<*>{%c1}
    %2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%0[%c0 to %c1 for %c1]) : (!stream.resource<*>{%c1}) -> !stream.resource<*>{%c1}
    %3 = stream.async.update on(#hal.device.affinity<@d0>) %1, %0[%c0 to %c1] : !stream.resource<*>{%c1} -> %0 as !stream.resource<*>{%c1}
    util.return
  }
}

// CHECK-LABEL: util.func public @read_after_emplaced_write
// CHECK:       %[[S:[0-9a-z_]+]] = stream.async.splat
// CHECK-NOT:   -> %[[S]]{{[{ ]}}
// CHECK:       stream.async.dispatch {{.*}}@ex::@read(%[[S]][

// stream-fuzz finding: invalid-program
// signature: invalid-program-dea8221a81e4
// status: open
// severity: -
// found: by stream-fuzz reduce from corpus/invalid-program-optimal-joinand-null-members.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-optimal-joinand-null-members.mlir
// pass: iree-stream-schedule-execution (on func.func, util.func, util.initializer)
// failure: is not compatible with the partition affinity | exit status: -11
// releases: has the bug 3.5-3.13; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-optimal-joinand-null-members.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 14 lines of code, to 12 in 5 s (26 candidates)
// what was found:
//   loc("-":9:10): error: op affinity #hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]> is not compatible with the partition affinity #hal.device.optimal<[<<NULL ATTRIBUTE>>, <<NULL ATTRIBUTE>>]>
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-schedule-execution),util.func(iree-stream-schedule-execution),util.initializer(iree-stream-schedule-execution))' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%arg0: !hal.buffer_view, %arg1: !hal.buffer_view) {
    %c1 = arith.constant 1 : index
    %0 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg0 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c1}
    %1 = stream.tensor.import on(#hal.device.affinity<@d0>) %arg1 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c1}
    %2 = stream.async.transfer %0 : !stream.resource<external>{%c1} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<transient>{%c1}
    %3 = stream.async.transfer %1 : !stream.resource<external>{%c1} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<transient>{%c1}
    util.return
  }
}

// CHECK-NOT: is not compatible with the partition affinity
// CHECK-NOT: error:
// CHECK: util.func
// CHECK-NOT: error:

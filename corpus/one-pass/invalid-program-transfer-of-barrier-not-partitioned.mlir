// stream-fuzz finding: invalid-program
// signature: invalid-program-3c4a7adc9701
// status: open
// severity: -
// found: by hand from corpus/invalid-program-transfer-of-barrier-not-partitioned.mlir (the IR before the pass that breaks it)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(util.func(iree-stream-schedule-execution),iree-stream-verify-lowering-to-async)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-transfer-of-barrier-not-partitioned.mlir
// pass: iree-stream-schedule-execution
// failure: streamable op expected to be in an execution region | ScheduleExecutionPass::runOnOperation | exit status: -11
// releases: has the bug 3.2-3.13; cannot express 3.1 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/invalid-program-transfer-of-barrier-not-partitioned.mlir (its triage says why this is wrong)
// input: the IR that iree-stream-transformation-pipeline hands iree-stream-schedule-execution (bisected with
//   --mlir-print-ir-after-all): valid, no execute regions yet. iree-stream-schedule-execution wraps the splat
//   (and drops the barrier) but leaves the transfer of the barrier's result outside every execute region;
//   iree-stream-verify-lowering-to-async, which the full pipeline runs after it, only makes that an error:
//   "streamable op expected to be in an execution region". Shown to pass on correct outputs of the pass
//   written by hand (the transfer in the splat's execute on @d0; the barrier kept and the transfer in an
//   execute of its own on @d1).
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(iree-stream-schedule-execution),iree-stream-verify-lowering-to-async)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(iree-stream-schedule-execution),iree-stream-verify-lowering-to-async)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<transient>{%c16}
    %1 = stream.async.barrier on(#hal.device.affinity<@d0>) %0 : !stream.resource<transient>{%c16}
    %2 = stream.async.transfer %1 : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<transient>{%c16}
    %3 = util.optimization_barrier %2 : !stream.resource<transient>
    util.return
  }
}

// The correct output: the transfer is inside an execute region, so the verifier accepts the module.
// CHECK-NOT: error:
// CHECK: util.func public @main
// CHECK: stream.async.execute
// CHECK: stream.async.transfer
// CHECK-NOT: error:

// stream-fuzz finding: violation: lifetime/before-alloca
// signature: lifetime-before-alloca-fdcd4f6e2890
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/lifetime-before-alloca-elide-no-op-execute-drops-the-alloca-wait.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize))
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/one-pass/lifetime-before-alloca-elide-no-op-execute-drops-the-alloca-wait.mlir
// pass: canonicalize (ElideNoOpCmdExecuteOp on stream.cmd.execute)
// symptom: no-op-execute-elided
// reduced-from: corpus/lifetime-before-alloca-elide-no-op-execute-drops-the-alloca-wait.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 20 lines of code, to 17 in 4 s (64 candidates)
// input: valid IR: %0, an execute with no commands, awaits the alloca's timepoint %result_timepoint; %1,
//   the execute that fills %result, awaits %0, so it runs after the alloca. ElideNoOpCmdExecuteOp replaces
//   %0 with stream.timepoint.immediate and %1 is left awaiting nothing. Correct: %1 still waits (directly or
//   through a join) on %result_timepoint, or %0 is kept.
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize))' %s | FileCheck %s
// The correct output: the alloca's timepoint is used before an execute captures the storage.
// CHECK: %[[R:[a-z0-9_]+]], %[[T:[a-z0-9_]+]] = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>
// CHECK: %[[T]]{{[^_0-9a-z]}}
// CHECK: %[[R]] as %

module {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c1} => !stream.timepoint
    %0 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%result_timepoint) => with(%result as %arg0: !stream.resource<transient>{%c1}) {
    } => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c1}) {
      stream.cmd.fill %c0_i8, %arg0[%c0 for %c1] : i8 -> !stream.resource<transient>{%c1}
    } => !stream.timepoint
    %2 = stream.timepoint.await %1 => %result : !stream.resource<transient>{%c1}
    %3 = util.optimization_barrier %2 : !stream.resource<transient>
    util.return
  }
}


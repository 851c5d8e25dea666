// stream-fuzz finding: violation: lifetime/before-alloca
// signature: lifetime-before-alloca-fdcd4f6e2890
// status: open
// severity: data
// found: by stream-fuzz bisect --save-before from corpus/lifetime-before-alloca-chain-dependent-awaits-drops-the-alloca-wait.mlir (the IR before step 83, canonicalize)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/lifetime-before-alloca-chain-dependent-awaits-drops-the-alloca-wait.mlir
// pass: canonicalize (ChainDependentAwaits on stream.cmd.execute)
// symptom: host-await-chained
// releases: has the bug 3.10-3.13; correct 3.5-3.9; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// reduced-from: corpus/lifetime-before-alloca-chain-dependent-awaits-drops-the-alloca-wait.mlir (its triage says why this is wrong)
// input: valid IR: %4, the execute on @d1, awaits its alloca's timepoint %result_timepoint_5 and captures %2#0,
//   a result of the host await %2:2. ChainDependentAwaits replaces %2#0 with %result_1 and sets the execute's
//   await to the awaited %1 alone, dropping %result_timepoint_5 (3.1-3.9 join the two). Correct: the execute
//   still waits (directly or through a join) on %result_timepoint_5.
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize))' %s | FileCheck %s
// The correct output: the @d1 alloca's timepoint is used after it is made (the execute waits on it).
// CHECK: %{{[a-z0-9_]+}}, %[[T:[a-z0-9_]+]] = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>)
// CHECK: %[[T]]{{[^_0-9a-z]}}

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %result, %result_timepoint = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %c0_0 = arith.constant 0 : index
    %result_1, %result_timepoint_2 = stream.resource.alloca uninitialized on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) : !stream.resource<staging>{%c16} => !stream.timepoint
    %0 = stream.timepoint.join max(%result_timepoint, %result_timepoint_2) => !stream.timepoint
    %1 = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%0) => with(%result as %arg0: !stream.resource<transient>{%c16}, %result_1 as %arg1: !stream.resource<staging>{%c16}) {
      stream.cmd.fill %c0_i8, %arg0[%c0_0 for %c16] : i8 -> !stream.resource<transient>{%c16}
      stream.cmd.copy %arg0[%c0_0], %arg1[%c0_0], %c16 : !stream.resource<transient>{%c16} -> !stream.resource<staging>{%c16}
      stream.cmd.flush %arg1[%c0_0 for %c16] : !stream.resource<staging>{%c16}
    } => !stream.timepoint
    %2:2 = stream.timepoint.await %1 => %result_1, %result : !stream.resource<staging>{%c16}, !stream.resource<transient>{%c16}
    %3 = stream.resource.load %2#0[%c0] : !stream.resource<staging>{%c16} -> i32
    stream.resource.store %3, %2#0[%c12] : i32 -> !stream.resource<staging>{%c16}
    %c0_3 = arith.constant 0 : index
    %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>) : !stream.resource<transient>{%c16} => !stream.timepoint
    %4 = stream.cmd.execute on(#hal.device.affinity<@d1>) await(%result_timepoint_5) => with(%2#0 as %arg0: !stream.resource<staging>{%c16}, %result_4 as %arg1: !stream.resource<transient>{%c16}) {
      stream.cmd.invalidate from(#hal.device.affinity<@d0>) %arg0[%c0_3 for %c16] : !stream.resource<staging>{%c16}
      stream.cmd.copy %arg0[%c0_3], %arg1[%c0_3], %c16 : !stream.resource<staging>{%c16} -> !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %5 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %2#1 : !stream.resource<transient>
    %6 = stream.timepoint.await %4 => %result_4 : !stream.resource<transient>{%c16}
    %7 = util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %6 : !stream.resource<transient>
    util.return
  }
}

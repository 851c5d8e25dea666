// stream-fuzz finding: violation: timeline/carried-before-ready
// signature: timeline-carried-before-ready-c261342208f0
// also-known-as: timeline-carried-before-ready-638bc3ca0467
// status: open
// severity: data
// found: 2026-12-05 by hand (the IR before the pass, printed by the pinned compiler)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-propagate-timepoints)
// shrunk: yes
// releases: has the bug 3.10-3.13; correct 3.1-3.9 (computed by stream-fuzz releases on 3.1-3.13)
// pass: iree-stream-propagate-timepoints
// triage: the one-pass reproducer of corpus/timeline-carried-before-ready-propagate-timepoints-select-of-a-loop-carried-resource.mlir: its program printed by the pinned compiler
//   (--mlir-print-ir-before=iree-stream-propagate-timepoints). The pass makes the loop carry
//   (%results, %result_timepoint) and gives the execute reading select(%arg0, %0, %arg2) an immediate await;
//   the carried timepoint is used nowhere in the body. On 3.1-3.9 the pass leaves the loop alone: the body's
//   host await of its execute feeds the yield (T is captured empty and the await line matches that await).
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-propagate-timepoints)' %s | FileCheck %s
// The timepoint carried with the loop's resource (T; empty when the loop carries none):
// CHECK-LABEL: util.func public @main(
// CHECK: scf.for {{.*}}iter_args(%{{[a-z0-9_]+}} = %{{[a-z0-9_]+}}{{(, )?}}[[T:(%[a-z0-9_]+)?]]
// Something in the body awaits T (an execute, a join or the host) before the yield.
// CHECK: {{(await\(|timepoint.await |join max\()}}{{.*}}[[T]]{{[,) ]}}
// CHECK: scf.yield

module {
  util.global private @d0 : !hal.device
  stream.executable private @ex {
    stream.executable.export public @entry2 workgroups() -> (index, index, index) {
      %c1 = arith.constant 1 : index
      stream.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      func.func @entry2(%arg0: !stream.binding, %arg1: !stream.binding) {
        return
      }
    }
  }
  util.func public @main(%arg0: i1) -> !stream.resource<external> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c128_i32 = arith.constant 128 : i32
    %results, %result_timepoint = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<external>{%c16} {
      %3 = stream.async.splat %c128_i32 : i32 -> !stream.resource<external>{%c16}
      stream.yield %3 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<external>{%c16}
    %1 = scf.for %arg1 = %c0 to %c3 step %c1 iter_args(%arg2 = %0) -> (!stream.resource<external>) {
      %3 = arith.select %arg0, %0, %arg2 : !stream.resource<external>
      %results_0, %result_timepoint_1 = stream.async.execute on(#hal.device.affinity<@d0>) with(%3 as %arg3: !stream.resource<external>{%c16}) -> !stream.resource<external>{%c16} {
        %5 = stream.async.dispatch @ex::@entry2(%arg3[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<external>{%c16}
        stream.yield %5 : !stream.resource<external>{%c16}
      } => !stream.timepoint
      %4 = stream.timepoint.await %result_timepoint_1 => %results_0 : !stream.resource<external>{%c16}
      scf.yield %4 : !stream.resource<external>
    }
    %2 = util.optimization_barrier %0 : !stream.resource<external>
    util.return %1 : !stream.resource<external>
  }
}

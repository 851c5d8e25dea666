// stream-fuzz finding: runtime-error
// signature: runtime-error-8be6cc46202f
// also-known-as: lifetime-after-dealloca-9afc5b6b3f89
// status: open
// severity: data
// found: written by hand from corpus/runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer.mlir (the shape of its IR before the pass)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-automatic-reference-counting)
// shrunk: yes
// releases: has the bug 3.11-3.13; correct 3.5-3.10; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// pass: iree-stream-automatic-reference-counting (analyzeIfOp)
// symptom: freed-through-alias
// output: cmd IR, checked by the CHECK lines below
// correct outputs: tests/corpus/correct_outputs/one-pass/runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer/
// reduced-from: corpus/runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer.mlir (its triage says why this is wrong)
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-automatic-reference-counting)' %s | FileCheck %s
//
// The input is correct: %slab is filled, returned, and meanwhile copied into from %picked#0, which is %slab
// itself when %cond holds and a buffer of the else-branch's own otherwise. On 3.13 the pass inserts
// `stream.resource.dealloca origin await(...) => %picked#0` in the function body after the copy: when %cond
// holds it deallocates %slab, which the function then returns. Correct: no unconditional dealloca of the
// if result before the return (3.10 inserts none; a fix may deallocate it on the else path only).
// CHECK-LABEL: util.func public @main
// CHECK: %[[IF:[a-z0-9_]+]]:2 = scf.if
// CHECK-NOT: {{^    }}%{{[a-z0-9_]+}} = stream.resource.dealloca {{.*}}=> %[[IF]]#0
// CHECK: util.return

util.global private @d0 : !hal.device
util.func public @main(%cond: i1) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %slab, %slab_tp = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) : !stream.resource<external>{%c64} => !stream.timepoint
  %filled = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%slab_tp) => with(%slab as %s: !stream.resource<external>{%c64}) {
    stream.cmd.fill %c1_i32, %s[%c0 for %c64] : i32 -> !stream.resource<external>{%c64}
  } => !stream.timepoint
  %picked:2 = scf.if %cond -> (!stream.resource<external>, !stream.timepoint) {
    scf.yield %slab, %filled : !stream.resource<external>, !stream.timepoint
  } else {
    %own, %own_tp = stream.resource.alloca uninitialized on(#hal.device.affinity<@d0>) await(%filled) => !stream.resource<external>{%c64} => !stream.timepoint
    %own_filled = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%own_tp) => with(%own as %o: !stream.resource<external>{%c64}) {
      stream.cmd.fill %c2_i32, %o[%c0 for %c64] : i32 -> !stream.resource<external>{%c64}
    } => !stream.timepoint
    scf.yield %own, %own_filled : !stream.resource<external>, !stream.timepoint
  }
  %ready = stream.timepoint.join max(%filled, %picked#1) => !stream.timepoint
  %copied = stream.cmd.execute on(#hal.device.affinity<@d0>) await(%ready) => with(%picked#0 as %p: !stream.resource<external>{%c64}, %slab as %s: !stream.resource<external>{%c64}) {
    stream.cmd.copy %p[%c0], %s[%c32], %c16 : !stream.resource<external>{%c64} -> !stream.resource<external>{%c64}
  } => !stream.timepoint
  %result = stream.timepoint.await %copied => %slab : !stream.resource<external>{%c64}
  util.return %result : !stream.resource<external>
}

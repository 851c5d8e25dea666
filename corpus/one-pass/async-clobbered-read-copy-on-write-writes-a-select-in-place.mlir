// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: written by hand from corpus/async-clobbered-read-copy-on-write-writes-a-select-in-place.mlir (the IR before copy-on-write)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(util.func(iree-stream-materialize-copy-on-write))
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-copy-on-write-writes-a-select-in-place.mlir
// pass: iree-stream-materialize-copy-on-write
// output: async IR, checked for clobbered reads
// correct outputs: checked by hand on two (a clone of the select written in place; the select choosing a clone of %0)
// reduced-from: corpus/async-clobbered-read-copy-on-write-writes-a-select-in-place.mlir (its triage says why this is wrong)
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(iree-stream-materialize-copy-on-write))' %s | FileCheck %s
//
// The input is correct: value semantics, %4 is %0 (7 7 7 7) whichever value %2 selects. The fill writes %2
// in place after this pass, and %2 may be %0's storage, so the value made from %0 first (the select of it,
// or a copy of it) may not be written in place before %0 is read again. On 3.13 the pass leaves the fill on
// %2 = arith.select %arg0, %0, %1 with the read of %0 after it.

util.global private @d0 : !hal.device
util.func public @main(%arg0: i1) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %c9_i32 = arith.constant 9 : i32
  %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
  %1 = stream.async.splat on(#hal.device.affinity<@d0>) %c9_i32 : i32 -> !stream.resource<*>{%c16}
  %2 = arith.select %arg0, %0, %1 : !stream.resource<*>
  %3 = stream.async.fill on(#hal.device.affinity<@d0>) %c9_i32, %2[%c0 to %c8 for %c8] : i32 -> %2 as !stream.resource<*>{%c16}
  %4 = util.optimization_barrier %0 : !stream.resource<*>
  util.return %3, %4 : !stream.resource<*>, !stream.resource<*>
}

// CHECK-LABEL: util.func public @main
// CHECK:       %[[A:[A-Za-z0-9_#]+]] = stream.async.splat {{.*}}%c7_i32
// CHECK:       %[[S:[A-Za-z0-9_#]+]] = {{.*}}%[[A]]{{[,: ]}}
// CHECK-NOT:   -> %[[S]] as
// CHECK:       util.optimization_barrier %[[A]] :

// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-whole-update-fold-aliases-a-live-value.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(canonicalize),util.func(canonicalize),util.initializer(canonicalize))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-whole-update-fold-aliases-a-live-value.mlir
// pass: canonicalize after iree-stream-materialize-copy-on-write
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// output: async IR, checked for clobbered reads
// correct outputs: checked by hand on two (the input unchanged; the loop replaced by a clone of %0 that the fill writes)
// reduced-from: corpus/async-clobbered-read-whole-update-fold-aliases-a-live-value.mlir (its triage says why this is wrong)
// reduced: the IR before this pass, 27 lines of code, to 20 in 1 s (128 candidates)
// what was found:
//   [async/clobbered-read] (data) %0 is read by '%3 = util.optimization_barrier %0 : !stream.resource<*>' after '%1 = stream.async.fill on(#hal.device.affinity<@d0>) %c1_i32, %0[%c1 to %c2 for %c1] : i32 -> %0 as !stream.resource<*>{%c2}' overwrote it in place
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(canonicalize))' %s | FileCheck %s
//
// The input is correct, in copy-on-write form: the loop result is a clone of %0 made whole by the update,
// and the fill writes that clone in place while %0 stays intact for the last barrier. Canonicalization
// may simplify the loop but must not leave an in-place write of %0 before %0's last read. On 3.13 the
// whole-update fold makes the loop result %0 itself, and the fill writes %0.

module {
  util.global private @d0 : !hal.device
  util.func public @raced() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c1_i32 = arith.constant 1 : i32
    %c0_i8 = arith.constant 0 : i8
    %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c2}
    %1 = scf.for %arg0 = %c0 to %c1 step %c1 iter_args(%arg1 = %0) -> (!stream.resource<*>) {
      %5 = stream.async.clone on(#hal.device.affinity<@d0>) %arg1 : !stream.resource<*>{%c2} -> !stream.resource<*>{%c2}
      %6 = stream.async.update on(#hal.device.affinity<@d0>) %0, %5[%c0 to %c2] : !stream.resource<*>{%c2} -> %5 as !stream.resource<*>{%c2}
      scf.yield %6 : !stream.resource<*>
    }
    %2 = stream.async.fill on(#hal.device.affinity<@d0>) %c1_i32, %1[%c1 to %c2 for %c1] : i32 -> %1 as !stream.resource<*>{%c2}
    %3 = util.optimization_barrier %2 : !stream.resource<*>
    %4 = util.optimization_barrier %0 : !stream.resource<*>
    util.return
  }
}

// CHECK-LABEL: util.func public @raced
// CHECK:       %[[S:[0-9a-z_]+]] = stream.async.splat
// CHECK-NOT:   -> %[[S]] as
// CHECK:       util.optimization_barrier %[[S]]

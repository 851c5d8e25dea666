// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: written by hand from corpus/async-clobbered-read-copy-on-write-skips-async-store.mlir (the IR before copy-on-write)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(util.func(iree-stream-materialize-copy-on-write))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-copy-on-write-skips-async-store.mlir
// pass: iree-stream-materialize-copy-on-write
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// output: async IR, checked for clobbered reads
// correct outputs: checked by hand on two (a staging copy of %1 stored into; the load above the store)
// reduced-from: corpus/async-clobbered-read-copy-on-write-skips-async-store.mlir (its triage says why this is wrong)
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(iree-stream-materialize-copy-on-write))' %s | FileCheck %s
//
// The input is correct: value semantics, %3 loads word 0 of %1 (7). The store writes its target in place
// after this pass, so no load of that target may follow it. On 3.13 the pass leaves the store on %1 with
// the load of %1 after it.

util.global private @d0 : !hal.device
util.func public @main() -> i32 {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %c7_i32 = arith.constant 7 : i32
  %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
  %1 = stream.async.transfer %0 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<staging>{%c16}
  %2 = stream.async.store %c1_i32, %1[%c0] : i32 -> %1 as !stream.resource<staging>{%c16}
  %3 = stream.async.load %1[%c0] : !stream.resource<staging>{%c16} -> i32
  %4 = util.optimization_barrier %2 : !stream.resource<staging>
  util.return %3 : i32
}

// CHECK-LABEL: util.func public @main
// CHECK:       stream.async.store %{{.+}}, %[[T:[A-Za-z0-9_#]+]][%{{.+}}] : i32 -> %[[T]] as
// CHECK-NOT:   stream.async.load %[[T]][
// CHECK:       util.return

// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: cut by hand from the async IR of corpus/async-clobbered-read-cse-after-copy-on-write-merges-a-value-with-its-copy.mlir
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(util.func(cse))
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-cse-after-copy-on-write-merges-a-value-with-its-copy.mlir
// pass: cse (the cleanup after the second ElideAsyncCopies)
// releases: has the bug 3.8-3.13; correct 3.1-3.7 (computed by stream-fuzz releases on 3.1-3.13)
// output: async IR, checked for clobbered reads
// reduced-from: corpus/async-clobbered-read-cse-after-copy-on-write-merges-a-value-with-its-copy.mlir (its triage says why this is wrong)
// triage: the entry's witness (2) as the IR stands just before the cse that breaks it, after
//   MaterializeCopyOnWrite, its canonicalize (the clone of %0 became the second @make, %1) and ElideAsyncCopies:
//   the fill writes %1 in place, @f reads %0. Valid: no value is read after an op wrote it in place. cse merges
//   the two pure dispatches, so @f reads the value the fill wrote. Correct: whatever the fill writes in place
//   is not read after it (both dispatches kept, a clone for the fill, or @f ordered before the fill all pass).
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(cse))' %s | FileCheck %s

util.global private @d0 : !hal.device
util.func public @main() -> (!stream.resource<transient>, !stream.resource<transient>) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %0 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<transient>{%c16}
  %1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<transient>{%c16}
  %2 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %1[%c0 to %c8 for %c8] : i32 -> %1 as !stream.resource<transient>{%c16}
  %3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%0[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
  util.return %2, %3 : !stream.resource<transient>, !stream.resource<transient>
}

// The value the fill writes in place (W) is not used again after the fill.
// CHECK-LABEL: util.func public @main
// CHECK:       stream.async.fill {{.+}}, %[[W:[0-9a-z_]+]]{{\[.*$}}
// CHECK-NOT:   %[[W]]{{[^0-9a-z_]}}
// CHECK:       util.return

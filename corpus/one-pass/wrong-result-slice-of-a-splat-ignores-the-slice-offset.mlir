// stream-fuzz finding: wrong-result
// signature: wrong-result-781bf1e6b299
// status: open
// severity: data
// found: written by hand from corpus/wrong-result-slice-of-a-splat-ignores-the-slice-offset.mlir (the IR before the fold)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(util.func(canonicalize))
// shrunk: yes
// pass: canonicalize (PropagateSplatsThroughSlices)
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// output: async IR, checked by the CHECK lines below
// correct outputs: tests/corpus/correct_outputs/one-pass/wrong-result-slice-of-a-splat-ignores-the-slice-offset/
// reduced-from: corpus/wrong-result-slice-of-a-splat-ignores-the-slice-offset.mlir (its triage says why this is wrong)
//
// RUN: iree-opt --pass-pipeline='builtin.module(util.func(canonicalize))' %s | FileCheck %s
//
// The input is correct: %slice is bytes [1, 5) of the 8-byte splat of %x, i.e. %x's bytes rotated by one
// (bytes 1, 2, 3, 0 of %x). A 4-byte splat of %x itself is the slice only at offsets 0, 4, ...; on 3.13
// canonicalize returns exactly that splat. Correct: the slice kept, or a splat of the rotated value.

util.global private @d0 : !hal.device
util.func public @main(%x: i32) -> !stream.resource<*> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  %splat = stream.async.splat on(#hal.device.affinity<@d0>) %x : i32 -> !stream.resource<*>{%c8}
  %slice = stream.async.slice on(#hal.device.affinity<@d0>) %splat[%c1 to %c5] : !stream.resource<*>{%c8} -> !stream.resource<*>{%c4}
  util.return %slice : !stream.resource<*>
}

// A 4-byte splat of %x unrotated is the wrong value (any splat of %x is 4-byte periodic from byte 0).
// CHECK-LABEL: util.func public @main
// CHECK-SAME:    (%[[X:[A-Za-z0-9_]+]]: i32)
// CHECK:       %[[C4:[A-Za-z0-9_]+]] = arith.constant 4 : index
// CHECK-NOT:   stream.async.splat {{.*}}%[[X]] : i32 -> !stream.resource<*>{%[[C4]]}
// CHECK:       util.return

// stream-fuzz finding: wrong-result
// signature: wrong-result-781bf1e6b299
// status: open
// severity: data
// found: 2026-12-04 by stream-fuzz run (L3, seed 34: wrong-result-d42b79b41c17, x[0, 2:4] = x[1, 2:4] with x also returned), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/frontend/runtime-error-slice-update-fold-copies-overlapping-ranges-of-one-tensor.mlir
// pass: canonicalize (the one after iree-stream-layout-slices; CombineSliceUpdateFromToCopy)
// triage: compiler bug, wrong data: the disjoint form of the entry's x[2:5] = x[1:4]. %v2 writes elements
//   4-5 of %v0 into elements 1-2 (numpy: y = x.copy(); y[1:3] = x[4:6]), and %v0 is also returned. The
//   slice + update of the import become one stream.async.copy %0[16 to 24] -> %0[4 to 12] tied to %0
//   (Stream/IR/StreamOpFolders.cpp CombineSliceUpdateFromToCopy: the slice's source is the update's
//   target, unchecked). Before the fold the import had two users and copy-on-write would clone it for the
//   update; the copy is now its only user, so isSafeToElideCOW keeps it in place and the copy writes the
//   caller's input buffer, which the function also returns as result 1: 0 4 5 3 4 5 6 7 where x is
//   0 1 2 3 4 5 6 7 (result[1] FAILED). The ranges do not overlap, so no HAL check stops it (the entry's
//   overlapping form fails at run time instead). Repaired: util.optimization_barrier on %v1 (same meaning)
//   returns both results right on 3.13. Correct: NumPy's results, in the RUN line. (The L3 oracle signs
//   every one-device wrong result alike.) The entry: corpus/runtime-error-slice-update-fold-copies-
//   overlapping-ranges-of-one-tensor.mlir.
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --input=8xi32=0,1,2,3,4,5,6,7 \
// RUN:   --expected_output=8xi32=0,4,5,3,4,5,6,7 \
// RUN:   --expected_output=8xi32=0,1,2,3,4,5,6,7

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<8xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<8xi32>, tensor<8xi32>) {
  %v1 = tensor.extract_slice %v0[4] [2] [1] : tensor<8xi32> to tensor<2xi32>
  %v2 = tensor.insert_slice %v1 into %v0[1] [2] [1] : tensor<2xi32> into tensor<8xi32>
  return %v2, %v0 : tensor<8xi32>, tensor<8xi32>
}

// stream-fuzz finding: wrong-result
// signature: wrong-result-781bf1e6b299
// also-known-as: async-clobbered-read-f7f3ad07cff0
// status: open
// severity: data
// found: 2026-12-04 by hand (reachability of the stream-IR entry from a tensor program)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/frontend/async-clobbered-read-concurrency-wave-placed-above-a-read.mlir
// pass: iree-stream-schedule-concurrency
// releases: has the bug 3.11-3.13; correct 3.1-3.10 (computed by stream-fuzz releases on 3.1-3.13)
// triage: compiler bug, wrong data, one device: %r = matmul(%p, %p) reads %p, then tensor.insert_slice %y into %p[0,
//   1] (not contiguous: a dispatch with %p tied, readwrite) writes it in place, and %o = z*z is independent.
//   ScheduleConcurrency forms a wave of the write and %o, keeps the matmul out of it, and inserts the
//   stream.async.concurrent right after %p's producer, above the matmul: the matmul multiplies the written
//   bytes and %r returns 2560 where 224 is right at [0, 0] (result[0] FAILED). Repaired: the same compiler
//   with --iree-stream-partitioning-favor=debug (no waves) returns all three results right. Correct: NumPy's
//   results, in the RUN line. (The L3 oracle signs every one-device wrong result alike, wrong-
//   result-781bf1e6b299.)
//   The same root cause in stream IR (pass and function in its triage):
//   corpus/async-clobbered-read-concurrency-wave-placed-above-a-read.mlir
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --input=4x4xi32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 \
// RUN:   --input=4x2xi32=100,101,102,103,104,105,106,107 \
// RUN:   --input=4x4xi32=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16 \
// RUN:   --expected_output=4x4xi32=224,248,272,296,608,696,784,872,992,1144,1296,1448,1376,1592,1808,2024 \
// RUN:   --expected_output=4x4xi32=0,100,101,6,8,102,103,14,16,104,105,22,24,106,107,30 \
// RUN:   --expected_output=4x4xi32=1,4,9,16,25,36,49,64,81,100,121,144,169,196,225,256

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%x: tensor<4x4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %y: tensor<4x2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %z: tensor<4x4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<4x4xi32>, tensor<4x4xi32>, tensor<4x4xi32>) {
  %p = arith.addi %x, %x : tensor<4x4xi32>
  %e = arith.constant dense<0> : tensor<4x4xi32>
  %r = linalg.matmul ins(%p, %p : tensor<4x4xi32>, tensor<4x4xi32>) outs(%e : tensor<4x4xi32>) -> tensor<4x4xi32>
  %w = tensor.insert_slice %y into %p[0, 1] [4, 2] [1, 1] : tensor<4x2xi32> into tensor<4x4xi32>
  %o = arith.muli %z, %z : tensor<4x4xi32>
  return %r, %w, %o : tensor<4x4xi32>, tensor<4x4xi32>, tensor<4x4xi32>
}

// stream-fuzz finding: wrong-result
// signature: wrong-result-781bf1e6b299
// also-known-as: async-clobbered-read-eb83af784328, wave-race-2a686e9a0692
// status: open
// severity: data, race
// found: 2026-12-04 by hand (reachability of the stream-IR entry from a tensor program)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/frontend/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir
// pass: iree-stream-schedule-execution
// releases: has the bug 3.12-3.13; correct 3.1-3.3; another failure 3.4-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// triage: compiler bug, wrong data: %p = x+x is read by a flow.tensor.transfer to @d1, then written in place by
//   tensor.insert_slice %y into %p[0, 1] (not contiguous: DispatchCreation makes it a dispatch with %p tied,
//   readwrite). Before ScheduleExecution the transfer reads %p before the tied dispatch writes it (right; no
//   copy needed); partitionStreamableOpsReference puts the transfer in the @d1 partition that awaits the @d0
//   partition with the write, so the transfer copies the written bytes: %rr returns 100 squared = 10000 where
//   p squared (4) is right at [0, 1], and %w returns zeros or stale bytes (the @d0 execute yields %p and its
//   in-place result as two values; the second's buffer is never written). Repaired: util.optimization_barrier
//   on the transferred %r (same meaning) returns both results right on 3.13. Correct: NumPy's results, in the
//   RUN line. (The L3 oracle signs every one-device wrong result alike: wrong-result-781bf1e6b299 is also the
//   signature of wrong-result-insert-slice-of-its-own-slice-copied-in-place, another root cause.)
//   The same root cause in stream IR (pass and function in its triage):
//   corpus/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --input=4x4xi32=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15 \
// RUN:   --input=4x2xi32=100,101,102,103,104,105,106,107 \
// RUN:   --expected_output=4x4xi32=0,100,101,6,8,102,103,14,16,104,105,22,24,106,107,30 \
// RUN:   --expected_output=4x4xi32=0,4,16,36,64,100,144,196,256,324,400,484,576,676,784,900

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%x: tensor<4x4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %y: tensor<4x2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<4x4xi32>, tensor<4x4xi32>) {
  %p = arith.addi %x, %x : tensor<4x4xi32>
  %r = flow.tensor.transfer %p : tensor<4x4xi32> to #hal.device.affinity<@d1>
  %w = tensor.insert_slice %y into %p[0, 1] [4, 2] [1, 1] : tensor<4x2xi32> into tensor<4x4xi32>
  %rr = arith.muli %r, %r : tensor<4x4xi32>
  return %w, %rr : tensor<4x4xi32>, tensor<4x4xi32>
}

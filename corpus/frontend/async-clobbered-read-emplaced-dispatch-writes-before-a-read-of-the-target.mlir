// stream-fuzz finding: wrong-result
// signature: wrong-result-69a8cb6e6989
// also-known-as: async-clobbered-read-67b06ae7eebe
// status: open
// severity: data
// found: 2026-12-04 by hand (reachability of the stream-IR entry from a tensor program)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/frontend/async-clobbered-read-emplaced-dispatch-writes-before-a-read-of-the-target.mlir
// pass: iree-stream-emplace-allocations
// releases: has the bug 3.12-3.13; correct 3.1-3.3; another failure 3.4-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// triage: compiler bug, wrong data: %p = y*y is used only by the insert of %p into %t[0..4), so EmplaceAllocations
//   ties its dispatch's result to %t and it writes %t in place at %p's position, before the transfer of %t to
//   @d1 that the program reads first: %r returns 1 16 81 256 (p squared) where t squared, 4 16 36 64, is
//   right, and %u returns zeros or stale bytes (the execute yields %t and the tied result as two values; the
//   second gets a buffer nobody writes). Repaired: util.optimization_barrier on %p before the insert (same
//   meaning, nothing to emplace) returns both results right on 3.13. Correct: NumPy's results, in the RUN
//   line.
//   The same root cause in stream IR (pass and function in its triage):
//   corpus/async-clobbered-read-emplaced-dispatch-writes-before-a-read-of-the-target.mlir
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --input=8xi32=1,2,3,4,5,6,7,8 \
// RUN:   --input=4xi32=1,2,3,4 \
// RUN:   --expected_output=8xi32=4,16,36,64,100,144,196,256 \
// RUN:   --expected_output=8xi32=1,4,9,16,10,12,14,16

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%x: tensor<8xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %y: tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<8xi32>, tensor<8xi32>) {
  %t = arith.addi %x, %x : tensor<8xi32>
  %p = arith.muli %y, %y : tensor<4xi32>
  %t1 = flow.tensor.transfer %t : tensor<8xi32> to #hal.device.affinity<@d1>
  %r = arith.muli %t1, %t1 : tensor<8xi32>
  %u = tensor.insert_slice %p into %t[0] [4] [1] : tensor<4xi32> into tensor<8xi32>
  return %r, %u : tensor<8xi32>, tensor<8xi32>
}

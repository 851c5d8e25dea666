// stream-fuzz finding: wrong-result
// signature: wrong-result-781bf1e6b299
// status: open
// severity: data
// found: 2026-12-04 by hand (reachability of the stream-IR entry from a tensor program)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/frontend/wrong-result-slice-of-a-splat-ignores-the-slice-offset.mlir
// pass: canonicalize (the one after iree-stream-layout-slices; PropagateSplatsThroughSlices)
// releases: has the bug 3.1-3.4, 3.8-3.13; another failure 3.5-3.7 (computed by stream-fuzz releases on 3.1-3.13)
// symptom: misaligned-splat-slice
// triage: compiler bug, wrong data: %splat (linalg.fill of a runtime i32) becomes stream.async.splat of 8
//   bytes, the bitcast is a no-op and the extract_slice at byte 1 a stream.async.slice [1 to 5];
//   Stream/IR/StreamOpFolders.cpp PropagateSplatsThroughSlices folds the slice into a 4-byte splat of the
//   same i32, dropping the offset: for x = 0x04030201 the run returns x (67305985) where the bytes at
//   [1, 5), 02 03 04 01, are 0x01040302 (17040130). Repaired: util.optimization_barrier on %bytes (same
//   meaning) returns 17040130 on 3.13. Correct: the bytes NumPy's x.view(int8)[1:5].view(int32) gives, in
//   the RUN line. (The L3 oracle signs every one-device wrong result alike.) The same root cause in stream
//   IR (pass and function in its triage): corpus/wrong-result-slice-of-a-splat-ignores-the-slice-offset.mlir
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --input=1xi32=67305985 \
// RUN:   --expected_output=1xi32=17040130

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<1xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<1xi32> {
  %c0 = arith.constant 0 : index
  %x = tensor.extract %v0[%c0] : tensor<1xi32>
  %e = tensor.empty() : tensor<2xi32>
  %splat = linalg.fill ins(%x : i32) outs(%e : tensor<2xi32>) -> tensor<2xi32>
  %bytes = flow.tensor.bitcast %splat : tensor<2xi32> -> tensor<8xi8>
  %slice = tensor.extract_slice %bytes[1] [4] [1] : tensor<8xi8> to tensor<4xi8>
  %word = flow.tensor.bitcast %slice : tensor<4xi8> -> tensor<1xi32>
  return %word : tensor<1xi32>
}

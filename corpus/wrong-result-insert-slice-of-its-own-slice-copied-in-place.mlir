// stream-fuzz finding: wrong-result
// signature: wrong-result-781bf1e6b299
// status: open
// severity: -
// found: 2026-12-03 by benchmarks/bench_l3.py (500 L3 programs, seed 0; 2 hits), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/wrong-result-insert-slice-of-its-own-slice-copied-in-place.mlir
// pass: iree-dispatch-creation-convert-tensor-to-flow
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// symptom: self-slice-insert
// reachability: frontend — the entry is itself a tensor program (a non-contiguous x[:, 2:4] = x[:, 1:3]) that
//   returns wrong data.
// triage: compiler bug, wrong data on one device. %v4 writes columns 1-2 of %v0 into columns 2-3 of %v0
//   (numpy: x[:, 2:4] = x[:, 1:3].copy()); the run returns [-4 -2 -2 -2] for row 0 instead of [-4 -2 -2 0].
//   The insert is not contiguous, so DispatchCreation/ConvertTensorToFlow.cpp convertInsertSliceOps wraps it
//   in a dispatch (wrapInWorkgroupsOp), and cloneProducersToRegion clones the extract_slice into it: the
//   dispatch loads [0,1]x[2,2] and stores [0,2]x[2,2] through one readwrite binding tied to %v0. As tensors
//   the load happens before the store; bufferized, the load is a view of the binding and the store a copy
//   between overlapping views of one buffer, so later elements read what earlier ones wrote (row 1 too).
//   With util.optimization_barrier on the slice (nothing cloned) the same program returns the right
//   numbers; upstream's ConvertTensorToFlow (2026-08) still clones the producer. Not a placement bug: the
//   async/stream stages only see the dispatch; L3 found it because it runs programs. The contiguous 1-D
//   form of the same program takes another path (a stream copy within one buffer) and fails at run time.
//   Correct: the results NumPy gives, in the RUN line.
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --input=2x4xi32=-4,-2,0,1,4,-3,-2,0 \
// RUN:   --expected_output=2x4xi32=-4,-2,-2,0,4,-3,-3,-2

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<2x4xi32> {
  %v1 = tensor.extract_slice %v0[0, 1] [2, 2] [1, 1] : tensor<2x4xi32> to tensor<2x2xi32>
  %v4 = tensor.insert_slice %v1 into %v0[0, 2] [2, 2] [1, 1] : tensor<2x2xi32> into tensor<2x4xi32>
  return %v4 : tensor<2x4xi32>
}

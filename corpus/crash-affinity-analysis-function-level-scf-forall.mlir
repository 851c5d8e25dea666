// stream-fuzz finding: crash
// signature: crash-2614e0b4e5ec
// also-known-as: invalid-program-c81083ac1d00
// status: open
// severity: -
// found: 2026-12-05 by stream-fuzz run (an L3 campaign, seed 1, 120 s: 13 of 45 programs), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/crash-affinity-analysis-function-level-scf-forall.mlir
// pass: iree-stream-clone-to-consumers (its AffinityAnalysis, in the Util Explorer's traversal)
// upstream: #24775, PR #24783
// reachability: frontend — the entry is itself a tensor program compiled by iree-compile (a function-level
//   scf.forall of two iterations writing halves of its shared output); the L3 generator draws the shape
//   (`forall`) and a campaign (stream-fuzz run --level l3, 120 s, seed 1, 2026-12-05) hit this signature in
//   13 of 45 programs.
// triage: compiler bug, a crash (SIGSEGV; an assertion in a debug build). A function-level scf.forall with
//   shared_outs survives to the flow phase (nothing in IREE's host pipeline forms a dispatch of it or
//   lowers it; one of a single iteration folds away first and compiles). CloneToConsumersPass runs
//   AffinityAnalysis, whose Explorer (Util/Analysis/Explorer.cpp) follows region-branch edges through
//   RegionBranchOpInterface; scf.forall's entry successor operands are empty (its shared outputs are not
//   forwarded by the interface), and the walk indexes the empty range (getBeginOperandIndex asserts
//   `!empty()`, a release build reads past it). Release stacks: OpOperand::getOperandNumber <-
//   Explorer::walkTransitiveUses <- AffinityAnalysis::PrecomputedQueries::compute (3.13; the upstream
//   reproducer dies in Explorer::getTraversalAction <- walkDefiningOps <- ValueProducerAffinityPVS).
//   Reported upstream as iree-org/iree#24775 (open; fix proposed in PR #24783, open, which follows the
//   shared-output ties and stops indexing empty ranges). Its reproducer (no device, tensor<256xf64>)
//   crashes every release 3.1-3.13 with --iree-hal-target-device=local
//   --iree-hal-local-target-device-backends=vmvx; this witness adds an argument placed on a device, as
//   L3 programs are. Even fixed, stream conversion has no pattern for scf.forall (it converts scf.if,
//   scf.for and scf.while only): the read past the empty range is undefined, and where it does not fault
//   the analysis goes on and iree-stream-conversion rejects the program ("failed to legalize operation
//   'tensor.parallel_insert_slice' that was explicitly marked illegal": ConvertToStream makes the tensor
//   dialect illegal): alias invalid-program-c81083ac1d00 (an L3 campaign, seed 1, 2026-12-05). The same
//   program through the same in-process compile gave that diagnostic in 2 of 3 fresh processes and the
//   crash in the third; the native iree-compile crashed 6 times of 6. So a fix of #24775 alone leaves a
//   rejection. Correct: the program compiles and returns 2,4,6,8 (each iteration doubles its half; the
//   repair, the same slices in an scf.for, does).
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --input=4xf32=1,2,3,4 \
// RUN:   --expected_output=4xf32=2,4,6,8 \
// RUN:   --expected_f32_threshold=1e-05

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<4xf32> {
  %v1 = scf.forall (%i) in (2) shared_outs(%acc = %v0) -> (tensor<4xf32>) {
    %c2 = arith.constant 2 : index
    %off = arith.muli %i, %c2 : index
    %a = tensor.extract_slice %acc[%off] [2] [1] : tensor<4xf32> to tensor<2xf32>
    %r = arith.addf %a, %a : tensor<2xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %r into %acc[%off] [2] [1] : tensor<2xf32> into tensor<4xf32>
    }
  }
  return %v1 : tensor<4xf32>
}

// stream-fuzz finding: violation: placement/export
// signature: placement-export-9ef86c17f9bc
// also-known-as: placement-export-299af556ec83
// status: open
// severity: placement
// found: 2026-12-03 by benchmarks/bench_l3.py (500 L3 programs, seed 0; 17 hits, scf.for form), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// symptom: import-exported-elsewhere
// reproduce: stream-fuzz replay corpus/placement-export-import-returned-through-a-branch-on-another-device.mlir
// pass: iree-stream-conversion
// releases: has the bug 3.5-3.13; another failure 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — the entry is itself a tensor program compiled by iree-compile (placement only:
//   local devices share memory, the numbers are right); an L3 campaign (seed 909, 2026-12-04) hit its
//   signature again.
// triage: compiler bug. An argument imported on @d0 reaches a result declared (iree.abi.affinity) on @d1
//   through a region: here the else branch of an scf.if yields it; in the 17 programs found, the init of an
//   scf.for that may run zero times. The export pins the if's result to @d1 (AffinityAnalysis
//   populatePinnedAffinities: the export's walk up stops at the import, the import's walk down stops at the
//   export), so ConvertTensorExportOp's transferTensorOperands (Conversion/PatternUtils.cpp) sees
//   lookupResourceAffinity == @d1 and inserts no transfer, and ScfIf/ScfFor/ScfYieldOpConversion
//   (StandardToStream/Patterns.cpp) never transfer on region edges: on the else path the caller gets its own
//   @d0 buffer back as the @d1 result. Straight-line code gets the transfer (return of an add of the import).
//   Not placement-read-scf-for-init-not-linked-to-result (consumer analysis of memory the compiler
//   allocates; here the storage is the caller's, only a copy helps). Upstream's export contract
//   (annotate_affinities.mlir @exported_producer: "Transfers may need to be inserted in order to respect the
//   required affinities"). Correct: the import is copied for @d1 on the path that bypasses the add.
//   Same decision with a tied in-place op instead of a region (alias 299af556ec83, 2026-12-03): an
//   insert_slice into the import, returned on another device, is exported from the import's memory.
//   Checked 2026-12-04: the branch is not needed. Returning `util.optimization_barrier %v1` straight-line,
//   3.13's stream output also exports the @d0 import on @d1 with no copy (a plain `return %v1` folds the
//   import/export pair and hands the caller's own buffer view back). So the decision is the export trusting
//   the pin for an import of another device, not the region edges; whether IREE means an import to be
//   exportable on another device without a copy wants an upstream answer before this is filed.
//   The symptom was "through a region" (via a block argument) until 2026-12-04: narrower than this root
//   cause, it kept alias 299af556ec83 from ever being attributed (L3 seed 0 met it as
//   placement-export-5db0a7122e8f, an insert_slice into the import returned on @d1). It is now any import
//   exported on another device.
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=4xi32=-4,4,-1,-1 --input=i32=0 \
// RUN:   --expected_output=4xi32=-4,4,-1,-1
// RUN: iree-compile --compile-to=stream %s | FileCheck %s

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v1: tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %p: tensor<i32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %v2 = arith.constant dense<-2> : tensor<4xi32>
  %pv = tensor.extract %p[] : tensor<i32>
  %z = arith.constant 0 : i32
  %c = arith.cmpi ne, %pv, %z : i32
  %r = scf.if %c -> tensor<4xi32> {
    %n = arith.addi %v1, %v2 : tensor<4xi32>
    scf.yield %n : tensor<4xi32>
  } else {
    scf.yield %v1 : tensor<4xi32>
  }
  return %r : tensor<4xi32>
}

// The correct output copies the 16 bytes of the @d0 import for @d1 (buggy: the only copy is the 4-byte
// read of the predicate; the branch result, the import itself on the else path, is exported on @d1).
// CHECK-LABEL: util.func public @main(
// CHECK: stream.cmd.copy {{.*}}, %c16{{(_[0-9]+)?}} :
// CHECK: stream.tensor.export on(#hal.device.affinity<@d1>)

// stream-fuzz finding: wrong-result
// signature: wrong-result-781bf1e6b299
// status: open
// severity: -
// found: 2026-12-05 seed=38 worker=1 (a 10-minute campaign, all levels, 1 hit: wrong-result-d42b79b41c17,
//   the derived signature every wrong result kept apart from this shape gets), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/wrong-result-int-range-optimization-folds-a-loop-carried-value-next-to-a-dense-resource.mlir
// pass: iree-util-optimize-int-arithmetic
// releases: has the bug 3.1-3.10, 3.12-3.13; another failure 3.11 (computed by stream-fuzz releases on 3.1-3.13)
// symptom: resource-in-carried-value
// reachability: frontend — the entry is itself a tensor program (a loop adding a dense_resource constant
//   to its carried value twice) that returns wrong data.
// triage: compiler bug, wrong data on one device (not a placement bug: the loop is folded in global
//   optimization, before any stream pass; L3 found it because it runs programs). -2 plus 1 twice is 0; the
//   run returns -1 everywhere: after iree-util-optimize-int-arithmetic (Util/Transforms/
//   OptimizeIntArithmetic.cpp, which runs MLIR's integer range analysis and arith's
//   populateIntRangeOptimizationsPatterns) the loop body reads `arith.addi %init, %ones` instead of
//   `arith.addi %acc, %ones`: the carried value was replaced by the loop's initial constant. MLIR's
//   arith::ConstantOp::inferResultRanges (InferIntRangeInterfaceImpls.cpp) gives ranges to IntegerAttr and
//   DenseIntElementsAttr only; a DenseResourceElementsAttr gets none, so the add's result has no range and
//   the back edge's join leaves %acc at the init's [-2, -2], which the patterns take for a constant. The
//   same program with `dense<1>` for the blob (the repair, tests/corpus/repaired/) keeps %acc and returns
//   0; a blob of 1..8 gives [-1 0 1 2][3 4 5 6] (one addition each), so it is not about equal values.
//   3.1-3.10 return all -2 (on 3.9 the same pass replaces the whole loop result with the init, read in its
//   --mlir-print-ir-after-all); 3.11 rejects this program ("'util.global.load' op undefined global:
//   @__hoisted_tensor_2x4xi32": another failure, not counted). Upstream MLIR fixed this class for arith.select
//   (llvm/llvm-project#173716) and non-integer values (#133541); no fix or report found for resource
//   constants (searched 2026-12-05).
//   Correct: the results NumPy gives, in the RUN line.
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --expected_output=2x4xi32=0,0,0,0,0,0,0,0

module attributes {stream.affinity.default = #hal.device.affinity<@d0>} {
  util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
  func.func @main() -> tensor<2x4xi32> {
    %init = arith.constant dense<-2> : tensor<2x4xi32>
    %ones = arith.constant dense_resource<ones> : tensor<2x4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %sum = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %init) -> (tensor<2x4xi32>) {
      %next = arith.addi %acc, %ones : tensor<2x4xi32>
      scf.yield %next : tensor<2x4xi32>
    }
    return %sum : tensor<2x4xi32>
  }
}
{-#
  dialect_resources: {
    builtin: {
      ones: "0x040000000100000001000000010000000100000001000000010000000100000001000000"
    }
  }
#-}

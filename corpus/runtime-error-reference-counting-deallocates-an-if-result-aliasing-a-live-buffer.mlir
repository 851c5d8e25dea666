// stream-fuzz finding: runtime-error
// signature: runtime-error-8be6cc46202f
// also-known-as: runtime-error-e0fee1310fb7, lifetime-after-dealloca-67d85a3ef517
// status: open
// severity: data
// found: 2026-12-05 by an L3 campaign on 3.13 (seed 909: runtime-error-8be6cc46202f, four local-task devices, one used), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// releases: has the bug 3.12-3.13; correct 3.1-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer.mlir
// pass: iree-stream-automatic-reference-counting (analyzeIfOp)
// symptom: freed-through-alias
// reachability: frontend — the entry is itself a tensor program (an scf.if whose then-branch yields a
//   tensor computed before it, sliced into another tensor that is returned) that fails at run time.
// triage: compiler bug, a buffer deallocated while live: a use after free of the function's own result. %v1 = x
//   * x and %v2 = x + x * x come from one dispatch and are packed into one 128-byte external slab (%v2, the
//   returned value, at bytes 64-96); the scf.if yields %v1 itself when x[0] * x[0] > 0. In the IR before
//   AutomaticReferenceCounting the if's then-branch yields that slab (`scf.yield %result, %4`), and the execute
//   copying %v3[0:4] into %v2 reads the if result. ARC's analyzeIfOp
//   (Stream/Transforms/AutomaticReferenceCounting.cpp) registers every resource result of an scf.if as a
//   resource produced by the if and owned by the parent block (`lastUseSet.produce(ifResult, ifResultTp)`), and
//   marks the yielded value handled (noteYieldedResourceResult): ownership moves to the result, whether the
//   branch allocated the yielded resource or it is defined above the if and used after it. ARC inserts
//   `stream.resource.dealloca origin await(%11) => %9` after the copy; when the then-branch runs %9 is the slab
//   itself, and the dealloca frees the returned buffer before the host exports it. The run fails every time (10
//   of 10 on 3.13, like the campaign's program) with `c/runtime/src/iree/hal/local/transient_buffer.c:80:
//   FAILED_PRECONDITION; transient buffer has not been committed; ensure the alloca signal semaphores are
//   satisfied before accessing it` when iree-run-module maps the result: the message names the alloca, but the
//   buffer was committed and the dealloca decommitted it (iree_hal_local_transient_buffer_decommit clears
//   committed_backing, which iree_hal_local_transient_buffer_retain_host_backing reports as not committed).
//   With x[0] = 0 the else-branch allocates its own result and the run returns NumPy's numbers. SCF support in
//   ARC came with IREE PR #22813 (commit 57cf6d7cd7, 2026-01-12, first in 3.11.0): 3.11 compiles this program
//   to the same dealloca (--compile-to=stream) but its run returns NumPy's numbers (its local runtime predates
//   transient_buffer.c, IREE PR #24248, 2026-04-28), so the run shows the bug from 3.12 and the one-pass file
//   from 3.11; 3.5, 3.8 and 3.10 compile it without that dealloca. Upstream HEAD (2026-08) unchanged; its own
//   test automatic_reference_counting_scf.mlir @if_yielded_then_dropped even CHECKs a dealloca of an if result
//   whose else-branch yields a function argument, which is dead after the if there; no test has a yielded outer
//   resource used after the if. Not a lifetime/before-alloca bug (corpus/lifetime-before-alloca-*: every
//   execute here awaits its allocas). analyzeWhileOp moves ownership the same way (noteYieldedResourceResult,
//   then `lastUseSet.produce(whileResult, ...)`): a while result that is its init when the loop runs zero
//   times is deallocated though the init is exported after the loop (through the pass, the IR of
//   tests/oracles/lifetime/while_init_exported_after.mlir gets a dealloca of the result on 3.11 and 3.13,
//   none on 3.10).
//   The structural oracle sees it too (oracles/lifetime.py, since it judges
//   hand-offs): in the stream phase the if is a branch merge, the dealloca frees each storage the merge may
//   hold, and the export of the slab after it is lifetime/after-dealloca (lifetime-after-dealloca-67d85a3ef517,
//   symptom freed-through-alias); an L3 run still files it under the run's error, which comes first. Fix hint: when a branch yields a resource it did not allocate, treat the
//   if result as an alias of that resource (its uses after the if extend the lifetime, and an escaping one is
//   never deallocated), or deallocate only on the paths that allocated it. One-pass file:
//   corpus/one-pass/runtime-error-reference-counting-deallocates-an-if-result-aliasing-a-live-buffer.mlir.
//   Repaired: the scf.if written as arith.select of the two tensors (the same values for every input) returns
//   NumPy's numbers on 3.13. Correct: NumPy's result, in the RUN line.
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --input=8xi32=-1,2,-3,4,-5,6,-7,8 \
// RUN:   --expected_output=8xi32=0,6,1,4,9,16,42,72

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<8xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> tensor<8xi32> {
  %v1 = arith.muli %v0, %v0 : tensor<8xi32>
  %v2 = arith.addi %v0, %v1 : tensor<8xi32>
  %c0 = arith.constant 0 : index
  %x = tensor.extract %v1[%c0] : tensor<8xi32>
  %c0_i32 = arith.constant 0 : i32
  %p = arith.cmpi sgt, %x, %c0_i32 : i32
  %v3 = scf.if %p -> (tensor<8xi32>) {
    scf.yield %v1 : tensor<8xi32>
  } else {
    %zeros = arith.constant dense<0> : tensor<8xi32>
    %neg = arith.subi %zeros, %v1 : tensor<8xi32>
    scf.yield %neg : tensor<8xi32>
  }
  %v4 = tensor.extract_slice %v3[0] [4] [1] : tensor<8xi32> to tensor<4xi32>
  %v5 = tensor.insert_slice %v4 into %v2[2] [4] [1] : tensor<4xi32> into tensor<8xi32>
  return %v5 : tensor<8xi32>
}

// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-7a2e0b6e5439
// status: open
// severity: data
// found: 2026-12-04 by the generators (the first L1 programs with arith.select of two resources), shrunk by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/async-clobbered-read-copy-on-write-writes-a-select-in-place.mlir
// pass: iree-stream-materialize-copy-on-write
// symptom: write-through-alias
// reachability: frontend — corpus/frontend/async-clobbered-read-copy-on-write-writes-a-select-in-place.mlir:
//   an scf.if yielding x+x in one branch, a tensor.insert_slice into its result, x+x also returned (wrong
//   result on 3.13). A tensor-level arith.select did not reach it: it becomes an elementwise dispatch.
// triage: compiler bug, wrong data (Stream/Transforms/MaterializeCopyOnWrite.cpp, isSafeToElideCOW; the same
//   test in ElideAsyncCopies.cpp isSafeToElideCloneOp). The fill writes %2 = arith.select %arg0, %0, %1 in
//   place; with %arg0 true %2 is %0's storage, and %0 is read after the fill (result[1]). Copy-on-write must
//   copy %2 first, but isSafeToElideCOW decides by %2's own users: %2 has one (the fill), "we are the only
//   user ... we by construction know we do not need to worry", so no clone is made, though %2 may be %0 (or
//   %1), which other ops still use. The run returns 9 9 7 7 for %0 (result[1] FAILED; 7 7 7 7 is right).
//   The same one-use test makes ElideAsyncCopies remove a clone of a select written in by hand
//   (`cloneOp.getSource().hasOneUse()`: "no other code can observe the source"), so a fix must treat a value
//   that may be another one (arith.select of resources, an scf.if result yielding an outer value: the
//   frontend form, whose result is written the same way) like a block argument in both passes. Repaired:
//   the select chooses a clone of %0 (the same program: the fill makes a new value either way), which
//   returns both results right on 3.13. Correct: the results in the RUN line.
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-task --function=main --input=1 \
// RUN:   --expected_output=4xi32=9,9,7,7 \
// RUN:   --expected_output=4xi32=7,7,7,7

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.func public @main(%arg0: i1) -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %c9_i32 = arith.constant 9 : i32
  %0 = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
  %1 = stream.async.splat on(#hal.device.affinity<@d0>) %c9_i32 : i32 -> !stream.resource<*>{%c16}
  %2 = arith.select %arg0, %0, %1 : !stream.resource<*>
  %3 = stream.async.fill on(#hal.device.affinity<@d0>) %c9_i32, %2[%c0 to %c8 for %c8] : i32 -> %2 as !stream.resource<*>{%c16}
  %4 = util.optimization_barrier %3 : !stream.resource<*>
  %witness_sz0 = arith.constant 16 : index
  %witness_x0 = stream.async.transfer %4 : !stream.resource<*>{%witness_sz0} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%witness_sz0}
  %witness_v0 = stream.tensor.export on(#hal.device.affinity<@d0>) %witness_x0 : tensor<4xi32> in !stream.resource<external>{%witness_sz0} -> !hal.buffer_view
  %5 = util.optimization_barrier %0 : !stream.resource<*>
  %witness_sz1 = arith.constant 16 : index
  %witness_x1 = stream.async.transfer %5 : !stream.resource<*>{%witness_sz1} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%witness_sz1}
  %witness_v1 = stream.tensor.export on(#hal.device.affinity<@d0>) %witness_x1 : tensor<4xi32> in !stream.resource<external>{%witness_sz1} -> !hal.buffer_view
  util.return %witness_v0, %witness_v1 : !hal.buffer_view, !hal.buffer_view
}

// The correct output: %0 is 7 7 7 7 whichever value %2 selects; the fill makes a new value, 9 9 7 7 with
// %arg0 true. On 3.13 %0 reads 9 9 7 7.

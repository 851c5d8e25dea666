// stream-fuzz finding: violation: placement/write
// signature: placement-write-f639b73d9a80
// status: open
// severity: placement
// found: 2026-12-03 by benchmarks/bench_l3.py (500 L3 programs, seed 0; 6 hits), cut down to flat async IR by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// symptom: sourceless-push
// reproduce: stream-fuzz replay corpus/placement-write-transfer-without-source-pushed-into-pinned-result.mlir
// pass: iree-stream-place-transfer-executions
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// upstream: #21361, PR #24748 (the design this breaks)
// reachability: frontend — found by bench_l3.py (its found: line); bench_l3.py (seed 7, 2026-12-04) hit it
//   again: %v3 = v1 - 1 on @d1 returned with affinity @d1 and (through a whole insert_slice) @d0; placement
//   only, the run's numbers are right.
// triage: compiler bug. A transfer with no source affinity (no `from(...)`) into a result the export pins
//   to @d1 executes on @d0, the producer's device, and writes the @d1-only allocation from there. Upstream's
//   design (PR #24748, Transforms/test/e2e/transfer_execution_placement.mlir) is that such a transfer
//   executes on its pinned destination and pulls from a source usable by both devices; with from(@d0) on
//   the transfer the pipeline does exactly that. PlaceTransferExecutions.cpp (runOnOperation) skips this
//   transfer because getDefaultExecutionAffinityAttr() is null without a source affinity and
//   AffinityAttr::canExecuteTogether(null, @d1) is true ("already executing on its pinned affinity").
//   Partitioning then puts it with its producer on @d0, and ScheduleAllocation (deriveResultAffinity)
//   allocates the pinned result on @d1 only. The frontend makes such transfers: in
//   `%r = arith.addi %a, %a` with %a on @d0, returned twice with iree.abi.affinity @d0 and @d1,
//   ConvertToStream (Conversion/PatternUtils.cpp transferTensorOperands) finds no single source affinity
//   and emits the transfer without from(). The same output from pre-scheduled input (a push placed by hand
//   in an execute on the other device, which skips PlaceTransferExecutions) is the pass contract, not this
//   bug; the entry that recorded that form as not-a-bug is replaced by this one. Correct: the written
//   allocation usable from the device that writes it (the pull: a source alloca on optimal<[@d0, @d1]>).
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() -> (!hal.buffer_view) {
  %c0_i32 = arith.constant 0 : i32
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<transient>{%c16}
  %v2 = stream.async.transfer %v1 : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
  %out = stream.tensor.export on(#hal.device.affinity<@d1>) %v2 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %out : !hal.buffer_view
}

// The correct output: some allocation usable from both devices (buggy: one on @d0, one on @d1 only).
// CHECK: util.func
// CHECK-DAG: {{stream.resource.alloca .*on\([^)]*(@d0[>,][^)]*@d1[>,]|@d1[>,][^)]*@d0[>,])[^)]*\)}}

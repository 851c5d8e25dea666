// stream-fuzz finding: violation: placement/write
// signature: placement-write-14c1798ff775
// severity: placement
// found: 2026-12-04 seed=11 worker=0 (an L2 campaign; before symptoms, counted as placement-write-transfer-without-source-pushed-into-pinned-result by shape)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// releases: has the bug 3.1-3.7; correct 3.8-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: none by a tensor program; in the whole pipeline (which the frontend
//   runs) PlaceTransferExecutions moves every transfer into a pinned result that names its source to the
//   pinned device first (PR #24748), so only pre-scheduled input puts the push on the producer.
// triage: not a bug (the pass contract, as placement-write-transfer-without-source-pushed-into-pinned-result's
//   triage already says of this form): pre-scheduled input runs a transfer from @d0 to @d1 in an execute on
//   @d0 and exports its result on @d1. ScheduleAllocation's deriveResultAffinity takes the export's pinned
//   affinity (tryLookupPinnedAffinities, which skips the usage analysis) and the transfer's own target
//   (findLocalValueAffinity), never the execute's, so the result is allocated on @d1 alone and @d0 writes
//   it. Upstream's design (PR #24748, #21361: an export pins its allocation; a transfer into a pinned
//   result executes on its destination) makes PlaceTransferExecutions move such a transfer to @d1 before
//   scheduling; input that schedules it on the producer by hand skips that pass. Kept so that attribution
//   knows it: by shape it is the source-less transfer's entry (L2 campaigns hit it about once per 20
//   programs), and its symptom `prescheduled-push` (the input places transfers in executes) tells it apart.
// symptom: prescheduled-push
// pass: iree-stream-schedule-allocation
// reproduce: stream-fuzz replay corpus/placement-write-prescheduled-push-into-pinned-result.mlir
// apart-from: placement-write-f639b73d9a80
// status: not-a-bug
// what was found:
//   probably a duplicate of placement-write-transfer-without-source-pushed-into-pinned-result, but its symptom sourceless-push is absent
//   [placement/write] (placement) %result_0 is written by an execute on @d0 but its storage %result_0 (alloca) is placed on #hal.device.affinity<@d1>
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() -> (!hal.buffer_view) {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %v4, %v5, %v6, %t1 = stream.async.execute on(#hal.device.affinity<@d0>) with() -> (!stream.resource<external>{%c16}, !stream.resource<external>{%c16}, !stream.resource<external>{%c16}) {
      %v1 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      %v2 = stream.async.transfer %v1 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
      %v3 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      stream.yield %v1, %v2, %v3 : !stream.resource<external>{%c16}, !stream.resource<external>{%c16}, !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v5_ready = stream.timepoint.await %t1 => %v5 : !stream.resource<external>{%c16}
    %out0 = stream.tensor.export on(#hal.device.affinity<@d1>) %v5_ready : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    %v4_ready = stream.timepoint.await %t1 => %v4 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v4_ready : !stream.resource<external>
    %v6_ready = stream.timepoint.await %t1 => %v6 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v6_ready : !stream.resource<external>
    util.return %out0 : !hal.buffer_view
  }
}

// The intended output (upstream's contract leaves a pre-scheduled push into a pinned result as written):
// CHECK-LABEL: util.func public @main(
// CHECK: %[[RES:.+]], %{{.+}} = stream.resource.alloca uninitialized on(#hal.device.affinity<@d1>)
// CHECK: stream.cmd.execute on(#hal.device.affinity<@d0>) {{.*}}with({{.*}}%[[RES]] as %[[ARG:[a-z0-9]+]]
// CHECK: stream.cmd.copy {{.*}}, %[[ARG]][
// CHECK: stream.cmd.flush to(#hal.device.affinity<@d1>) %[[ARG]][

// stream-fuzz finding: invalid-program
// signature: invalid-program-dea8221a81e4
// also-known-as: crash-bc07fe0af7bf
// status: open
// found: 2026-11-30 by the generators (L1 benchmark and stats runs, minimized by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-optimal-joinand-null-members.mlir
// pass: iree-stream-schedule-execution
// failure: is not compatible with the partition affinity | exit status: -11
// same-fix-as: bad-output-optimal-joinor-nests-members (the same slip in DeviceOptimalAttr::joinOR, HALAttrs.cpp: each member joined with the whole other attribute, read in the source; a fix of that slip in both functions would close both entries: expected, not run)
// releases: has the bug 3.5-3.13; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: L3's scf.if program whose else branch runs on @d1 (its result goes to
//   optimal<[@d0, @d2]>) with a second result pinned to @d0, and with that value also moved to @d1
//   (placement/write of placement-write-export-pinned-optimal-transfer-target only; no joinAND failure).
// triage: compiler bug (HALAttrs.cpp DeviceOptimalAttr::joinAND, the sibling of the joinOR defect in bad-
//   output-optimal-joinor-nests-members): two transfers of external resources to one optimal target execute
//   on that target (AsyncTransferOp::getDefaultExecutionAffinityAttr) and share a partition;
//   PartitionBuilder::insert (ReferencePartitioning.cpp) joins their affinities with joinAND, which joins
//   each member with the whole other optimal and stores the null result as members: the partition affinity
//   becomes optimal<[<<NULL ATTRIBUTE>>, <<NULL ATTRIBUTE>>]> and Partition::verify rejects it.
//   Witness 2, alias crash-bc07fe0af7bf (an L1 campaign on 3.11, 2026-12-04: a SIGSEGV in
//   iree-stream-schedule-execution, joinDeviceOptimalAttr <- DeviceOptimalAttr::joinAND <-
//   PartitionBuilder::insert): a third such transfer joins the partition, and joinAND then asks the device
//   of the null member the second join stored (getAffinityDevice on a null attribute): the same slip, as a
//   crash. The campaign's own program no longer reaches a third join on 3.12-3.13; this one crashes them.
//   Both witnesses fail on 3.5-3.13 (3.1-3.4 have no #hal.device.optimal). Compiles with one such transfer, with the members in another order, or with `*`
//   sources. The L1 generator uses each optimal target once (generators/builder.py).
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%h0: !hal.buffer_view, %h1: !hal.buffer_view) {
    %c16 = arith.constant 16 : index
    %v1 = stream.tensor.import on(#hal.device.affinity<@d0>) %h0 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %v2 = stream.tensor.import on(#hal.device.affinity<@d0>) %h1 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %v3 = stream.async.transfer %v1 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<*>{%c16}
    %v4 = stream.async.transfer %v2 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v4 : !stream.resource<*>
    util.return
  }
}

// The correct output: every witness compiles, without "is not compatible with the partition affinity".
// CHECK-NOT: is not compatible with the partition affinity
// CHECK-NOT: error:
// CHECK: util.func public @
// CHECK-NOT: error:

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%h0: !hal.buffer_view, %h1: !hal.buffer_view, %h2: !hal.buffer_view) {
    %c16 = arith.constant 16 : index
    %v1 = stream.tensor.import on(#hal.device.affinity<@d0>) %h0 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %v2 = stream.tensor.import on(#hal.device.affinity<@d0>) %h1 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %v5 = stream.tensor.import on(#hal.device.affinity<@d0>) %h2 : !hal.buffer_view -> tensor<16xi8> in !stream.resource<external>{%c16}
    %v3 = stream.async.transfer %v1 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<*>{%c16}
    %v4 = stream.async.transfer %v2 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<*>{%c16}
    %v6 = stream.async.transfer %v5 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) !stream.resource<*>{%c16}
    util.optimization_barrier %v3 : !stream.resource<*>
    util.optimization_barrier %v4 : !stream.resource<*>
    util.optimization_barrier %v6 : !stream.resource<*>
    util.return
  }
}

// The correct output: witness 2 compiles too (no crash, no error).
// CHECK-NOT: is not compatible with the partition affinity
// CHECK-NOT: error:
// CHECK: util.func public @
// CHECK-NOT: error:

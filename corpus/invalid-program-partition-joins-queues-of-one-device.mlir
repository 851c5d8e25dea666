// stream-fuzz finding: invalid-program
// signature: invalid-program-e228182e5c2c
// status: open
// severity: -
// found: 2026-12-01 by the generators (L1 with the new config and queue switches, minimized by Hypothesis and by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-partition-joins-queues-of-one-device.mlir
// pass: iree-stream-schedule-execution
// failure: is not compatible with the partition affinity
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: queue affinities #hal.device.affinity<@d1, [0]> on an argument and on
//   a flow.tensor.transfer beside ops on all of @d1: iree-compile fails earlier, "failed to legalize
//   operation 'stream.executable'" (the message of invalid-program-dispatch-on-constants-only-gets-no-
//   affinity), so the partitioner is not reached.
// triage: compiler bug (ReferencePartitioning.cpp partitionStreamableOpsReference, PartitionBuilder::insert):
//   an op may join a partition when AffinityAttr::canExecuteTogether holds, which for one device is "the
//   op's queue mask is a subset of the partition's" (DeviceAffinityAttr::isExecutableWith). The dispatch
//   on @d1 queue 0 joins the partition of the dispatch on all of @d1, and insert() narrows the partition
//   to `affinity.joinAND(op)`. Partition::verify then demands that every member equal the partition
//   affinity exactly (AffinityAttr::areCompatible): "op affinity ... is not compatible with the partition
//   affinity". The other order is worse and silent: with a splat on @d1 queue 0 then two dispatches on
//   @d1, joinAND of all-of-@d1 with queue 0 is null (isExecutableWith is not symmetric), the partition
//   keeps a null affinity, and the execute and its allocations come out with no device at all
//   (`stream.cmd.execute await(...)`, no `on`), to be run wherever the HAL defaults. Correct: join with
//   the union (joinOR) or refuse to merge differing queue sets. The diagnostic is the one of
//   invalid-program-barrier-joined-to-producer-partition, but that bug joins two devices; here one
//   device's queues are at fault (the signature marks it "one device").
//   One device named both `#hal.device.promise<@d>` and `#hal.device.affinity<@d>` in one program reaches the
//   same decision (canExecuteTogether admits the op, Partition::verify wants the partition's attribute
//   exactly) and signs the same; the generator's `promise_mix` switch meets it in ~2% of L1 programs.
//   Sync ops reach it too (checked 2026-12-04): a splat on @d0 then a stream.async.barrier on @d0 queue 0
//   fails the same way on the splat ("op affinity <@d0> ... partition affinity <@d0, [0]>"): the barrier is
//   deferred into its producer's partition and insert() narrows it. A transfer of that barrier to @d1 signs
//   the same, but the transfer plays no part (the program without it gives the same diagnostic), so this is
//   not invalid-program-transfer-of-barrier-not-partitioned (whose transfer is left outside every execute).
//   Giving barriers the transfers' canExecuteTogether check would not help: queue 0 is a subset of @d0.
// failing pass: iree-stream-schedule-execution
// what was found:
//   loc("-":7:9): error: op affinity #hal.device.affinity<@d1, [0]> is not compatible with the partition affinity #hal.device.affinity<@d1>
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

util.global private @d1 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v2 = stream.async.dispatch on(#hal.device.affinity<@d1, [0]>) @ex::@e(%v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16})
  %v3 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f(%v2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16})
  util.optimization_barrier %v3 : !stream.resource<*>
  util.return
}

// The correct output:
// CHECK-NOT: is not compatible with the partition affinity
// CHECK-NOT: error:
// CHECK: util.func public @main
// CHECK-NOT: error:

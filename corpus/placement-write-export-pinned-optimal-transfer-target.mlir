// stream-fuzz finding: violation: placement/write, placement/flush
// signature: placement-write-3dcdfc034397
// status: open
// severity: placement
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// symptom: pinned-optimal-target
// reproduce: stream-fuzz replay corpus/placement-write-export-pinned-optimal-transfer-target.mlir
// pass: iree-stream-place-transfer-executions
// releases: has the bug 3.5-3.13; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — bench_l3.py (250 programs, seed 7, 2026-12-04) hit its signature in 3 programs,
//   e.g. an scf.if on @d2 whose else branch computes on @d1 and moves the result back, returned with
//   iree.abi.affinity @d0 (the transfer to optimal<[@d0, @d2]> is the frontend's); placement only, the run's
//   numbers are right.
// triage: compiler bug (PlaceTransferExecutions, then ScheduleAllocation deriveResultAffinity): a transfer
//   from @d3 to optimal<[@d0, @d6]> whose result stream.tensor.export pins to @d0. PlaceTransferExecutions
//   (PlaceTransferExecutions.cpp, `!AffinityAttr::canExecuteTogether(pinnedAffinityAttr,
//   targetAffinityAttr)`) skips it because an affinity is never executable with an optimal
//   (DeviceAffinityAttr::isExecutableWith), so the transfer keeps executing on @d3; deriveResultAffinity then
//   allocates the result on optimal<[@d0, @d6]> from the pin and the target, and @d3 writes memory that only
//   @d0 and @d6 can use. This is the #21361 shape that PR #24748 removed for single-device targets, surviving
//   for optimal ones. Flat input (this program) and pre-scheduled input (found by an L2 campaign; same
//   signature) both show it on 3.5-3.13 (3.1-3.4 cannot parse optimal). Correct: the result is
//   allocated for @d3 too, or the transfer executes on a device of the target.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d3 : !hal.device
util.global private @d6 : !hal.device
util.func public @main() -> (!hal.buffer_view) {
  %c0_i32 = arith.constant 0 : i32
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d3>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v3 = stream.async.transfer %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d3>) -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d6>]>) !stream.resource<external>{%c16}
  %out0 = stream.tensor.export on(#hal.device.affinity<@d0>) %v3 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %out0 : !hal.buffer_view
}

// CHECK-LABEL: util.func public @main(
// CHECK-DAG: {{(stream.resource.alloca uninitialized on\([^)]*@d3[>,][^)]*\).*!stream.resource<external>|stream.cmd.invalidate from\(#hal.device.affinity<@d3>\))}}

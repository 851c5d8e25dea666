// stream-fuzz finding: invalid-program
// signature: invalid-program-08cc75d6bf1a
// also-known-as: placement-write-5e185e676fc0
// status: open
// severity: -
// found: 2026-12-05 by hand, from the triage of placement-write-5e185e676fc0 (L3 campaign, seed 36)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/invalid-program-dispatch-with-producers-on-two-devices-gets-no-affinity.mlir
// pass: iree-stream-conversion leaves the dispatch unplaced (Stream/Analysis/Affinity.cpp); fails in iree-hal-conversion
// failure: failed to legalize operation 'stream.executable'
// symptom: dispatch-producers-on-two-devices
// reachability: frontend — the entry is itself a tensor program compiled by iree-compile. 2026-12-05, 3.13:
//   a 300 s L3 campaign (seed 36, 259 programs) hit placement-write-5e185e676fc0 70 times and this signature
//   8 times (then filed under the dispatch-on-constants entry); 250 L3 programs drawn with seed 36 gave the
//   rejected form 7 times, all with storage on two devices, and 250 with seed 909 gave it 4 times (plus 1
//   dispatch on constants) and the compiled form 6 times; samples checked with iree-stream-annotate-affinities.
// triage: compiler bug, a valid program is rejected. The concat along dim 1 becomes two slow_memcpy dispatches into a
//   tensor.empty tied through both to the result the export pins to @d1. For an op with resource operands
//   OpAffinityPVS::updateOperation unions only its operands' producer affinities: the import on @d0 and the
//   empty, whose result the analysis puts on the export's @d1. After iree-stream-annotate-affinities both
//   dispatches read stream.affinities = [@d0, @d1]; AffinityAnalysis::lookupExecutionAffinity ->
//   trySelectLeadAffinity returns null (AffinityAttr::areCompatible(@d1, @d0) is false), so ConvertDispatchOp
//   (FlowToStream/Patterns.cpp) makes a stream.tensor.dispatch without on() and transferTensorOperands transfers
//   its operands to no device (`from(@d0) ->` with no to()); on the --compile-to=flow output, iree-opt
//   --pass-pipeline='builtin.module(iree-stream-conversion,iree-stream-verify-affinities)' rejects it at once
//   ("'stream.tensor.sizeof' op does not have an affinity assigned": the empty's size: the tensor.empty op,
//   without operands, gets [@d0, @d1] from its consumers). Partitioning joins the first dispatch to the @d1
//   execute of the copies; the second stays in an execute without affinity, and ConvertToHALPass
//   (iree-hal-conversion, --mlir-print-ir-after-failure) fails on its stream.executable @main_dispatch_1. Where
//   the unplaced dispatch joins an execute of its operand's device instead, the program compiles and that
//   dispatch writes the @d1 allocation in place from @d0 (placement-write-5e185e676fc0, the campaign's form: the
//   third copy of a three-piece concat on @d0 returned on @d1 joined the @d0 execute of an elementwise dispatch;
//   right results on local-task devices, which share host memory, so the entry keeps the rejected form). Not the
//   empty set of invalid-program-dispatch-on-constants-only-gets-no-affinity (same diagnostic, same signature;
//   the symptom tells them apart by the devices of the storage the unplaced execute binds).
//   --iree-hal-default-device=d0 only hides it (the execute stays without affinity in the stream phase; the
//   module's stream.affinity.default = @d0 then resolves it). Returning flow.tensor.transfer of the concat to
//   @d1 fails the same way (the empty's result then gets [@d0, @d1]). Repaired: the arguments moved to @d1
//   before the concat. Correct: the concat, 1,2,5,6,3,4,7,8. Upstream Affinity.cpp (2026-08) unchanged; related,
//   not the same: #22081 (a dispatch reading an unplaced global).
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task --device=local-task \
// RUN:   --function=main \
// RUN:   --input=2x2xi32=1,2,3,4 \
// RUN:   --input=2x2xi32=5,6,7,8 \
// RUN:   --expected_output=2x4xi32=1,2,5,6,3,4,7,8

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main(%v0: tensor<2x2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}, %v1: tensor<2x2xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) -> (tensor<2x4xi32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %c = tensor.concat dim(1) %v0, %v1 : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x4xi32>
  return %c : tensor<2x4xi32>
}

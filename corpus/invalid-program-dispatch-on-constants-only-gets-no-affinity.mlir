// stream-fuzz finding: invalid-program
// signature: invalid-program-08cc75d6bf1a
// also-known-as: invalid-program-5aee46eaa20f
// status: open
// severity: -
// found: 2026-12-03 by benchmarks/bench_l3.py (500 L3 programs, seed 0; 3 hits, and 1 of invalid-program-5aee46eaa20f), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-dispatch-on-constants-only-gets-no-affinity.mlir
// pass: iree-stream-conversion leaves the dispatch unplaced (Stream/Analysis/Affinity.cpp); fails in iree-hal-conversion
// failure: failed to legalize operation 'stream.executable'
// symptom: dispatch-on-unplaced-producers
// releases: has the bug 3.1-3.8, 3.11-3.13; another failure 3.9-3.10 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — the entry is itself a tensor program compiled by iree-compile; L3 runs on
//   2026-12-04 hit its signature in 2 of 155 (stream-fuzz run, seed 909) and 2 of 250 programs (bench_l3.py,
//   seed 7), counts made before the two-device entry shared the signature; 2026-12-05, of 500 L3 programs
//   drawn with seeds 36 and 909 one showed this symptom, eleven the two-device one.
// triage: compiler bug, a valid program is rejected. The loop starts from a constant and multiplies by one, so its
//   dispatch reads only unplaced values (stream.tensor.constant has no affinity; const-eval does not hoist the loop).
//   ConvertToStream asks AffinityAnalysis: OpAffinityPVS::updateOperation takes, for an op with resource operands,
//   only its operands' producer affinities (the constant, and the dispatch itself via scf.yield), never its consumers
//   (the export on @d0); the set is empty, tryLookupExecutionAffinity falls back to tryLookupDefaultAffinity, and
//   there is no stream.affinity.default (MaterializeTargetDevices sets it only from hal.device.targets,
//   hal.device.default or --iree-hal-default-device). Dispatch and execute stay without on(): MaterializeInterfaces
//   (DeviceAnalysis::gatherRequiredExecutableTargets) finds no target, ConvertToHAL cannot lower stream.executable.
//   If dedup shares the executable with a placed dispatch, the affinity-less hal.device.resolve fails instead in
//   MaterializeResourceCaches ("analysis failed on device", invalid-program-5aee46eaa20f). No loop needed (a
//   util.optimization_barrier on the constant does it too). Not const-eval's JIT nor memoization: those flags do not
//   help; --iree-hal-default-device=d0 does. Upstream Affinity.cpp (2026-08) unchanged. Correct: returns 1,1,1,1.
//   A dispatch whose producers sit on two devices fails with the same diagnostic and signature through the other
//   branch, trySelectLeadAffinity: invalid-program-dispatch-with-producers-on-two-devices-gets-no-affinity (the
//   symptoms tell the two apart by the devices of the storage the unplaced execute binds).
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --expected_output=4xi32=1,1,1,1

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main() -> (tensor<4xi32> {iree.abi.affinity = #hal.device.affinity<@d0>}) {
  %c = arith.constant dense<-1> : tensor<4xi32>
  %lb = arith.constant 0 : index
  %ub = arith.constant 3 : index
  %st = arith.constant 1 : index
  %r = scf.for %i = %lb to %ub step %st iter_args(%acc = %c) -> (tensor<4xi32>) {
    %n = arith.muli %acc, %c : tensor<4xi32>
    scf.yield %n : tensor<4xi32>
  }
  return %r : tensor<4xi32>
}

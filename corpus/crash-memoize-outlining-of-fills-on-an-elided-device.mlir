// stream-fuzz finding: crash
// signature: crash-0521798a4d64
// also-known-as: crash-a85054ffd77f
// status: open
// severity: -
// found: 2026-12-03 by benchmarks/bench_l3.py (500 L3 programs, seed 0; 2 hits), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/crash-memoize-outlining-of-fills-on-an-elided-device.mlir
// pass: iree-hal-outline-memoize-regions
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — the entry is itself a tensor program compiled by iree-compile (its crash is in the
//   HAL phase, after stream).
// triage: compiler bug, a segfault. Two constant results become two fills recorded in one
//   hal.device.memoize region. Their stream.cmd.execute has no affinity, so StreamToHAL asks for a
//   hal.device.resolve without one, which HALToHAL/Patterns.cpp ConvertDeviceResolveAnyOp lowers to
//   `hal.devices.get 0`: the memoized ops name the device by that value, not by a load of @d0 (here @d0
//   is used by nothing else and gone by then). DeviceGlobalPVS.cpp
//   DeviceGlobalValuePVS::updateFromDefiningOp has no case for hal.devices.get (its Default leaves a
//   valid, empty set without undef), so DeviceAnalysis::lookupDeviceGlobals returns an empty list rather
//   than std::nullopt ("unknown"). The fallback for an unknown device (replaceMemoizeOpWithApply) is
//   skipped, and OutlineMemoizeRegions.cpp (memoizeRegionOp -> createLookupFunc ->
//   createDeviceResultSelectTree -> recursivelyEmitDeviceTree) takes deviceGlobalOps.front() of an empty
//   list. With --iree-hal-memoization=false the same program compiles and returns 4,4,4,4 and 2,2,2,2.
//   Upstream's DeviceGlobalPVS and OutlineMemoizeRegions are unchanged at 2026-08; not reported as such
//   in IREE's issues (searched 2026-12-04); #21231 (open, "Compiler crash when memoizing a function", a
//   Vulkan model, the frame in StringAttr::getValue) may be it, unconfirmed: it has no reproducer to
//   compare. The same root cause with two live devices, only under --iree-execution-model=async-external
//   (signature crash-a85054ffd77f): corpus/frontend/ (same name); the pass alone: corpus/one-pass/ (same
//   name). Not a stream placement bug, and another root cause than
//   crash-consteval-jit-of-a-constant-transferred-to-a-device (that one crashes in const-eval's JIT
//   module, before HAL). Correct: compile, and return the constants.
//   On 3.5-3.7 (3.1-3.4 not checked) this witness crashes earlier, for another reason the releases line
//   cannot tell apart: in iree-hal-conversion, StreamToHAL's ResourceAllocaOpPattern ->
//   lookupDeviceAndQueueAffinityFor, with --iree-hal-memoization=false too (signature crash-7a4c790b00d0,
//   met by a 3.5 L3 campaign, 2026-12-05, seed 38; not an alias). On 3.8 memoization=false compiles it.
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --expected_output=4xf32=4,4,4,4 \
// RUN:   --expected_output=4xf32=2,2,2,2 \
// RUN:   --expected_f32_threshold=1e-05

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main() -> (tensor<4xf32>, tensor<4xf32>) {
  %c = arith.constant dense<2.0> : tensor<4xf32>
  %d = arith.constant dense<4.0> : tensor<4xf32>
  return %d, %c : tensor<4xf32>, tensor<4xf32>
}

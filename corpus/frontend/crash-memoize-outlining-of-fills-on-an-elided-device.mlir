// stream-fuzz finding: crash
// signature: crash-a85054ffd77f
// status: open
// severity: -
// found: 2026-12-04 by the L3 option-equivalence oracle (run --level l3 --l3-options, variant
//   async-external), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// releases: has the bug 3.2-3.13; correct 3.1 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/frontend/crash-memoize-outlining-of-fills-on-an-elided-device.mlir
// pass: iree-hal-outline-memoize-regions
// triage: compiler bug, a segfault; the same root cause as
//   corpus/crash-memoize-outlining-of-fills-on-an-elided-device.mlir, reached another way: two devices
//   both used elsewhere (nothing elided), only with --iree-execution-model=async-external. Under that ABI
//   the constant is filled into one transient buffer and copied to the result buffers of @d0 and @d1 by a
//   stream.cmd.execute with no affinity. For it HALToHAL/Patterns.cpp ConvertDeviceResolveAnyOp (the
//   hal.device.resolve pattern for an unspecified affinity) emits `hal.devices.get 0`, and the copies are
//   recorded in a hal.device.memoize on that value. DeviceGlobalPVS.cpp
//   DeviceGlobalValuePVS::updateFromDefiningOp has no case for hal.devices.get (its Default leaves the
//   state valid, empty, without undef), so DeviceAnalysis::lookupDeviceGlobals returns an empty list
//   instead of std::nullopt, memoizeRegionOp skips its fallback (replaceMemoizeOpWithApply), and
//   createLookupFunc -> createDeviceResultSelectTree -> recursivelyEmitDeviceTree takes
//   deviceGlobalOps.front() of the empty list. With the default (sync) ABI the two fills carry @d0 and
//   @d1 and it compiles; with --iree-hal-memoization=false too. A fix (hal.devices.get treated as
//   unknown, or the empty set as "cannot memoize") covers both entries. 3.1 compiles and runs this
//   program although its pass crashes on the one-pass reproducer: 3.1 does not reach the memoize region
//   from it. Not found in IREE's issues (searched 2026-12-04). Correct: compile, return 1,1,1,1 twice.
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s --iree-execution-model=async-external -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --expected_output=4xf32=1,1,1,1 \
// RUN:   --expected_output=4xf32=1,1,1,1 \
// RUN:   --expected_f32_threshold=1e-05

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main() -> (tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d0>}, tensor<4xf32> {iree.abi.affinity = #hal.device.affinity<@d1>}) {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  return %c, %c : tensor<4xf32>, tensor<4xf32>
}

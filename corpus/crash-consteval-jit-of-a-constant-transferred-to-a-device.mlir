// stream-fuzz finding: crash
// signature: crash-f807f1622833
// also-known-as: invalid-program-ae3d667628f6, crash-224849418c2d
// status: open
// severity: -
// found: 2026-12-03 by stream-fuzz run (an L3 campaign, seed 3), cut down by hand
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: iree-compile (frontend to vmfb), run on local-task devices
// level: l3
// shrunk: yes
// reproduce: stream-fuzz replay corpus/crash-consteval-jit-of-a-constant-transferred-to-a-device.mlir
// pass: iree-consteval-jit-globals (dies in its nested iree-hal-materialize-interfaces)
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — the entry is itself a tensor program compiled by iree-compile (a constant moved to
//   a device by flow.tensor.transfer); an L3 campaign (stream-fuzz run --level l3, 240 s, seed 909,
//   2026-12-04) hit its signature crash-f807f1622833 again.
// triage: compiler bug, a crash (SIGSEGV). A constant moved to a device with flow.tensor.transfer and then
//   computed on is constant work: iree-util-hoist-into-globals hoists it into an initializer, and
//   ConstEval/JitGlobals.cpp copies that initializer into a module of its own to compile for the host. The
//   copy keeps the `#hal.device.affinity<@d0>` the transfer gave it, but the JIT module holds only its host
//   device `@__device_0`, not `@d0`. HAL/Analysis/DeviceAnalysis.cpp gatherDeviceTargets looks the symbol up
//   and only asserts (`global reference must be valid`): in a release build it calls getGlobalInitialValue
//   on null. Stack: GlobalOpInterface::getGlobalInitialValue <- DeviceAnalysis::gatherDeviceTargets <-
//   MaterializeInterfacesPass <- JitGlobalsPass. Compiles with --iree-opt-const-eval=false; upstream's
//   JitGlobals (2026-08) still does not drop execution affinities (a PR doing so, iree-org/iree#18663, was
//   left open). One device is enough; L3 campaigns meet it whenever a constant-only value is transferred.
//   Correct: the program compiles and returns 2,2,2,2 (const-eval runs on the host, whatever the affinity).
//   Without a dispatch in the hoisted code (a transferred constant only extracted from, for a select), the
//   JIT's ConvertToHAL gets through and its verifier rejects `util.global.load @d0` ("undefined global"):
//   alias invalid-program-ae3d667628f6 (2026-12-03, L3 seed 1), also fixed by --iree-opt-const-eval=false.
//   On 3.5-3.7 this witness (and a 3.5 campaign's program, 2026-12-05, L3 seed 38) crashes in another pass of
//   the JIT's pipeline, iree-codegen-materialize-host-encoding: alias crash-224849418c2d (on 3.5,
//   --iree-opt-const-eval=false compiles it too; from 3.8 the campaign's program gives crash-f807f1622833).
//
// REQUIRES: iree-run-module
// RUN: iree-compile %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb \
// RUN:   --device=local-task \
// RUN:   --function=main \
// RUN:   --expected_output=4xf32=2,2,2,2 \
// RUN:   --expected_f32_threshold=1e-05

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
func.func @main() -> tensor<4xf32> {
  %c = arith.constant dense<1.0> : tensor<4xf32>
  %t = flow.tensor.transfer %c : tensor<4xf32> to #hal.device.affinity<@d0>
  %r = arith.addf %t, %t : tensor<4xf32>
  return %r : tensor<4xf32>
}

// stream-fuzz finding: crash
// signature: crash-013bad70e1af
// status: open
// severity: -
// found: by hand from corpus/crash-memoize-outlining-of-fills-on-an-elided-device.mlir and its frontend witness (the shape of the IR before the pass that crashes)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-hal-outline-memoize-regions)
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/one-pass/crash-memoize-outlining-of-fills-on-an-elided-device.mlir
// pass: iree-hal-outline-memoize-regions
// reduced-from: corpus/crash-memoize-outlining-of-fills-on-an-elided-device.mlir (its triage says why this is wrong)
// input: valid IR: a hal.device.memoize whose device is `hal.devices.get 0`, what HALToHAL makes of a
//   hal.device.resolve without affinity (both witnesses hand the pass this, from a stream.cmd.execute that
//   has none). DeviceGlobalValuePVS::updateFromDefiningOp ignores hal.devices.get, so lookupDeviceGlobals
//   returns an empty list rather than std::nullopt and recursivelyEmitDeviceTree takes front() of it. The
//   same IR with the device from `util.global.load immutable @d0` is outlined. Correct: the pass completes and
//   no memoize region is left (outlined, or replaced by a call of its body when the device is unknown).
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-hal-outline-memoize-regions)' %s | FileCheck %s
// CHECK-LABEL: util.func public @main
// CHECK-NOT: hal.device.memoize
// CHECK: util.return

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.func public @main() -> !hal.command_buffer {
  %c0 = arith.constant 0 : index
  %affinity = arith.constant -1 : i64
  %device = hal.devices.get %c0 : !hal.device
  %cmd = hal.device.memoize<%device : !hal.device> affinity(%affinity) -> !hal.command_buffer {
    %c = hal.command_buffer.create device(%device : !hal.device) mode("None") categories(Transfer) affinity(%affinity) : !hal.command_buffer
    hal.command_buffer.finalize<%c : !hal.command_buffer>
    hal.return %c : !hal.command_buffer
  }
  util.return %cmd : !hal.command_buffer
}

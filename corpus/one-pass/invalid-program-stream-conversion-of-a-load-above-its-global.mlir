// stream-fuzz finding: invalid-program
// signature: invalid-program-9e93afda410d
// status: open
// severity: -
// found: by hand from corpus/invalid-program-stream-conversion-of-a-load-above-its-global.mlir (the IR iree-compile hands iree-stream-conversion for it, with the function's ABI attributes dropped and the global renamed)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-conversion)
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/one-pass/invalid-program-stream-conversion-of-a-load-above-its-global.mlir
// pass: iree-stream-conversion
// failure: failed to legalize unresolved
// reduced-from: corpus/invalid-program-stream-conversion-of-a-load-above-its-global.mlir (its triage says why this is wrong)
// input: valid IR: a public function loads an immutable tensor global declared below it in the module
//   (util.global's rules order initializers only, and no initializer is here). The pass converts ops in
//   module order: GlobalLoadOpExpansion meets the load before GlobalOpExpansion has recorded @g's expansion,
//   fails to match ("expanded global not found"), and the generic type-conversion pattern rewrites the load
//   to one !stream.resource<*> while its user asks for (resource, size): no materialization, the pass fails.
//   The same module with @g declared above @main converts. Correct: the pass completes and @main loads the
//   expanded resource and its size.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-conversion)' %s -o /dev/null
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-conversion)' %s 2>&1 | FileCheck %s
// CHECK-NOT: error:
// CHECK: util.func public @main
// CHECK: util.global.load @g : !stream.resource<constant>
// CHECK: util.global.load @g__size : index
// CHECK-NOT: error:

util.func public @main() -> !hal.buffer_view {
  %0 = util.global.load immutable @g : tensor<2xi32>
  %1 = hal.tensor.export %0 "output0" : tensor<2xi32> -> !hal.buffer_view
  util.return %1 : !hal.buffer_view
}
util.global private @g {stream.affinity = #hal.device.affinity<@d0>} = dense<[2, 3]> : tensor<2xi32>

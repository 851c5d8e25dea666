// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-6358547cfad3
// status: open
// severity: data
// found: 2026-12-01 by the oracle's own tests (a program written to keep a copy-on-write clone)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// pass: cse
// note: the reducer's test input (tests/driver/test_reduce.py): the 14-line async program of the cse
//   copy-on-write bug, kept here as it was before its corpus entry became a runtime witness
//   (corpus/async-clobbered-read-cse-after-copy-on-write-merges-a-value-with-its-copy.mlir).
//

util.global private @d0 : !hal.device
util.func public @main() {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<*>{%c16}
  %b = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %a[%c0 to %c8 for %c8] : i32 -> %a as !stream.resource<*>{%c16}
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %b : !stream.resource<*>
  util.optimization_barrier %d : !stream.resource<*>
  util.return
}

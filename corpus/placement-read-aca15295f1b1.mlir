// stream-fuzz finding: violation: placement/read
// signature: placement-read-aca15295f1b1
// status: open
// found: 2026-12-01 seed=5 worker=0
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// reproduce: stream-fuzz replay corpus/placement-read-aca15295f1b1.mlir
// triage (suspected, flat IR; same class as placement-read-e1d7d5593a80, smallest witness): a
//   transfer without from() of a buffer imported on @d1 is executed on its destination @d0 (a pull),
//   reading @d1's memory with no invalidate from @d1. With from(@d1) or on(@d1) added, the oracle finds
//   nothing.
// what was found:
//   [placement/read] %0 is captured for reading by an execute on @d0 but its storage %0 (import) is placed on #hal.device.affinity<@d1>
// note: no CHECK line distinguishes the faulty output; replay relies on the oracle
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main(%h0: !hal.buffer_view) {
    %c64 = arith.constant 64 : index
    %v1 = stream.tensor.import on(#hal.device.affinity<@d1>) %h0 : !hal.buffer_view -> tensor<64xi8> in !stream.resource<external>{%c64}
    %v2 = stream.async.transfer %v1 : !stream.resource<external>{%c64} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c64}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v1 : !stream.resource<external>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v2 : !stream.resource<*>
    util.return
  }
}

// The correct output:
// CHECK: util.func

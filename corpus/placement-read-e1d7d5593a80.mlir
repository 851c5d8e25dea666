// stream-fuzz finding: violation: placement/read
// signature: placement-read-e1d7d5593a80
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// reproduce: stream-fuzz replay corpus/placement-read-e1d7d5593a80.mlir
// triage (suspected, flat IR): a transfer without from() of an scf.for result is executed on its
//   destination @d1 (a pull) but the source stays allocated on @d2 only and no invalidate from @d2 is
//   emitted.
// what was found:
//   [placement/read] %2 is captured for reading by an execute on @d1 but its storage %result (alloca) is placed on #hal.device.affinity<@d2>
// note: no CHECK line distinguishes the faulty output; replay relies on the oracle
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d2>) %c1234_i32 : i32 -> !stream.resource<*>{%c64}
    %v4 = scf.for %i4 = %c0 to %c3 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.update on(#hal.device.affinity<@d2>) %v1, %v2[%c0 to %c64] : !stream.resource<*>{%c64} -> %v2 as !stream.resource<*>{%c64}
      scf.yield %v3 : !stream.resource<*>
    }
    %v5 = stream.async.transfer %v4 : !stream.resource<*>{%c64} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c64}
    %v6 = stream.async.slice on(#hal.device.affinity<@d1>) %v5[%c0 to %c16] : !stream.resource<*>{%c64} -> !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v6 : !stream.resource<*>
    util.return
  }
}

// The correct output:
// CHECK: util.func

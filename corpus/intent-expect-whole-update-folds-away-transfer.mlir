// stream-fuzz finding: violation: intent/expect
// signature: intent-expect-a932c02a8243
// status: not-a-bug
// severity: intent
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/intent-expect-whole-update-folds-away-transfer.mlir
// pass: canonicalize
// releases: correct 3.5-3.13; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// triage: not a bug (an oracle false alarm, fixed): stream.async.update over the whole of its target folds to
//   its update value (canonicalize, StreamOpFolders.cpp AsyncUpdateOp::fold), so %v7 is the @d0 splat %v1 and
//   the transfer %v5 to optimal<[@d1, @d0]> is dead and erased. %v7 has no consumer on a device; an @d0
//   allocation is right. The generator used to expect the first member of the optimal set (@d1); its
//   expectation now names every member, and memory on any of them passes. Kept so the false alarm stays
//   quiet: replay must say `passes`.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v3 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v4 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v5 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) !stream.resource<*>{%c16}
    %v6 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c128}
    %v7 = stream.async.update on(#hal.device.affinity<@d0>) %v1, %v5[%c0 to %c16] : !stream.resource<*>{%c16} -> %v5 as !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v6 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]} %v7 : !stream.resource<*>
    util.return
  }
}

// CHECK-LABEL: util.func public @main(
// CHECK-NOT: #hal.device.optimal

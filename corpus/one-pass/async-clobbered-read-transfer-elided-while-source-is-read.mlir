// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-87dacfa44663
// status: open
// severity: data
// found: by stream-fuzz reduce from corpus/async-clobbered-read-transfer-elided-while-source-is-read.mlir; rewritten by hand as its program's async IR
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-elide-async-copies)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/one-pass/async-clobbered-read-transfer-elided-while-source-is-read.mlir
// pass: iree-stream-elide-async-copies
// output: async IR, checked for clobbered reads
// reduced-from: corpus/async-clobbered-read-transfer-elided-while-source-is-read.mlir (its triage says why this is wrong)
// releases: has the bug 3.10-3.13; correct 3.5-3.9; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// triage: the input is valid (the IR copy-on-write leaves). @main: %v2 is a copy of %v1, @add_one writes
//   the copy in place, @sub reads %v1 after it; isSafeToElideTransferOp's same-type branch elides the
//   transfer although %v1 has a later reader, so @add_one writes %v1 in place before @sub reads it.
//   @stale_last_use: the transfer %t is elided the same way, then the copy-on-write clone %k is judged from
//   the last-use information of %b1 gathered before that and elided too, so the slice reads what the fill
//   wrote. Correct: no op writes %v1 in place before @sub reads it, and the slice does not read the value
//   the fill writes in place (the CHECK lines: the transfer kept, a clone, or a second splat all pass).
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-elide-async-copies)' %s | FileCheck %s

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.func public @main() {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c1234_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %v3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@add_one(%v2[%c0 to %c16 for %c16], %v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> %v2{%c16}
    %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@sub(%v3[%c0 to %c16 for %c16], %v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    util.optimization_barrier %d : !stream.resource<*>
    util.return
  }
  util.func public @stale_last_use() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c0_i32 = arith.constant 0 : i32
    %c5_i32 = arith.constant 5 : i32
    %c7_i32 = arith.constant 7 : i32
    %b0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %b1 = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %b0[%c0 to %c4 for %c4] : i32 -> %b0 as !stream.resource<*>{%c16}
    %t = stream.async.transfer %b1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %k = stream.async.clone on(#hal.device.affinity<@d0>) %b1 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
    %w = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %k[%c0 to %c8 for %c8] : i32 -> %k as !stream.resource<*>{%c16}
    %r = stream.async.slice on(#hal.device.affinity<@d0>) %t[%c0 to %c8] : !stream.resource<*>{%c16} -> !stream.resource<*>{%c8}
    util.optimization_barrier %w : !stream.resource<*>
    util.optimization_barrier %r : !stream.resource<*>
    util.return
  }
}

// CHECK-LABEL: util.func public @main
// CHECK:       %[[V1:.+]] = stream.async.splat
// CHECK-NOT:   -> %[[V1]]{
// CHECK:       stream.async.dispatch {{.*}}@ex::@sub({{.*}}, %[[V1]][
// CHECK-LABEL: util.func public @stale_last_use
// CHECK:       stream.async.fill {{.*}}%c7_i32, %[[T:[a-z0-9_]+]][
// CHECK-NOT:   stream.async.slice {{.*}}%[[T]][
// CHECK:       util.return

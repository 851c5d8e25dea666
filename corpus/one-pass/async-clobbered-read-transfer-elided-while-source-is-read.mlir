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
// releases: has the bug 3.10, 3.11, 3.12, 3.13; correct 3.5-3.9 (this pass keeps the transfer); cannot express 3.1-3.4
// triage: the input is valid: %v2 is a copy of %v1, @add_one writes the copy in place, @sub reads %v1 after
//   it. isSafeToElideTransferOp's same-type branch elides the transfer although %v1 has a later reader, so
//   @add_one writes %v1 in place before @sub reads it. Correct: no op writes %v1's storage in place before
//   @sub reads it (the CHECK lines: the transfer kept, a clone, or a second splat all pass).
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
}

// CHECK-LABEL: util.func public @main
// CHECK:       %[[V1:.+]] = stream.async.splat
// CHECK-NOT:   -> %[[V1]]{
// CHECK:       stream.async.dispatch {{.*}}@ex::@sub({{.*}}, %[[V1]][

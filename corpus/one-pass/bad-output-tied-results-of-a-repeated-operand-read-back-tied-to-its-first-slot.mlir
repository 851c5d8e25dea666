// stream-fuzz finding: bad-output
// signature: bad-output-3c7622c7ab75
// status: open
// severity: -
// found: by hand from corpus/bad-output-tied-results-of-a-repeated-operand-read-back-tied-to-its-first-slot.mlir (its witness without the export, under the pass alone)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(func.func(iree-stream-emplace-allocations),util.func(iree-stream-emplace-allocations),util.initializer(iree-stream-emplace-allocations))
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/one-pass/bad-output-tied-results-of-a-repeated-operand-read-back-tied-to-its-first-slot.mlir
// pass: iree-stream-emplace-allocations (on func.func, util.func, util.initializer; builds the op whose ties the printer and parser of custom<ShapedResultList> lose)
// reduced-from: corpus/bad-output-tied-results-of-a-repeated-operand-read-back-tied-to-its-first-slot.mlir (its triage says why this is wrong)
// what was found:
//   the printed output: stream.async.dispatch reads back with other tied_operands: tied_operands printed [1 : index, 2 : index], read back [1 : index, 1 : index]
//
// RUN: iree-opt --pass-pipeline='builtin.module(func.func(iree-stream-emplace-allocations),util.func(iree-stream-emplace-allocations),util.initializer(iree-stream-emplace-allocations))' %s | iree-opt --mlir-print-op-generic | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.func public @two_updates_into_one_target() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c0_i8 = arith.constant 0 : i8
    %c1_i8 = arith.constant 1 : i8
    %in = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i8 : i8 -> !stream.resource<*>{%c8}
    %r:2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@halves(%in[%c0 to %c8 for %c8]) : (!stream.resource<*>{%c8}) -> (!stream.resource<*>{%c4}, !stream.resource<*>{%c4})
    %dst = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c8}
    %u0 = stream.async.update on(#hal.device.affinity<@d0>) %r#0, %dst[%c0 to %c4] : !stream.resource<*>{%c4} -> %dst as !stream.resource<*>{%c8}
    %u1 = stream.async.update on(#hal.device.affinity<@d0>) %r#1, %u0[%c4 to %c8] : !stream.resource<*>{%c4} -> %u0 as !stream.resource<*>{%c8}
    util.return %u1 : !stream.resource<*>
  }
}

// The pass ties the dispatch's results to two slots holding %dst (tied_operands = [1 : index, 2 : index]);
// the correct output reads back so (buggy: the printed `-> (%dst{%c8}, %dst{%c8})` reads back tied to the
// first slot twice, tied_operands = [1 : index, 1 : index]).
// CHECK-LABEL: sym_name = "two_updates_into_one_target"
// CHECK: "stream.async.dispatch"(
// CHECK-NOT: {{tied_operands = \[(0 : index, 0|1 : index, 1|2 : index, 2|3 : index, 3) : index\]}}
// CHECK: "util.return"

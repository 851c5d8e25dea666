// stream-fuzz finding: bad-output
// signature: bad-output-3c7622c7ab75
// status: open
// severity: -
// found: 2026-12-05 by hand (a known but unfiled defect), then by the round-trip check of the compiler worker on L1 programs (the generators' concat shape)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-tensor-transformation-pipeline,iree-stream-async-transformation-pipeline)
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/bad-output-tied-results-of-a-repeated-operand-read-back-tied-to-its-first-slot.mlir
// pass: iree-stream-emplace-allocations (builds the op whose ties the printer and parser of custom<ShapedResultList> lose; see triage)
// reachability: frontend — a tensor program (two 4xf32 inputs; one linalg.generic with two results, their sum
//   and product, each tensor.insert_slice'd into one half of an 8xf32 tensor.empty) through iree-compile
//   3.13.0 --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --compile-to=stream
//   --mlir-print-ir-after=iree-stream-emplace-allocations --mlir-print-ir-module-scope: the dump prints the
//   dispatch `-> (%4{%c32}, %4{%c32})` and reads back (iree-opt --mlir-print-op-generic) with
//   tied_operands = [2, 2], where the same dump in generic form (--mlir-print-op-generic) says [2, 3].
//   iree-compile keeps its IR in memory, so its own output is right: only printed async IR (a dump, a crash
//   reproducer, a lit test, a pipeline run in two iree-opt steps) meets it. In stream IR the L1 generators'
//   concat (a dispatch's results each updated into a slice of one buffer) is the shape: in the async IR of
//   the stream pipeline (before iree-stream-verify-lowering-to-async) 8 of 168 L1 programs (seed 0) read
//   back with other ties.
// triage: printer/parser bug (UtilOps.cpp printShapedResultList / parseShapedResultList with
//   findTiedOperand), on IR that EmplaceAllocations.cpp tryEmplaceDispatchOp builds. The pass appends one
//   operand slot per dispatch result, ties result i to it (setTiedResultOperandIndex), then puts each
//   stream.async.update's target in that slot; when the second update's target is the first update's result,
//   that result is already the dispatch's result #0 and getTiedResultOperand gives the first target again:
//   slots 1 and 2 both hold %dst (ranges [0, 4) and [4, 8)), tied_operands = [1, 2]. Nothing rejects that:
//   detail::verifyTiedOp (UtilTypes.cpp) checks only that there is one index per result, AsyncDispatchOp::verify
//   checks sizes and ranges; and it means what the program says (two in-place writes into disjoint ranges of
//   one resource, the shape a concatenation lowers to). The custom syntax names a tie by the tied operand's
//   value (`-> (%dst{%c8}, %dst{%c8})`), which cannot tell two slots holding one value apart, and the
//   parser's findTiedOperand takes the first operand of that name: the module reads back with
//   tied_operands = [1, 1] (or [0, 0] when the dispatch also reads the target first), and prints the same
//   text again. So the fault is the assembly format's, not the verifier's nor the pass's: print a tie by
//   operand position when its value fills more than one slot (or keep `tied_operands` in the attribute
//   dictionary then). The re-read op is another program: iree-stream-schedule-allocation on the re-read
//   IR of this witness binds the third slot `ro` (nothing is tied to it any more), on the pass's own IR
//   (printed in generic form and read back) `rw`. One result is enough when the dispatch also reads its
//   target: the one-pass witness of async-clobbered-read-emplaced-dispatch-writes-before-a-read-of-the-target
//   (a dispatch reading %0, emplaced into %0) prints `(%0[...], %0[...]) ... -> %0{%c1}`, built with
//   tied_operands = [1], read back [0]. Read in the source at upstream HEAD of 2026-08-21; releases below.
// witnesses: 1
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-tensor-transformation-pipeline,iree-stream-async-transformation-pipeline)' %s | iree-opt --mlir-print-op-generic | FileCheck %s

util.global private @d0 : !hal.device
util.func public @concat_of_two_halves() -> !stream.resource<external> {
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
  %out = stream.async.transfer %u1 : !stream.resource<*>{%c8} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c8}
  util.return %out : !stream.resource<external>
}

// The correct output reads back as the IR the pipeline built: the dispatch's two results, each written into
// its own half of %dst, stay tied to two operand slots (buggy: read back with both results tied to one slot,
// tied_operands = [1 : index, 1 : index]).
// CHECK-LABEL: sym_name = "concat_of_two_halves"
// CHECK: "stream.async.dispatch"(
// CHECK-NOT: {{tied_operands = \[(0 : index, 0|1 : index, 1|2 : index, 2|3 : index, 3) : index\]}}
// CHECK: "util.return"

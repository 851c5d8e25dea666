// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-67b06ae7eebe
// status: open
// severity: data
// found: 2026-12-01 by stream-fuzz run (an L1 campaign, seed 59; witness written by hand after it)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-emplaced-dispatch-writes-before-a-read-of-the-target.mlir
// pass: iree-stream-emplace-allocations
// releases: 3.1, 3.4, 3.11, 3.12, 3.13
// triage: compiler bug, wrong data (EmplaceAllocations, Transforms/EmplaceAllocations.cpp
//   tryEmplaceDispatchOp). @produce's only use is the update of %t[0..4), so the pass ties it to %t and makes
//   the dispatch write %t in place, at the dispatch's position. Between the dispatch and the update, @read
//   reads all of %t; it now sees @produce's four bytes where @target's were. The pass checks only that the
//   update's operands can move above the dispatch (Util tryMoveProducerBefore, SSA dominance), never that
//   the target has no other use between the two: emplacing moves the write earlier than the reads the update
//   came after. In the campaign's program (46 lines) the reader between the two is a clone of the target. No
//   upstream issue found (#14566, #18308, #20819 and #19355 are about result order and dominance).
//   Correct: keep the result out of place (or the dispatch after @read) when the target is used between
//   the dispatch and the update.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' --mlir-print-ir-before=iree-stream-verify-lowering-to-async %s -o /dev/null 2> %t
// RUN: stream-fuzz check --no-compile --async-ir %t

module {
  util.global private @d0 : !hal.device
  util.func public @read_after_emplaced_write() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c0_i8 = arith.constant 0 : i8
    %in = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c4}
    %t = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@target(%in[%c0 to %c4 for %c4]) : (!stream.resource<*>{%c4}) -> !stream.resource<*>{%c16}
    %p = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%in[%c0 to %c4 for %c4]) : (!stream.resource<*>{%c4}) -> !stream.resource<*>{%c4}
    %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%t[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c4}
    %u = stream.async.update on(#hal.device.affinity<@d0>) %p, %t[%c0 to %c4] : !stream.resource<*>{%c4} -> %t as !stream.resource<*>{%c16}
    util.optimization_barrier %r : !stream.resource<*>
    util.optimization_barrier %u : !stream.resource<*>
    util.return
  }
}

// The correct output: in the async IR before iree-stream-verify-lowering-to-async no value is read after an op
// overwrote it in place (the RUN lines check it: stream-fuzz's async/clobbered-read rule, the
// invariant copy-on-write establishes).

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
// releases: has the bug 3.4-3.13; cannot express 3.1-3.3 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — %t = x+x, %p = y*y, a flow.tensor.transfer of %t to @d1 read there, then
//   tensor.insert_slice %p into %t[0]: the insert_slice becomes a stream.async.update that %p's dispatch is
//   emplaced into, writing %t before the transfer reads it; the run returns wrong data (corpus/frontend/ of
//   this name).
// triage: compiler bug, wrong data (EmplaceAllocations, Stream/Transforms/EmplaceAllocations.cpp
//   tryEmplaceDispatchOp). @produce's only use is the update of %t[0..4), so the pass ties its result to
//   %t and makes the dispatch write %t in place, at the dispatch's position. Between the dispatch and the
//   update, @read reads all of %t; it now sees @produce's 9 where @target wrote 1: the run returns 9 2 3 4
//   for %r (result[0] FAILED). Copy-on-write's clone of %t for the update was rightly elided (the update
//   is %t's last use, after @read); the pass checks only that the update's operands can move above the
//   dispatch (Util tryMoveProducerBefore, SSA dominance), never that the target has no other use between
//   the two: emplacing moves the write earlier than the reads the update came after. In the campaign's
//   program (46 lines) the reader between the two is a clone of the target. No upstream issue found
//   (#14566, #18308, #20819 and #19355 are about result order and dominance). Repaired: the same compiler
//   with util.optimization_barrier on %p before the update (nothing to emplace; the program means the
//   same) returns both results right, on every release 3.1-3.13 run. Correct: keep the result out of place
//   (or the dispatch after @read) when the target is used between the dispatch and the update; the results
//   in the RUN line.
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-task --function=main \
// RUN:   --expected_output=4xi32=1,2,3,4 \
// RUN:   --expected_output=4xi32=9,2,3,4

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @target workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @produce workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @read workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    // %out := [1, 2, 3, 4]
    func.func @target(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // %out := [9]
    func.func @produce(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1xi32>>
      %cst = arith.constant dense<[9]> : tensor<1xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [1], strides = [1] : tensor<1xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1xi32>>
      return
    }
    // %out := %in (a copy)
    func.func @read(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %t = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %t, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
  }
}
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c0_i8 = arith.constant 0 : i8
  %in = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i8 : i8 -> !stream.resource<*>{%c4}
  %t = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@target(%in[%c0 to %c4 for %c4]) : (!stream.resource<*>{%c4}) -> !stream.resource<*>{%c16}
  %p = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%in[%c0 to %c4 for %c4]) : (!stream.resource<*>{%c4}) -> !stream.resource<*>{%c4}
  %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%t[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %u = stream.async.update on(#hal.device.affinity<@d0>) %p, %t[%c0 to %c4] : !stream.resource<*>{%c4} -> %t as !stream.resource<*>{%c16}
  %re = stream.async.transfer %r : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %ue = stream.async.transfer %u : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %rv = stream.tensor.export on(#hal.device.affinity<@d0>) %re : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %uv = stream.tensor.export on(#hal.device.affinity<@d0>) %ue : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %rv, %uv : !hal.buffer_view, !hal.buffer_view
}

// The correct output: %r is @target's 1 2 3 4 (read before the update), %u is 9 2 3 4. On 3.13 %r comes
// back 9 2 3 4.

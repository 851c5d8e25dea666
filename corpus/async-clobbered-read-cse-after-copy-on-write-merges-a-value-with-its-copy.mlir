// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-6358547cfad3
// also-known-as: async-clobbered-read-8d4755855894, copy-overlap-a38a894b6b86, wave-race-abb396745399
// status: open
// severity: data
// found: 2026-12-01 by the oracle's own tests (a program written to keep a copy-on-write clone); the transfer and
//   copy forms from an L1 campaign (seed 11) and a helper's variant of it
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-cse-after-copy-on-write-merges-a-value-with-its-copy.mlir
// pass: cse
// releases: has the bug 3.8-3.13; correct 3.4-3.7; cannot express 3.1-3.3 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: two equal flow.tensor.transfer of one value, one written by an
//   insert_slice and the other read (merged at flow level, before copy-on-write, which then clones: right
//   numbers); a flow.tensor.transfer to @d1 written in place while the value itself is returned on @d1 (a
//   transfer without from(), the witness-1 pair) or read on @d0 (copy-on-write clones: right numbers); an
//   operand-less iota linalg.generic written in place and read (const-eval makes it a constant: right
//   numbers); a splat fill written in place and read (folded into the dispatch: right numbers).
// triage: compiler bug, wrong data. stream.async.dispatch and stream.async.transfer are Stream_PureOp
//   (StreamOps.td; #21921 and #21989, both in 3.8), so MLIR's CSE merges two equal ones. That is right
//   while resources are immutable SSA values, but the async pipeline (Transforms/Passes.cpp
//   buildStreamAsyncPassPipeline) runs buildStreamCleanupPassPipeline, whose cse merges them, twice AFTER
//   MaterializeCopyOnWrite has made in-place writes legal: once after the second ElideAsyncCopies, once after
//   ScheduleConcurrency/MaterializeBuiltins. When one of the two equal values is written in place (a tied
//   fill/copy) and the other is read after, the merge makes the reader read the written bytes.
//   (1) %t1 and %t2 are two transfers of %z; the fill writes %t1 in place, @f reads %t2. ScheduleExecution
//   drops the from(@d0) of %t1 (ScheduleExecution.cpp), the late cse merges the two, and the cleanup's
//   iree-util-apply-patterns (ClosureOpUtils.cpp optimizeClosureLikeOp) folds the duplicate results and
//   captures: the fill and @f get one buffer, and @f reads 7 7 0 0.
//   (2) the fill writes %a while @f reads it, so MaterializeCopyOnWrite clones %a for the fill; %a is an
//   operandless dispatch (StreamOps.cpp AsyncDispatchOp::preferCloneToConsumers: "a slow splat"), so the
//   canonicalize turns the clone into a second @make (StreamOpFolders.cpp PropagateCloneableOps) and the
//   cse after ElideAsyncCopies merges the two @make: the fill writes %a itself, @f reads 7 7 3 4.
//   With an async.copy instead of the fill in (1) the merge emits `stream.cmd.copy %x[0], %x[0]` (was
//   copy-overlap-identity-copy-reaches-the-hal): local-sync rejects it at run time (INVALID_ARGUMENT,
//   "source and target ranges overlap within the same buffer") on 3.8-3.13, runs on 3.4-3.7.
//   Correct: the numbers in the RUN line. local-sync, because (1) also puts the fill and @f in one wave
//   (a race): local-task ran it wrong only some of the time on 3.10 and 3.11.
//   Shown fixed: 3.4-3.7 run it right (3.1-3.3 spell executable bodies !flow.dispatch.tensor: so respelled,
//   3.2 and 3.3 run it right, 3.1 rejects it: partition set out of order), and so does 3.13 with its stream
//   pipeline spelled out pass by pass and only the cse of those two cleanups removed (dropping only the late
//   one leaves (2) wrong; dropping only the first, the late one merges both).
//   Not invalid-program-cse-merges-dispatch-across-wave (a cse across a concurrent region's captures).
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-sync --device=local-sync --function=main \
// RUN:   --expected_output=4xi32=7,7,0,0 --expected_output=4xi32=0,0,0,0 \
// RUN:   --expected_output=4xi32=7,7,3,4 --expected_output=4xi32=1,2,3,4

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @make workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @f workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @make(%out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    func.func @f(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %t = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %t, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
  }
}
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c7_i32 = arith.constant 7 : i32
  // (1) Two transfers of one value: the fill writes %t1 in place, @f reads %t2 (must read 0s).
  %z = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %t1 = stream.async.transfer %z : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %t2 = stream.async.transfer %z : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %w1 = stream.async.fill on(#hal.device.affinity<@d1>) %c7_i32, %t1[%c0 to %c8 for %c8] : i32 -> %t1 as !stream.resource<*>{%c16}
  %r1 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@f(%t2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  // (2) A dispatch filled in place and read after: copy-on-write gives the fill a clone (@f must read 1 2 3 4).
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make() : () -> !stream.resource<*>{%c16}
  %w2 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %a[%c0 to %c8 for %c8] : i32 -> %a as !stream.resource<*>{%c16}
  %r2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %x0 = stream.async.transfer %w1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
  %x1 = stream.async.transfer %r1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
  %x2 = stream.async.transfer %w2 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %x3 = stream.async.transfer %r2 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %y0 = stream.tensor.export on(#hal.device.affinity<@d1>) %x0 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %y1 = stream.tensor.export on(#hal.device.affinity<@d1>) %x1 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %y2 = stream.tensor.export on(#hal.device.affinity<@d0>) %x2 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %y3 = stream.tensor.export on(#hal.device.affinity<@d0>) %x3 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %y0, %y1, %y2, %y3 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
}

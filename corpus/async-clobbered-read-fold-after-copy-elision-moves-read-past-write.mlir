// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-1f411d36b5b0
// also-known-as: wave-race-e9d1c4517d62, async-clobbered-read-318aaf942384
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz check and run (L1 campaigns, seeds 7 and 23, and a campaign with
//   constants); made one runtime witness by hand (2026-12-04)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-fold-after-copy-elision-moves-read-past-write.mlir
// pass: canonicalize
// releases: has the bug 3.12-3.13; cannot express 3.1-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: a round trip @d1 -> @d0 -> @d1 of a value by flow.tensor.transfer,
//   then an in-place insert_slice of a constant into the value, the round trip's result read after (the round
//   trip folds before copy-on-write, which clones: right numbers, no clobbered read in the async IR).
// triage: compiler bug, wrong data: the canonicalize right after the first ElideAsyncCopies (Transforms/
//   Passes.cpp) turns a read of a copy into a read of the copy's origin placed after an in-place write of the
//   origin. Copy-on-write makes every in-place write the last use of what it writes; copy elision then
//   rightly drops clones that are no longer needed, and two folds of IR/StreamOpFolders.cpp, neither of
//   which checks for a tied write of the origin between the read's old and new position, move reads of the
//   origin past its write. Witness A: IntermediateTransferElision collapses the transfers of %t (%k2 -> %b ->
//   the exports) into transfers of %x placed after @write updated %x in place: %b and %b2 return 2 2 2 2
//   where 1 1 1 1 is right. Witness B: AsyncTransferOp::fold folds transfer(transfer(%c, d1 -> d0), d0 -> d1)
//   to %c (copy elision dropped the copy-on-write clone of %c for the fill and the clone %k): @read returns
//   1 2 7 7 where 1 2 3 4 is right. With util.optimization_barrier on %t and on %ct (same meaning; the
//   folds cannot look through it) 3.13 returns the right numbers (the one on %t alone repairs %b and %b2).
//   The fix is a guard in each fold (or no value-semantic transfer folds between copy-on-write and
//   allocation). Correct: every copy returns the bytes its source held when it was taken.
//   (Until 2026-12-04 this entry also held a witness that reads bytes [8,16) of a value after an in-place
//   write of [0,8): correct code, a false alarm of the per-value clobber check; its wave race is
//   wave-race-tied-chain-not-compared's, signature wave-race-fa94f69d410a, listed there.)
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-task --device=local-task --function=main \
// RUN:   --expected_output=4xi32=1,1,1,1 --expected_output=4xi32=1,1,1,1 \
// RUN:   --expected_output=4xi32=1,2,7,7 --expected_output=4xi32=1,2,3,4

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @read workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @write workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    // out = in
    func.func @read(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %x = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %x, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // inout += 1, in place
    func.func @write(%inout: !stream.binding) {
      %c0 = arith.constant 0 : index
      %b = stream.binding.subspan %inout[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
      %x = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>> -> tensor<4xi32>
      %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%x : tensor<4xi32>) {
      ^bb0(%a: i32):
        %c1_i32 = arith.constant 1 : i32
        %s = arith.addi %a, %c1_i32 : i32
        linalg.yield %s : i32
      } -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %y, %b, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
      return
    }
  }
}
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %c16 = arith.constant 16 : index
  %c7_i32 = arith.constant 7 : i32
  %c8 = arith.constant 8 : index
  // Witness A (IntermediateTransferElision): %x = 1 1 1 1 on @d1; %t is a copy of it on @d0 (the clone %k
  // hides the transfer chain from the canonicalize before copy-on-write), then @write updates %x in place to
  // 2 2 2 2. %b (on @d1) and %b2 (back on @d0) are copies of %k: 1 1 1 1.
  // %x = 1 1 1 1 on @d1; %t is a copy of it on @d0 (the clone %k hides the transfer chain from the
  // canonicalize before copy-on-write), then @write updates %x in place to 2 2 2 2. %b and %b2 are copies of
  // %k: 1 1 1 1.
  %v0 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %x = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@write(%v0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %v0{%c16}
  %t = stream.async.transfer on(#hal.device.affinity<@d0>) %x : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %k = stream.async.clone on(#hal.device.affinity<@d0>) %t : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
  %k2 = stream.async.transfer on(#hal.device.affinity<@d0>) %k : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %w = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@write(%x[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %x{%c16}
  %b = stream.async.transfer on(#hal.device.affinity<@d1>) %k2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %b2 = stream.async.transfer %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  util.optimization_barrier %w : !stream.resource<*>
  %be = stream.async.transfer on(#hal.device.affinity<@d0>) %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %b2e = stream.async.transfer %b2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %bv = stream.tensor.export on(#hal.device.affinity<@d0>) %be : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %b2v = stream.tensor.export on(#hal.device.affinity<@d0>) %b2e : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  // Witness B (AsyncTransferOp::fold): %r is a round trip d1 -> d0 -> d1 of the constant %c (1 2 3 4),
  // taken before the fill writes %c in place (1 2 7 7); @read copies %r on @d1: 1 2 3 4.
  %c = stream.async.constant on(#hal.device.affinity<@d1>) : !stream.resource<*>{%c16} = dense<[1, 2, 3, 4]> : tensor<4xi32>
  %ct = stream.async.transfer %c : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %f = stream.async.fill on(#hal.device.affinity<@d1>) %c7_i32, %c[%c8 to %c16 for %c8] : i32 -> %c as !stream.resource<*>{%c16}
  %ck = stream.async.clone on(#hal.device.affinity<@d0>) %ct : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
  %r = stream.async.transfer %ck : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %u = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@read(%r[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %fe = stream.async.transfer %f : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %ue = stream.async.transfer %u : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %fv = stream.tensor.export on(#hal.device.affinity<@d0>) %fe : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %uv = stream.tensor.export on(#hal.device.affinity<@d0>) %ue : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %bv, %b2v, %fv, %uv : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
}

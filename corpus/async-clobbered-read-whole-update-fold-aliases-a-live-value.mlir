// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-9dbfc252d4bf
// also-known-as: async-clobbered-read-66d34de06fdc, wave-race-119826da4296, wave-race-8b98e41c0f83, wave-race-8cfe786bdb0e, wave-race-b81f59a9c86c, wave-race-d5ae403900b5, wave-race-ee2b4ad57b22
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz run (L1 campaigns, seeds 23, 31 and 37: nine findings)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-whole-update-fold-aliases-a-live-value.mlir
// pass: canonicalize, iree-stream-refine-usage (AsyncUpdateOp::fold)
// releases: has the bug 3.4-3.13; cannot express 3.1-3.3 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: a whole tensor.insert_slice of a computed value into an argument, an
//   in-place insert_slice into its result, the value read after by a transfer (the whole insert folds at the
//   tensor level; copy-on-write clones: right numbers, no clobbered read).
// triage: compiler bug, wrong data (IR/StreamOpFolders.cpp AsyncUpdateOp::fold): an update that overwrites
//   the whole of its target folds to its update value even when that value is still read afterwards, so the
//   next in-place writer of the result overwrites the update value itself and no later pass re-inserts a
//   copy. The fold is guarded (hasValueSemantics() on the target, the two types equal), so before copy-on-
//   write it does not fire here; two passes after copy-on-write let it fire. Witness 1 (results 0, 1): the
//   canonicalize right after MaterializeCopyOnWrite. Inside the loop %u1 overwrites the whole iter_arg with
//   %a1; copy-on-write clones the iter_arg for the tied update, the clone has value semantics, the update
//   folds to %a1 and scf.for to %a1; the fill %f1, tied on the loop result, then writes %a1 while @f still
//   reads it: @f returns 7 7 9 9 where it must copy 5 5 0 0 (result[1] FAILED). The second tied fill %g1
//   (the blind spot of wave-race-tied-chain-not-compared) also puts %g1 and @f in one stream.cmd.concurrent;
//   on local-task it reads the fills' bytes either way. Witnesses 2 and 3 (results 2-5): iree-stream-
//   refine-usage. The update value is typed * and the target external, so the fold waits; copy-on-write
//   sees the fill (or the in-place dispatch) as the only writer of the update: no clone. RefineUsage
//   retypes %a2 (%a3) to external (applyResultTransition) and its greedy rewrite (folding on by default)
//   folds the update away; %r2 and %r3, which must hold @make's and @make2's bytes, come back 7 2 3 4 and
//   5 6 (results 3, 5 FAILED), and the writers' own results come back 0 0 0 0 and 0 0 (results 2, 4: the
//   execute then yields two results aliasing one buffer). Related: PR #17135 added the target-side guard.
//   The campaign's findings were all this fold (same change at the same pass in each one's IR dumps); their
//   wave/race signatures are aliases. Repaired: the same compiler runs this program right with each whole
//   update written as two half updates of slices of the update value (the same values; the whole-update
//   fold cannot fire), on every release 3.1-3.13 run. Correct: the fold refuses when the update value has
//   other uses (that fixes both ways in); the results in the RUN line.
// witnesses: 3, in one program (the file's former four splits; the second, witness 1 without %g, is
//   dropped: in isolation it fails alike (@f returns 7 7 0 0), but in one program with the others the
//   scheduler happens to run @f before the fill, so it showed nothing)
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-task --function=main \
// RUN:   --input=4xi32=0,0,0,0 \
// RUN:   --expected_output=4xi32=7,7,9,9 --expected_output=4xi32=5,5,0,0 \
// RUN:   --expected_output=4xi32=7,2,3,4 --expected_output=4xi32=1,2,3,4 \
// RUN:   --expected_output=2xi32=5,6 --expected_output=2xi32=1,2

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @f workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @make workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @init workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @make2 workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @inplace workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    // %out := %in (a copy)
    func.func @f(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %t = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %t, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // %out := [1, 2, 3, 4]
    func.func @make(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %cst = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // %out := [8, 8, 8, 8]
    func.func @init(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %cst = arith.constant dense<[8, 8, 8, 8]> : tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // %out := [1, 2]
    func.func @make2(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>
      %cst = arith.constant dense<[1, 2]> : tensor<2xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [2], strides = [1] : tensor<2xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32>>
      return
    }
    // %out := [5, 6] (in place)
    func.func @inplace(%out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2xi32>>
      %cst = arith.constant dense<[5, 6]> : tensor<2xi32>
      iree_tensor_ext.dispatch.tensor.store %cst, %o, offsets = [0], sizes = [2], strides = [1] : tensor<2xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<2xi32>>
      return
    }
  }
}
util.func public @main(%h: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %c9_i32 = arith.constant 9 : i32

  // Witness 1 (results 0, 1): the canonicalize after copy-on-write. Inside the loop %u1 overwrites the
  // whole iter_arg with %a1; copy-on-write clones the iter_arg, the update folds to %a1, the loop to %a1,
  // and the fills %f1, %g1 tied on the loop result write %a1 while @f still reads it.
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %a1 = stream.async.fill on(#hal.device.affinity<@d0>) %c5_i32, %v1[%c0 to %c8 for %c8] : i32 -> %v1 as !stream.resource<*>{%c16}
  %r1 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a1) -> (!stream.resource<*>) {
    %u1 = stream.async.update on(#hal.device.affinity<@d0>) %a1, %x[%c0 to %c16] : !stream.resource<*>{%c16} -> %x as !stream.resource<*>{%c16}
    scf.yield %u1 : !stream.resource<*>
  }
  %f1 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %r1[%c0 to %c8 for %c8] : i32 -> %r1 as !stream.resource<*>{%c16}
  %g1 = stream.async.fill on(#hal.device.affinity<@d0>) %c9_i32, %f1[%c8 to %c16 for %c8] : i32 -> %f1 as !stream.resource<*>{%c16}
  %d1 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@f(%a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}

  // Witness 2 (results 2, 3): iree-stream-refine-usage. %a2 is typed * and the target external, so the
  // fold waits; RefineUsage retypes %a2 to external (it is transferred to external) and folds %u2 to %a2:
  // the fill writes @make's bytes, which %r2 must return unchanged.
  %in = stream.tensor.import on(#hal.device.affinity<@d0>) %h : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%c16}
  %a2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make(%in[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<*>{%c16}
  %t2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@init(%in[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<external>{%c16}
  %u2 = stream.async.update on(#hal.device.affinity<@d0>) %a2, %t2[%c0 to %c16] : !stream.resource<*>{%c16} -> %t2 as !stream.resource<external>{%c16}
  %f2 = stream.async.fill on(#hal.device.affinity<@d0>) %c7_i32, %u2[%c0 to %c4 for %c4] : i32 -> %u2 as !stream.resource<external>{%c16}
  %r2 = stream.async.transfer %a2 : !stream.resource<*>{%c16} -> !stream.resource<external>{%c16}

  // Witness 3 (results 4, 5): the same with an in-place dispatch as the writer.
  %s3 = stream.async.slice on(#hal.device.affinity<@d0>) %in[%c0 to %c8] : !stream.resource<external>{%c16} -> !stream.resource<external>{%c8}
  %a3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make2(%in[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> !stream.resource<*>{%c8}
  %u3 = stream.async.update on(#hal.device.affinity<@d0>) %a3, %s3[%c0 to %c8] : !stream.resource<*>{%c8} -> %s3 as !stream.resource<external>{%c8}
  %w3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@inplace(%u3[%c0 to %c8 for %c8]) : (!stream.resource<external>{%c8}) -> %u3{%c8}
  %r3 = stream.async.transfer %a3 : !stream.resource<*>{%c8} -> !stream.resource<external>{%c8}

  %g1e = stream.async.transfer %g1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %d1e = stream.async.transfer %d1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %o0 = stream.tensor.export on(#hal.device.affinity<@d0>) %g1e : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %o1 = stream.tensor.export on(#hal.device.affinity<@d0>) %d1e : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %o2 = stream.tensor.export on(#hal.device.affinity<@d0>) %f2 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %o3 = stream.tensor.export on(#hal.device.affinity<@d0>) %r2 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %o4 = stream.tensor.export on(#hal.device.affinity<@d0>) %w3 : tensor<2xi32> in !stream.resource<external>{%c8} -> !hal.buffer_view
  %o5 = stream.tensor.export on(#hal.device.affinity<@d0>) %r3 : tensor<2xi32> in !stream.resource<external>{%c8} -> !hal.buffer_view
  util.return %o0, %o1, %o2, %o3, %o4, %o5 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
}

// The correct output: each reader of an update value (@f, %r2, %r3) returns that value's bytes, and each
// in-place writer's result has its own bytes (7 7 9 9, 7 2 3 4, 5 6).

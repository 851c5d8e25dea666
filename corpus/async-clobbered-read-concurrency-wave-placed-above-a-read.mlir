// stream-fuzz finding: violation: async/clobbered-read
// signature: async-clobbered-read-f7f3ad07cff0
// status: open
// severity: data
// found: 2026-12-01 by the clobber check at the end of the async stage (3000 L1 programs, seed 11: 3 of
//   them; the witness written by hand after them)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/async-clobbered-read-concurrency-wave-placed-above-a-read.mlir
// pass: iree-stream-schedule-concurrency
// releases: has the bug 3.4-3.13; cannot express 3.1-3.3 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — one device: a linalg.matmul reading %p, then a non-contiguous tensor.insert_slice
//   into %p (a tied dispatch) and an independent elementwise op; the wave of the two lands above the matmul
//   and the run returns wrong data (corpus/frontend/ of this name).
// triage: compiler bug, wrong data (ScheduleConcurrency, Stream/Transforms/ScheduleConcurrency.cpp
//   WavePartitionBuilder, then mlir::sortTopologically). In the execute, @read reads %p#0, then @write
//   overwrites %p#0 in place: legal, @write is its last use. The partitioner rightly keeps @read out of the
//   wave it forms of @write and @other (partitionRegionConcurrencyReference's tied-user check). But
//   WavePartitionBuilder inserts the stream.async.concurrent right after the last op that defines one of
//   its inputs (@produce, above @read), and the final sortTopologically ("safe because we are still
//   unaliased and SSA values imply ordering") has no edge from @read to the wave: the in-place write makes
//   them alias. The command buffer runs @write (in the wave) before @read, which copies @write's bytes:
//   the run returns 10 20 30 40 for %r where @produce wrote 1 2 3 4 (result[0] FAILED). Not the
//   partitionStreamableOpsReference defect of async-clobbered-read-partitioning-moves-a-read-past-an-in-
//   place-write: another pass and function (waves inside one execute, placed by insertion point).
//   Repaired: the same compiler with --iree-stream-partitioning-favor=debug (no waves are formed) runs this
//   file with all three results right. Correct: the wave goes after every reader of a value it writes in
//   place (or such a reader joins an earlier wave); the results in the RUN line.
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-task --function=main \
// RUN:   --expected_output=4xi32=1,2,3,4 \
// RUN:   --expected_output=4xi32=10,20,30,40 \
// RUN:   --expected_output=4xi32=10,20,30,40

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @produce workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @read workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @write workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @other workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    // %io (tied) := [1, 2, 3, 4]; %out := [10, 20, 30, 40]
    func.func @produce(%io: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %b = stream.binding.subspan %io[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %x = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
      %y = arith.constant dense<[10, 20, 30, 40]> : tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %x, %b, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
      iree_tensor_ext.dispatch.tensor.store %y, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
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
    // %io (tied) := %in
    func.func @write(%io: !stream.binding, %in: !stream.binding) {
      %c0 = arith.constant 0 : index
      %b = stream.binding.subspan %io[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %y = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %y, %b, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
      return
    }
    // %out := %in (a copy)
    func.func @other(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %t = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %t, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
  }
}
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %a = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %p:2 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@produce(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (%a{%c16}, !stream.resource<*>{%c16})
  %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%p#0[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %w = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@write(%p#0[%c0 to %c16 for %c16], %p#1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> %p#0{%c16}
  %z = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@other(%p#1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %re = stream.async.transfer %r : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %we = stream.async.transfer %w : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %ze = stream.async.transfer %z : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %rv = stream.tensor.export on(#hal.device.affinity<@d0>) %re : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %wv = stream.tensor.export on(#hal.device.affinity<@d0>) %we : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %zv = stream.tensor.export on(#hal.device.affinity<@d0>) %ze : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %rv, %wv, %zv : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
}

// The correct output: %r is @produce's 1 2 3 4 (read before @write overwrites %p#0 with @produce's second
// result), %w and %z are 10 20 30 40. On 3.13 %r comes back 10 20 30 40.

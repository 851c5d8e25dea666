// stream-fuzz finding: violation: async/clobbered-read, wave/race
// signature: async-clobbered-read-eb83af784328
// also-known-as: wave-race-2a686e9a0692
// status: open
// severity: data, race
// found: 2026-12-01 by stream-fuzz run (an L1 campaign, seed 53: 38 programs in 10 minutes, signed
//   wave-race-2a686e9a0692 before the clobber check read the IR after partitioning); made a runtime witness
//   by hand (2026-12-04)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes (by hand, from the campaign's 24-op program)
// reproduce: stream-fuzz replay corpus/async-clobbered-read-partitioning-moves-a-read-past-an-in-place-write.mlir
// pass: iree-stream-schedule-execution
// releases: has the bug 3.12-3.13; cannot express 3.1-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — a flow.tensor.transfer of %p to @d1, then a non-contiguous tensor.insert_slice
//   into %p (a dispatch tied to %p): ScheduleExecution moves the transfer into the @d1 partition after the
//   write; the run returns wrong data (corpus/frontend/ of this name).
// triage: compiler bug, wrong data (ScheduleExecution: Analysis/Partitioning/ReferencePartitioning.cpp
//   partitionStreamableOpsReference). In program order @read reads a value, then a fill overwrites it in
//   place: legal, the fill is the value's last use. The partitioner walks the block backwards and lets an op
//   join any partition that none of its results' users forbid; it only follows op.getUsers(), never the
//   later in-place writers of the op's operands. Witness 1: @read (whose result is only exported) joins the
//   last partition, with @write, while the fill sits in an earlier partition that the last one awaits:
//   %read returns 255 0 0 0 (what the fill wrote) where 0 0 0 0 is right; ScheduleConcurrency also puts
//   @read in one wave with @write, which writes the same bytes (a race; 256 1 1 1 on some releases).
//   Witness 2, across devices: the fill's result goes to @d1, so the fill stays in the first partition with
//   @inc, and @read, whose user waits for @d1's splat, lands in a later partition and reads the first
//   partition's pre-fill result after the fill: @sub returns 2 2 -6 -6 where -6 -6 -6 -6 is right.
//   partitionRegionConcurrencyReference has exactly the missing check ("Testing tied user", PR #14893 for
//   #14889); partitionStreamableOpsReference has none. With util.optimization_barrier on both @read results
//   (same meaning; the host then awaits @read's partition before it issues the fill's) 3.12 and 3.13 return
//   the right numbers. 3.11 has it too: an L1 campaign on 3.11 (2026-12-04) met this signature with a host
//   stream.async.store as the in-place writer (a transfer of the staging value, whose result only an
//   optimization barrier uses, lands in a later @d1 partition issued after the store; replay on 3.11 and
//   3.13 gives this signature, first after iree-stream-schedule-execution). The witnesses here use 3.12's
//   stream.async.transfer on(...), so releases says cannot express 3.1-3.11 and a 3.11 campaign counts
//   that finding as new (without on(), 3.11's run aborts in hal.fence.await and 3.13 loses witness 2).
//   Correct: every reader of a value runs before the op that overwrites it in place.
//
// REQUIRES: iree-run-module
// RUN: iree-compile --compile-from=flow %s -o %t.vmfb
// RUN: iree-run-module --module=%t.vmfb --device=local-task --device=local-task --function=main \
// RUN:   --expected_output=4xi32=0,0,0,0 --expected_output=4xi32=255,0,0,0 \
// RUN:   --expected_output=4xi32=256,1,1,1 --expected_output=4xi32=-6,-6,-6,-6

util.global private @d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
util.global private @d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#hal.executable.target<"vmvx", "vmvx-bytecode-fb">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @sub workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @read workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @inc workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @write workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
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
    // out[i] = in[i] + 1
    func.func @inc(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %x = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x : tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%a: i32, %unused: i32):
        %c1_i32 = arith.constant 1 : i32
        %s = arith.addi %a, %c1_i32 : i32
        linalg.yield %s : i32
      } -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %y, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // out = in
    func.func @read(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %i = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %x = iree_tensor_ext.dispatch.tensor.load %i, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %x, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
    // out[i] = a[i] - b[i]
    func.func @sub(%a: !stream.binding, %b: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %ab = stream.binding.subspan %a[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %bb = stream.binding.subspan %b[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
      %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      %x = iree_tensor_ext.dispatch.tensor.load %ab, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      %y = iree_tensor_ext.dispatch.tensor.load %bb, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>> -> tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %z = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]} ins(%x, %y : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%p: i32, %q: i32, %unused: i32):
        %s = arith.subi %p, %q : i32
        linalg.yield %s : i32
      } -> tensor<4xi32>
      iree_tensor_ext.dispatch.tensor.store %z, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
      return
    }
  }
}
util.func public @main() -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c0_i32 = arith.constant 0 : i32
  %c7_i32 = arith.constant 7 : i32
  %c9_i32 = arith.constant 9 : i32
  %c255_i32 = arith.constant 255 : i32
  // Witness 1: @read copies %t (0 0 0 0), then the fill writes %t in place (255 0 0 0: %copy), then @write
  // adds 1 to it in place (256 1 1 1: %written).
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %t = stream.async.transfer %s : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %read = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%t[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %filled = stream.async.fill on(#hal.device.affinity<@d0>) %c255_i32, %t[%c0 to %c4 for %c4] : i32 -> %t as !stream.resource<*>{%c16}
  %copy = stream.async.transfer %filled : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %written = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@write(%filled[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> %filled{%c16}
  // Witness 2, across devices: @read copies %p (1 1 1 1), then the fill writes %p in place and goes to @d1;
  // @sub subtracts @d1's 7s from @read's copy: -6 -6 -6 -6.
  %a = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %p = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@inc(%a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %r = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%p[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %f = stream.async.fill on(#hal.device.affinity<@d0>) %c9_i32, %p[%c0 to %c8 for %c8] : i32 -> %p as !stream.resource<*>{%c16}
  %ft = stream.async.transfer on(#hal.device.affinity<@d1>) %f : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
  %b = stream.async.splat on(#hal.device.affinity<@d1>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
  %bt = stream.async.transfer on(#hal.device.affinity<@d0>) %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
  %u = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@sub(%r[%c0 to %c16 for %c16], %bt[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %ft : !stream.resource<*>
  // Results, exported on @d0: %read, %copy, %written, %u.
  %re = stream.async.transfer %read : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %we = stream.async.transfer %written : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %ue = stream.async.transfer %u : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %rv = stream.tensor.export on(#hal.device.affinity<@d0>) %re : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %cv = stream.tensor.export on(#hal.device.affinity<@d0>) %copy : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %wv = stream.tensor.export on(#hal.device.affinity<@d0>) %we : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %uv = stream.tensor.export on(#hal.device.affinity<@d0>) %ue : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %rv, %cv, %wv, %uv : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
}

// stream-fuzz finding: violation: placement/write
// signature: placement-write-56712fe68544
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// reproduce: stream-fuzz replay corpus/placement-write-56712fe68544.mlir
// triage: same root cause as placement-write-3e096382b6ee (export-pinned push result omits its writer),
//   here with an optimal<[...]> transfer target.
// what was found:
//   [placement/write] %result_0 is written by an execute on @d3 but its storage %result_0 (alloca) is placed on #hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d6>]>
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.global private @d4 : !hal.device
  util.global private @d5 : !hal.device
  util.global private @d6 : !hal.device
  util.global private @d7 : !hal.device
  util.func public @main() -> (!hal.buffer_view) {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %v4, %v5, %v6, %t1 = stream.async.execute on(#hal.device.affinity<@d3>) with() -> (!stream.resource<external>{%c16}, !stream.resource<external>{%c16}, !stream.resource<external>{%c16}) {
      %v1 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      %v2 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      %v3 = stream.async.transfer %v1 : !stream.resource<external>{%c16} -> to(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d6>]>) !stream.resource<external>{%c16}
      stream.yield %v1, %v2, %v3 : !stream.resource<external>{%c16}, !stream.resource<external>{%c16}, !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v6_ready = stream.timepoint.await %t1 => %v6 : !stream.resource<external>{%c16}
    %out0 = stream.tensor.export on(#hal.device.affinity<@d0>) %v6_ready : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    %v4_ready = stream.timepoint.await %t1 => %v4 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v4_ready : !stream.resource<external>
    %v5_ready = stream.timepoint.await %t1 => %v5 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v5_ready : !stream.resource<external>
    util.return %out0 : !hal.buffer_view
  }
}

// The correct output:
// CHECK: util.func
// CHECK-DAG: {{stream.resource.alloca .*on\([^)]*(@d0[>,][^)]*@d3[>,][^)]*@d6[>,]|@d0[>,][^)]*@d6[>,][^)]*@d3[>,]|@d3[>,][^)]*@d0[>,][^)]*@d6[>,]|@d3[>,][^)]*@d6[>,][^)]*@d0[>,]|@d6[>,][^)]*@d0[>,][^)]*@d3[>,]|@d6[>,][^)]*@d3[>,][^)]*@d0[>,])[^)]*\)}}

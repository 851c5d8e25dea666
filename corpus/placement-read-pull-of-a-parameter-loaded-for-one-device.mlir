// stream-fuzz finding: violation: placement/read
// signature: placement-read-cb8802162b64
// status: open
// severity: placement
// found: 2026-12-02 seed=102 worker=0, and again with seed=103 (shrunk by hand to this program)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// symptom: parameter-pull
// reproduce: stream-fuzz replay corpus/placement-read-pull-of-a-parameter-loaded-for-one-device.mlir
// pass: iree-stream-schedule-allocation
// releases: has the bug 3.12-3.13; cannot express 3.1-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: a #flow.parameter.named global with stream.affinity @d1, loaded in
//   @main and moved to @d0 by flow.tensor.transfer (iree-compile loads it on optimal<[@d0, @d1]>, the
//   consumers' join: right).
// triage: compiler bug, placement (ScheduleAllocation.cpp, convertAsyncParameterLoadOp). A parameter loaded
//   on @d1 is pulled by a transfer the program runs on @d0 (on(@d0) from(@d1)): the execute on @d0 invalidates
//   from @d1 and copies out of the parameter's buffer, so that buffer must be usable from @d0 too, as IREE's
//   e2e test transfer_execution_placement.mlir requires of a pulled source ("needs to be accessible from both
//   devices"); a pulled splat in the same position gets an alloca on optimal<[@d0, @d1]>. The conversion to
//   stream.cmd.parameter.load copies the async op's own affinity and nothing widens it for its consumers,
//   so the load allocates on @d1 alone and @d0 reads another device's memory. (Before the generator named
//   from() on transfers of parameters, the same load was also reached through a transfer with no source
//   affinity, which the partitioner may put anywhere: that part was the generator's.) Correct: the load
//   placed for both devices, as the CHECK line says.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() {
  %c64 = arith.constant 64 : index
  %c0_i64 = arith.constant 0 : i64
  %scope = util.buffer.constant : !util.buffer = "model"
  %key = util.buffer.constant : !util.buffer = "w"
  %w, %loaded = stream.async.parameter.load on(#hal.device.affinity<@d1>) %scope::%key[%c0_i64] : !stream.resource<constant>{%c64} => !stream.timepoint
  %ready = stream.timepoint.await %loaded => %w : !stream.resource<constant>{%c64}
  %pulled = stream.async.transfer on(#hal.device.affinity<@d0>) %ready : !stream.resource<constant>{%c64} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c64}
  util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %pulled : !stream.resource<*>
  util.return
}

// The correct output places the storage the parameter lands in for both devices: the first load or
// allocation of the function is on a set holding @d0 and @d1, none on one device before it (a load placed
// so, or an allocation placed so that a stream.cmd.parameter.read fills); buggy: the load on @d1 alone.
// CHECK-LABEL: util.func public @main(
// CHECK-NOT: {{(stream.cmd.parameter.load|stream.resource.alloca) .*on\(#hal.device.affinity<}}
// CHECK: {{(stream.cmd.parameter.load|stream.resource.alloca) .*on\([^)]*(@d0[>,][^)]*@d1[>,]|@d1[>,][^)]*@d0[>,])[^)]*\)}}
// CHECK: stream.cmd.execute on(#hal.device.affinity<@d0>)

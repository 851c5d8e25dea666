// stream-fuzz finding: violation: placement/write
// signature: placement-write-4f705398dd2e
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// reproduce: stream-fuzz replay corpus/placement-write-4f705398dd2e.mlir
// triage: a transfer result read by a later transfer to an optimal affinity is allocated on promise<@d0>
//   only, dropping its writer @d3; with affinity<> instead of promise<> the alloca gets no affinity at all.
//   Probably the DeviceOptimalAttr::joinOR defect behind bad-output-c58d43c80b91.
// what was found:
//   [placement/write] %result_0 is written by an execute on @d3 but its storage %result_0 (alloca) is placed on #hal.device.promise<@d0>
// note: no CHECK line distinguishes the faulty output; replay relies on the oracle
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

// Found by generators (L2 campaign, shrunk by Hypothesis and by hand). iree-base-compiler 3.13.0,
// builtin.module(iree-stream-schedule-allocation). Compiles; the oracle reports:
// rule: placement/write
//   %result_0 is written by an execute on @d3 but its storage %result_0 (alloca) is placed on
//   #hal.device.promise<@d0>
// %v7 is pushed from @d3 to promise<@d0> and read on @d0 by a transfer to optimal<[@d2, @d3]>.
// Its alloca should be optimal<[@d0, @d2, @d3]> (what it gets when every affinity is a promise),
// but joining the usage set with the transfer's promise<@d0> keeps only promise<@d0>: the writer
// @d3 is dropped. With to(#hal.device.affinity<@d0>) instead, the alloca gets no affinity at all
// (`stream.resource.alloca uninitialized : ...`). Likely the same DeviceOptimalAttr::joinOR
// defect as the nested-optimal bug (docs/placement-semantics.md, Bug 1), with another symptom.
module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %v6, %v7, %t1 = stream.async.execute on(#hal.device.affinity<@d3>) with() -> (!stream.resource<external>{%c16}, !stream.resource<transient>{%c16}) {
      %v2 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      %v5 = stream.async.transfer %v2 : !stream.resource<external>{%c16} -> to(#hal.device.promise<@d0>) !stream.resource<transient>{%c16}
      stream.yield %v2, %v5 : !stream.resource<external>{%c16}, !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %v10, %t2 = stream.async.execute on(#hal.device.affinity<@d0>) await(%t1) => with(%v7 as %v9: !stream.resource<transient>{%c16}) -> (!stream.resource<transient>{%c16}) {
      %v8 = stream.async.transfer %v9 : !stream.resource<transient>{%c16} -> to(#hal.device.optimal<[#hal.device.affinity<@d2>, #hal.device.affinity<@d3>]>) !stream.resource<transient>{%c16}
      stream.yield %v8 : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    util.return
  }
}

// The correct output:
// CHECK: util.func

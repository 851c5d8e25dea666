// stream-fuzz finding: invalid-program
// signature: invalid-program-e4c604d24291
// also-known-as: invalid-program-b75c91d42390
// status: open
// found: 2026-11-30 by the generators (L1 stats run, minimized by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-partition-cycle-through-scf-for-init.mlir
// pass: iree-stream-schedule-execution
// failure: circular dependency: input operation uses partition output | does not dominate this use
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — per this entry's triage (L3, 2026-12-03, alias invalid-program-b75c91d42390): absf
//   of an argument is the init of a two-trip scf.for and, with its result, an operand of the addf returned;
//   not re-run here.
// triage: compiler bug (ScheduleExecution, ReferencePartitioning.cpp partitionStreamableOpsReference): %v1 is
//   read by the dispatch %v5 and is the init of the scf.for whose result %v5 also reads. `candidates |=
//   consumers` re-admits %v5's partition, canAddOpToPartition accepts a hazard whose ordinal equals the
//   candidate's, and the loop init is not recorded as a nested-region hazard (only uses inside the loop body
//   are, getEffectiveUserInfo): %v1 joins %v5's partition, an output of it the loop consumes while the
//   partition consumes the loop: "circular dependency". Not the clone branch: a non-cloneable producer fails
//   the same way (that branch is invalid-program-cloned-op-joins-a-dependent-partition). 3.1-3.7 compile
//   it; 3.10-3.13 fail (3.8-3.9 fail in ScheduleExecution with a dominance error instead). Compiles if the loop runs once or writes %v2 in place.
//   L3 reaches it from a frontend program on one device (2026-12-03, alias invalid-program-b75c91d42390):
//   %a = absf %x is the init of a two-trip scf.for and, with its result, an operand of the addf returned.
//   Witness 2 (2026-12-04, the generators' first L1 programs with arith.select of two resources, ~2% of
//   them; the same signature): the non-streamable user is an arith.select instead of the loop. %a feeds the
//   dispatch %d directly and through %s = select(%a, %b), which %d also reads. Walking backwards, the select
//   gets hazard {P(%d)}, %a gets hazards {P(%d)} from it and consumers {P(%d)}, `candidates |= consumers`
//   re-admits P(%d) and canAddOpToPartition accepts the equal ordinal: %a joins %d's partition, whose output
//   the select needs before %d: "circular dependency" on 3.10-3.13; 3.1-3.9 build the same partition and
//   fail with "operand #0 does not dominate this use" (the cycle check came later). One fix (a hazard reached
//   through a non-streamable user must keep the op out of that partition even when it also consumes it
//   directly) closes both shapes. Compiles if %a passes through util.optimization_barrier on either path.
//   All 20 such draws of a 500-program L1 stats run (seed 1; splat, dispatch and
//   transfer producers) hash to this signature and compile once each resource select is replaced by its
//   first choice.
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

util.global private @d0 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v4 = scf.for %i = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
    %v3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry1(%v2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    scf.yield %v3 : !stream.resource<*>
  }
  %v5 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry2(%v4[%c0 to %c16 for %c16], %v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %v5 : !stream.resource<*>
  util.return
}

// -----

// Witness 2: %a reaches the dispatch directly and through an arith.select (not streamable).
util.global private @d0 : !hal.device
util.func public @main(%cond: i1) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c5_i32 = arith.constant 5 : i32
  %c7_i32 = arith.constant 7 : i32
  %z = stream.async.splat on(#hal.device.affinity<@d0>) %c5_i32 : i32 -> !stream.resource<*>{%c16}
  %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@make(%z[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %b = stream.async.splat on(#hal.device.affinity<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
  %s = arith.select %cond, %a, %b : !stream.resource<*>
  %d = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@read(%s[%c0 to %c16 for %c16], %a[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  util.optimization_barrier %d : !stream.resource<*>
  util.return
}

// The correct output: every witness compiles, without "circular dependency".
// CHECK-NOT: circular dependency
// CHECK-NOT: error:
// CHECK-COUNT-2: util.func public @
// CHECK-NOT: error:

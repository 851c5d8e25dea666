// stream-fuzz finding: violation: placement/read
// signature: placement-read-bb281ef42ca6
// also-known-as: placement-read-2f428b76129e
// status: open
// severity: placement
// found: 2026-12-05 by the property test (tests/properties, L2, the new execute_region shape: 8 devices,
//   placement-read-2f428b76129e), cut down by hand to two devices
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/placement-read-execute-region-hides-the-consumers-of-a-result.mlir
// symptom: execute-region-hides-consumers
// pass: iree-stream-schedule-allocation
// reachability: stream IR only — IREE's own pipelines do not put scf.execute_region around executes (the
//   frontend canonicalizer inlines a single-block one early, and the L1 pipeline too); the L2 generator
//   draws it (token execute_region) and steers around this bug (builder.read_elsewhere: no execute on
//   either end of a move between devices is wrapped).
// triage: compiler bug (placement), the shape of #19891 behind a region. The execute on @d0 makes %v2, the
//   execute on @d1 reads it (a transfer d0 -> d1 in its body), and both are wrapped in one scf.execute_region
//   that yields %v2 out. ScheduleAllocation allocates %v2 on @d0 alone, so @d1's copy reads memory that was
//   not allocated for it; without the region (the same two executes, straight-line) it is allocated on
//   #hal.device.optimal<[@d0, @d1]>, as PR #19872 (the #19891 fix) does. ScheduleAllocation.cpp
//   deriveResultAffinity joins what AffinityAnalysis::tryLookupResourceUsageAffinity gives with the
//   execution affinity, and that gives no consumer here: in Stream/Analysis/Affinity.cpp,
//   ValueConsumerAffinityPVS's use walk has an scf::YieldOp case for an scf.if, scf.while or scf.for parent
//   only; for any other parent (scf.execute_region) it reaches `assert(false && "unhandled scf yield
//   parent")` and returns TraversalResult::INCOMPLETE, so in a release build (no asserts) the consumer set
//   is given up and the result is placed where it is made (read at upstream HEAD 2026-08; an assert build
//   would abort instead: not run here). The reader alone in a region does it too: an L2 campaign (seed 1, 2026-12-05) met a
//   transient result of an unwrapped execute on @d5 allocated on @d5 alone, read by a wrapped execute on
//   @d1 (the same program with both regions removed has no placement violation); the symptom's mark
//   therefore covers a storage made, or touched, inside an scf.execute_region. Correct: the alloca placed
//   for every device that reads it, @d0 and @d1.
//   A third form (2026-12-05, seed 37's L2 campaign: 2 of 92 placement-read-bb281ef42ca6 findings in 1500
//   programs): a wrapped execute of the producer's own device that writes the storage in place (a tied
//   result): the consumer walk follows the tied result to the region's scf.yield and gives up (an untied
//   read there does not); unwrapped, no finding (tests/corpus/written_in_place_in_an_execute_region.mlir).
//   The generator's steer skips it now. The symptom leaves out a storage a public function returns or with
//   an optimal near (public-return's and joinOR's, which list this shape too): in that sample the three
//   findings with region marks left kept the finding with the regions removed.
//
// RUN: iree-opt --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %v2, %t1, %v5, %t2 = scf.execute_region -> (!stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint) {
      %v2, %t1 = stream.async.execute on(#hal.device.affinity<@d0>) with() -> (!stream.resource<external>{%c16}) {
        %v1 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
        stream.yield %v1 : !stream.resource<external>{%c16}
      } => !stream.timepoint
      %v5, %t2 = stream.async.execute on(#hal.device.affinity<@d1>) await(%t1) => with(%v2 as %v3: !stream.resource<external>{%c16}) -> (!stream.resource<external>{%c16}) {
        %v4 = stream.async.transfer %v3 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
        %v5 = stream.async.dispatch @ex::@entry1(%v4[%c0 to %c16 for %c16]) : (!stream.resource<external>{%c16}) -> (!stream.resource<external>{%c16})
        stream.yield %v5 : !stream.resource<external>{%c16}
      } => !stream.timepoint
      scf.yield %v2, %t1, %v5, %t2 : !stream.resource<external>, !stream.timepoint, !stream.resource<external>, !stream.timepoint
    }
    %v2_ready = stream.timepoint.await %t1 => %v2 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v2_ready : !stream.resource<external>
    %v5_ready = stream.timepoint.await %t2 => %v5 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v5_ready : !stream.resource<external>
    util.return
  }
}

// The correct output:
// CHECK: util.func
// CHECK-DAG: {{stream.resource.alloca .*on\([^)]*(@d0[>,][^)]*@d1[>,]|@d1[>,][^)]*@d0[>,])[^)]*\)}}

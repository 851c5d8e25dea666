// stream-fuzz finding: bad-output
// signature: bad-output-99d3d726a9af
// also-known-as: placement-write-39282a9db01f, placement-read-bb281ef42ca6, placement-write-f8bfb3005df4, placement-read-8261ce8e4a24, placement-read-b1cf74a610bd, placement-read-32137bb13fd2, placement-read-94892d6339c7, checker-verify-affinities-f62fff630199, checker-verify-affinities-c16a2669692b
// status: open
// severity: placement
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// symptom: optimal-join
// reproduce: stream-fuzz replay corpus/bad-output-optimal-joinor-nests-members.mlir
// pass: iree-stream-schedule-allocation
// same-fix-as: invalid-program-optimal-joinand-null-members (the same slip in DeviceOptimalAttr::joinAND, HALAttrs.cpp: each member joined with the whole other attribute, read in the source; a fix of that slip in both functions would close both entries: expected, not run)
// releases: has the bug 3.5-3.13; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: L3's scf.if program with an optimal<[@d0, @d2]> transfer, its result
//   also moved to @d1 (the --compile-to=stream output reads back; no nested optimal).
// triage: compiler bug (HALAttrs.cpp DeviceOptimalAttr::joinOR, used by ScheduleAllocation
//   deriveResultAffinity): joining an optimal with another affinity merges each existing member with the
//   *whole* other attribute (`it->second.joinOR(other)` instead of the member) and stores the result, itself
//   possibly an optimal, as a member. Three symptoms: (1) an alloca on optimal<[optimal<[@d0, @d1]>,
//   optimal<[@d0, @d1]>]> that DeviceOptimalAttr::verify rejects on re-parse ("can only select between HAL
//   affinity attrs"); (2) joinDeviceOptimalAttr returns null for a nested member and
//   AffinityAttr::joinOR(list) (StreamTypes.cpp) restarts from the next element, so devices are lost: witness
//   2's writer @d3 and witness 3's puller @d0 (witness 4: the writer again, mixing promise<> and affinity<>;
//   at L1 the same loss shows as placement-read-8261ce8e4a24) are missing from their allocations; (3) with
//   affinity<> instead of promise<> the alloca gets no affinity at all. Shown on 3.5-3.13 (3.1-3.4
//   cannot parse optimal; see releases). Correct: allocations on a flat optimal over every device that uses them.
//   Constants reach it too (2026-12-01, aliases placement-read-32137bb13fd2 and -94892d6339c7): ScheduleAllocation
//   extractConstantsWithLifetime places a `stream.async.constant` by the same deriveResultAffinity, so its
//   `stream.resource.alloc` loses the pulling devices exactly as a splat's alloca does (same programs with a
//   splat: same violations).
//   IREE's own iree-stream-verify-affinities sees symptom (3) (2026-12-04, aliases checker-verify-affinities-
//   f62fff630199 and -c16a2669692b): on the output of schedule-allocation alone it rejects the slab's
//   `stream.resource.pack` and `stream.resource.alloca` of an execute on @d3 whose results are pulled by
//   transfers to optimal<[affinity<@d1>, affinity<@d2>]>: no affinity assigned. Those two targets made
//   affinity<@d1>, the checker accepts the output (with promise<> members it still rejects).
//   Seed 34's campaign met it again (2026-12-04, kept apart as checker-verify-affinities-d560c1b06bc8 while
//   checker findings had no marks): an execute on promise<@d1> transfers an import to optimal<[affinity<@d0>,
//   affinity<@d1>]>; the alloca of its result gets no affinity. The affinities deriveResultAffinity joins
//   hold the execute's promise<@d1> beside that optimal: DeviceAffinityAttr::joinOR(promise<@d1>) makes
//   optimal<[affinity<@d1>, promise<@d1>]>, stored as a member, and the next join (joinDeviceOptimalAttr: no device for a nested
//   member) returns null. The execute on affinity<@d1> instead: a nested optimal (symptom 1); targets of
//   promise<> members: the same. The checker's complaint now carries the alloca's marks (optimal near, promise
//   beside affinity of @d1), so it shows this entry's symptom as c16a2669692b.
//   Witness 5 (2026-12-05, the 14-line program a helper reduced campaign finding checker-verify-affinities-
//   485d1207c06f to, rebuilt): an execute on promise<@d0> moves a splat twice to optimal<[affinity<@d1>,
//   affinity<@d0>]>. The joins are the seed-34 program's (the execute's promise<@d0> beside the optimal's
//   affinity<@d0>: a nested member, then null): moved once, the result's alloca alone gets no affinity (the
//   checker names it: c16a2669692b, marked); moved twice, both results join to null and ScheduleAllocation
//   puts them in one slab (reservations are grouped by joined affinity), whose `stream.resource.pack` and
//   alloca get no affinity on 3.6-3.13: verify-affinities rejects the pack (f62fff630199); 3.5 prints a
//   nested set on the slab instead (symptom 1). The pack's location fuses the two transfers'
//   (`loc(fused[...])`), which the checker marks were not matched by until 2026-12-05: the symptom was there
//   (optimal near, promise beside affinity of @d0) but unread, so campaigns kept this form apart as
//   485d1207c06f. The symptom needed no widening; a slab without affinity with no optimal near does not show it.
//   Seed 37's campaign met checker-verify-affinities-d560c1b06bc8 again (2026-12-05, 61 hits; kept apart:
//   'optimal-join is absent'): an execute on affinity<@d0> moves a splat to optimal<[promise<@d1>,
//   promise<@d0>]>. The splat's usage affinities hold that optimal (Affinity.cpp ValueConsumerAffinityPVS
//   unions a transfer's target into its source's consumers) beside affinity<@d0>: promise<@d0> joined with
//   affinity<@d0> nests, the next join is null, and both allocas get none. The checker names the splat's,
//   whose only optimal near was the `to(...)` of the flush into its copy, itself unplaced: that flush is
//   now read as near (marks.marks_of), so it shows this symptom and is c16a2669692b (test:
//   tests/oracles/test_checkers.py, with a mutant of the same shape and no optimal that is not absorbed).
//   A placement finding whose storage a public function returns no longer shows this symptom (2026-12-05):
//   there the consumer set is dropped whole before any join of the readers (public-return's entry).
// witnesses: 5, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | iree-opt --split-input-file | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @optimal_exec(%await: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %a, %ta = stream.async.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%await) => with() -> !stream.resource<transient>{%c16} {
    %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<transient>{%c16}
    %d = stream.async.dispatch @ex::@fa(%s[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    %x = stream.async.transfer %d : !stream.resource<transient>{%c16} -> to(#hal.device.affinity<@d2>) !stream.resource<transient>{%c16}
    stream.yield %x : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d2>) await(%ta) => with(%a as %aa: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@fb(%aa[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  %c, %tc = stream.async.execute on(#hal.device.optimal<[#hal.device.affinity<@d0>, #hal.device.affinity<@d1>]>) await(%tb) => with(%b as %bb: !stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16} {
    %y = stream.async.dispatch @ex::@fc(%bb[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> !stream.resource<transient>{%c16}
    stream.yield %y : !stream.resource<transient>{%c16}
  } => !stream.timepoint
  util.return %c, %tc : !stream.resource<transient>, !stream.timepoint
}

// CHECK-LABEL: util.func public @optimal_exec(

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.func public @read_by_optimal_transfer() {
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

// CHECK-LABEL: util.func public @read_by_optimal_transfer(
// CHECK-COUNT-1: stream.resource.alloca
// CHECK: stream.resource.alloca
// CHECK-SAME: on({{[^)]*@d3[>,][^)]*}})

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @pulled_to_optimal() {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %v2, %t1 = stream.async.execute on(#hal.device.affinity<@d1>) with() -> (!stream.resource<external>{%c16}) {
      %v1 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      stream.yield %v1 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v5, %t2 = stream.async.execute on(#hal.device.promise<@d0>) await(%t1) => with(%v2 as %v4: !stream.resource<external>{%c16}) -> (!stream.resource<external>{%c16}) {
      %v3 = stream.async.transfer on(#hal.device.promise<@d0>) %v4 : !stream.resource<external>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.optimal<[#hal.device.promise<@d0>, #hal.device.promise<@d1>]>) !stream.resource<external>{%c16}
      stream.yield %v3 : !stream.resource<external>{%c16}
    } => !stream.timepoint
    %v2_ready = stream.timepoint.await %t1 => %v2 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v2_ready : !stream.resource<external>
    %v5_ready = stream.timepoint.await %t2 => %v5 : !stream.resource<external>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5_ready : !stream.resource<external>
    util.return
  }
}

// CHECK-LABEL: util.func public @pulled_to_optimal(
// CHECK: stream.resource.alloca
// CHECK-SAME: on({{[^)]*(@d0[>,][^)]*@d1[>,]|@d1[>,][^)]*@d0[>,])[^)]*}})

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d4 : !hal.device
  util.func public @writer_lost_promise_mix() {
    %c0_i32 = arith.constant 0 : i32
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %v3, %v4, %t1 = stream.async.execute on(#hal.device.promise<@d2>) with() -> (!stream.resource<external>{%c16}, !stream.resource<transient>{%c16}) {
      %v1 = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      %v2 = stream.async.transfer %v1 : !stream.resource<external>{%c16} -> to(#hal.device.optimal<[#hal.device.affinity<@d4>, #hal.device.affinity<@d0>]>) !stream.resource<transient>{%c16}
      stream.yield %v1, %v2 : !stream.resource<external>{%c16}, !stream.resource<transient>{%c16}
    } => !stream.timepoint
    %v7, %t2 = stream.async.execute on(#hal.device.promise<@d0>) await(%t1) => with(%v4 as %v5: !stream.resource<transient>{%c16}) -> (%v4 as !stream.resource<transient>{%c16}) {
      %v6 = stream.async.fill %c0_i32, %v5[%c8 to %c16 for %c8] : i32 -> %v5 as !stream.resource<transient>{%c16}
      stream.yield %v6 : !stream.resource<transient>{%c16}
    } => !stream.timepoint
    util.return
  }
}

// CHECK-LABEL: util.func public @writer_lost_promise_mix(
// CHECK-DAG: {{stream.resource.alloca .*on\([^)]*(@d0[>,][^)]*@d2[>,][^)]*@d4[>,]|@d0[>,][^)]*@d4[>,][^)]*@d2[>,]|@d2[>,][^)]*@d0[>,][^)]*@d4[>,]|@d2[>,][^)]*@d4[>,][^)]*@d0[>,]|@d4[>,][^)]*@d0[>,][^)]*@d2[>,]|@d4[>,][^)]*@d2[>,][^)]*@d0[>,])[^)]*\)}}

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @slab_of_null_joins() {
    %c0_i32 = arith.constant 0 : i32
    %c16 = arith.constant 16 : index
    %r0, %r1, %t = stream.async.execute on(#hal.device.promise<@d0>) with() -> (!stream.resource<external>{%c16}, !stream.resource<external>{%c16}) {
      %s = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c16}
      %x0 = stream.async.transfer %s : !stream.resource<external>{%c16} -> to(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) !stream.resource<external>{%c16}
      %x1 = stream.async.transfer %s : !stream.resource<external>{%c16} -> to(#hal.device.optimal<[#hal.device.affinity<@d1>, #hal.device.affinity<@d0>]>) !stream.resource<external>{%c16}
      stream.yield %x0, %x1 : !stream.resource<external>{%c16}, !stream.resource<external>{%c16}
    } => !stream.timepoint
    util.return
  }
}

// CHECK-LABEL: util.func public @slab_of_null_joins(
// CHECK: stream.resource.pack on({{[^)]*(@d0[>,][^)]*@d1[>,]|@d1[>,][^)]*@d0[>,])[^)]*}})
// CHECK: stream.resource.alloca
// CHECK-SAME: on({{[^)]*(@d0[>,][^)]*@d1[>,]|@d1[>,][^)]*@d0[>,])[^)]*}})

// stream-fuzz finding: violation: placement/read
// signature: placement-read-c34d1f391477
// also-known-as: placement-write-833d624fcc0a, placement-read-bb281ef42ca6, placement-read-3bfd3769eba2, placement-read-8261ce8e4a24
// status: open
// severity: placement
// found: 2026-12-01 by the oracle on IREE's own Transforms/test/annotate_affinities.mlir (rewritten here)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-schedule-allocation)
// shrunk: yes
// symptom: public-return
// reproduce: stream-fuzz replay corpus/placement-read-public-return-drops-known-consumers.mlir
// pass: iree-stream-schedule-allocation
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: %a = x+x on @d0 returned from the public @main and moved by
//   flow.tensor.transfer to @d1 to be read there (the frontend reads it on @d1 only through that transfer, a
//   pull with an invalidate from @d0; stream-fuzz check on its stream IR: 0 violations; runs right).
// triage: compiler bug (the affinity analysis schedule-allocation uses: Analysis/Affinity.cpp
//   AffinityAnalysis::tryLookupResourceUsageAffinity): %a, made on @d0, is read on @d1 and also returned from
//   a public function. A public return makes the consumer set contain undef (the callers are unknown), and
//   the function then drops the *whole* consumer set (`!consumerPVS->isUndefContained()`), the known @d1
//   reader included; deriveResultAffinity falls back to the execute's @d0. So @d1 reads memory placed on @d0
//   alone. Known consumers should stay in the set. Return only %b and the alloca is optimal<[@d0, @d1]>.
//   Witness 2: the same with a tied in-place write on @d1. Releases: see above. The generator never
//   returns resources from public functions, so no campaign met it.
//   Alias placement-read-3bfd3769eba2 (2026-12-04, L1 seed 34, kept apart as placement-read-0f4c7b124ff6:
//   the shape the scf-for-init entry lists, without its loop-init symptom, with this one's): a while
//   result read on @d1 through a later loop's pull, placed on @d0, and reaching the public return through
//   scf results and a select. The same program with that value read by a barrier instead of returned has
//   no misplacement; its clobbered reads are async-clobbered-read-whole-update-fold-aliases-a-live-value's
//   (canonicalize after copy-on-write; alone, async-clobbered-read-9dbfc252d4bf). The program, cut down:
//   tests/corpus/public_return_with_whole_update_fold.mlir.
//   Told apart from joinOR's and the execute-region entry's (2026-12-05; all three list placement-read-
//   bb281ef42ca6): a storage a public function returns is this entry's even with an optimal or an
//   scf.execute_region near it. Of 92 findings of that shape in 1500 L2 programs (seed 37), 25 showed
//   joinOR's marks beside the return and were counted as joinOR's (listed first); returning nothing, 14
//   of the 15 saved lost the finding. So did a returned storage read in a region. Alias placement-read-
//   8261ce8e4a24 (the same day, 101 hits in a 120 s L2 campaign once those stopped counting as joinOR's):
//   a storage placed on its producers' flat optimal (the execute's device and a transfer's source),
//   missing the reader, because it is returned; returning nothing, it is placed for the reader too
//   (tests/corpus/returned_and_placed_on_its_producers.mlir).
// witnesses: 2, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-schedule-allocation)' %s | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @returned_and_read(%n: index) -> (!stream.resource<transient>, !stream.resource<transient>) {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %a, %ta = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d1>) await(%ta) => with(%a as %x: !stream.resource<transient>{%n}) -> !stream.resource<transient>{%n} {
    %y = stream.async.dispatch @ex::@g(%x[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> !stream.resource<transient>{%n}
    stream.yield %y : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %a_ready = stream.timepoint.await %tb => %a : !stream.resource<transient>{%n}
  %b_ready = stream.timepoint.await %tb => %b : !stream.resource<transient>{%n}
  util.return %a_ready, %b_ready : !stream.resource<transient>, !stream.resource<transient>
}

// CHECK-LABEL: util.func public @returned_and_read(
// CHECK-DAG: {{stream.resource.alloca .*on\([^)]*(@d0[>,][^)]*@d1[>,]|@d1[>,][^)]*@d0[>,])[^)]*\)}}

// -----

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @written_in_place_and_returned(%n: index) -> !stream.resource<transient> {
  %c0 = arith.constant 0 : index
  %c7_i32 = arith.constant 7 : i32
  %a, %ta = stream.async.execute on(#hal.device.affinity<@d0>) with() -> !stream.resource<transient>{%n} {
    %s = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%n}
    stream.yield %s : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %b, %tb = stream.async.execute on(#hal.device.affinity<@d1>) await(%ta) => with(%a as %x: !stream.resource<transient>{%n}) -> %a{%n} {
    %y = stream.async.dispatch @ex::@g(%x[%c0 to %n for %n]) : (!stream.resource<transient>{%n}) -> %x{%n}
    stream.yield %y : !stream.resource<transient>{%n}
  } => !stream.timepoint
  %b_ready = stream.timepoint.await %tb => %b : !stream.resource<transient>{%n}
  util.return %b_ready : !stream.resource<transient>
}

// CHECK-LABEL: util.func public @written_in_place_and_returned(
// CHECK-DAG: {{stream.resource.alloca .*on\([^)]*(@d0[>,][^)]*@d1[>,]|@d1[>,][^)]*@d0[>,])[^)]*\)}}

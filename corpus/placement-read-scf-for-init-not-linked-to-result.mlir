// stream-fuzz finding: violation: placement/read
// signature: placement-read-570f9355a63c
// also-known-as: placement-read-3bfd3769eba2, placement-export-1574fb24fda7, placement-read-63c553131eed, placement-read-b5315ffd3445
// status: open
// severity: placement
// found: 2026-11-30 by stream-fuzz check (an L1 campaign)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// symptom: loop-init
// reproduce: stream-fuzz replay corpus/placement-read-scf-for-init-not-linked-to-result.mlir
// pass: iree-stream-schedule-allocation
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — per this entry's triage (L3, 2026-12-03, alias placement-export-1574fb24fda7): an
//   argument moved to @d2 is the init of an scf.for whose result is declared on @d1; not re-run here.
// triage: compiler bug (the affinity analysis schedule-allocation uses: Analysis/Affinity.cpp
//   ValueConsumerAffinityPVS::updateFromUse, the scf::ForOp case): an scf.for init operand is linked only to
//   the loop's iter_arg, never to the loop result, although a loop that runs zero times forwards the init to
//   the result. So the value allocated before the loop gets no consumer after it: %v1 is allocated on @d2
//   alone and the @d1 execute after the loop reads it, while the loop body's allocation is optimal<[@d1,
//   @d2]>. Releases: see above (3.1-3.4 place everything on the executing device). Witness 2 is the
//   campaign's finding (a no-from() transfer after the loop, executed on @d1); witness 3 a pull on(@d2) of
//   the loop result (a 3.12 campaign finding, shrunk by hand). L3 reaches it (2026-12-03, alias
//   placement-export-1574fb24fda7): an argument moved to @d2 is the init of a func.func scf.for whose result
//   is declared on @d1; the init's allocation is @d2 alone and, on the zero-trip path, is exported on @d1.
//   Alias placement-read-63c553131eed (an L3 campaign on 3.11, 2026-12-04): a constant init of an scf.for
//   whose body moves it to @d2 and on to @d3, the result then moved to @d1; the init's allocation is @d2
//   alone and the @d3 execute of that transfer reads it. 3.12 and 3.13 give this entry's signature for the
//   same program; 3.11 adds a placement/write (the transfer pushes from @d3 into an @d1-only allocation),
//   which 3.12's PlaceTransferExecutions removed: fixed, no entry.
//   Alias placement-read-b5315ffd3445 (an L1 campaign on 3.13, 2026-12-04): a parameter loaded on
//   promise<@d0> is the init of an scf.for (0 to 4) whose result is updated in place on @d0 and pulled by
//   @d1; only the zero-trip edge takes the parameter to @d1, and with constant bounds that edge never runs,
//   so that program's output is right (the body's allocation is optimal<[@d0, @d1]>). With a dynamic trip
//   count it is wrong, and then needs this fix and placement-read-pull-of-a-parameter-loaded-for-one-device's
//   (convertAsyncParameterLoadOp consults no analysis, so a linked init alone would not widen the load).
// witnesses: 3, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @loop_result_read(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %c7_i32 = arith.constant 7 : i32
  %v1 = stream.async.splat on(#hal.device.affinity<@d2>) %c7_i32 : i32 -> !stream.resource<*>{%c64}
  %v4 = scf.for %i = %c0 to %n step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
    %v3 = stream.async.dispatch on(#hal.device.affinity<@d2>) @ex::@f(%v2[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
    scf.yield %v3 : !stream.resource<*>
  }

  %v6 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@g(%v4[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c64}
  util.optimization_barrier %v6 : !stream.resource<*>
  util.return
}

// CHECK-LABEL: util.func public @loop_result_read(
// CHECK: stream.resource.alloca
// CHECK-SAME: on({{[^)]*(@d1[>,][^)]*@d2[>,]|@d2[>,][^)]*@d1[>,])[^)]*}})

// -----

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @loop_result_pulled() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d2>) %c1234_i32 : i32 -> !stream.resource<*>{%c64}
    %v4 = scf.for %i4 = %c0 to %c3 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.update on(#hal.device.affinity<@d2>) %v1, %v2[%c0 to %c64] : !stream.resource<*>{%c64} -> %v2 as !stream.resource<*>{%c64}
      scf.yield %v3 : !stream.resource<*>
    }
    %v5 = stream.async.transfer %v4 : !stream.resource<*>{%c64} -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c64}
    %v6 = stream.async.slice on(#hal.device.affinity<@d1>) %v5[%c0 to %c16] : !stream.resource<*>{%c64} -> !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v6 : !stream.resource<*>
    util.return
  }
}

// CHECK-LABEL: util.func public @loop_result_pulled(
// CHECK: stream.resource.alloca
// CHECK-SAME: on({{[^)]*(@d1[>,][^)]*@d2[>,]|@d2[>,][^)]*@d1[>,])[^)]*}})

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d2 : !hal.device
  util.func public @loop_init_pulled(%n: index) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v4 = scf.for %i4 = %c0 to %n step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      scf.yield %v3 : !stream.resource<*>
    }
    %v6 = stream.async.transfer on(#hal.device.affinity<@d2>) %v4 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d2>) !stream.resource<*>{%c16}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v6 : !stream.resource<*>
    util.return
  }
}

// CHECK-LABEL: util.func public @loop_init_pulled(
// CHECK: stream.resource.alloca
// CHECK-SAME: on({{[^)]*(@d0[>,][^)]*@d2[>,]|@d2[>,][^)]*@d0[>,])[^)]*}})

// stream-fuzz finding: violation: placement/read
// signature: placement-read-570f9355a63c
// also-known-as: placement-read-3bfd3769eba2, placement-export-1574fb24fda7
// status: open
// severity: placement
// found: 2026-11-30 by stream-fuzz check (an L1 campaign; its program had constant bounds, see below)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// symptom: loop-init
// reproduce: stream-fuzz replay corpus/placement-read-scf-for-init-not-linked-to-result.mlir
// pass: iree-stream-schedule-allocation
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — checked by hand 2026-12-04: a func.func scf.for from 0 to an index read from a
//   tensor<i32> input, carrying an argument moved to @d2 and returning it on @d1 (--compile-to=stream): the
//   init's allocation is @d2 alone and the zero-trip path exports it on @d1. (The L3 campaign find first
//   cited here, alias placement-export-1574fb24fda7, was not kept; L3 draws constant trip counts, so it may
//   have been the oracle's false alarm below.)
// triage: compiler bug (the affinity analysis schedule-allocation uses: Analysis/Affinity.cpp
//   ValueConsumerAffinityPVS::updateFromUse, the scf::ForOp case): an scf.for init operand is linked only to
//   the loop's iter_arg, never to the loop result, although a loop that runs zero times forwards the init to
//   the result. So the value allocated before the loop gets no consumer after it: %v1 is allocated on @d2
//   alone and the @d1 execute after the loop reads it, while the loop body's allocation is optimal<[@d1,
//   @d2]>. Releases: see above (3.1-3.4 place everything on the executing device). Witness 2 is a pull
//   on(@d2) of the loop result (a 3.12 campaign finding, shrunk by hand). Both witnesses loop to %n, an
//   argument: only a trip count that may be zero makes the init reach the result. The campaign's own
//   program looped 0 to 3; it, and the aliases placement-read-63c553131eed and -b5315ffd3445 (constant
//   bounds too), were the oracle's false alarms (it joined init and body whatever the bounds; fixed
//   2026-12-04): they are corpus/placement-read-constant-trip-loop-never-hands-its-init-to-the-result.mlir
//   now, not-a-bug.
// witnesses: 2, one per split of the file (the first is the smallest)
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

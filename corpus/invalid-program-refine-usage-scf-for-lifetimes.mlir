// stream-fuzz finding: invalid-program
// signature: invalid-program-6c153246e728
// also-known-as: invalid-program-1774dd0f8dd3, invalid-program-9d5f0dc00a1a
// status: open
// found: 2026-11-30 by stream-fuzz check
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-refine-usage-scf-for-lifetimes.mlir
// pass: iree-stream-refine-usage
// failure: along control flow edge from parent | region iter_arg and 0-th
// releases: has the bug 3.1-3.13 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: frontend — an scf.for whose body moves the carried tensor to another device and back (alias
//   invalid-program-1774dd0f8dd3, the triage's L3 note); L3 runs on 2026-12-04 hit it in 6 of 155 (stream-
//   fuzz run, seed 909) and 15 of 250 programs (bench_l3.py, seed 7): iree-compile rejects the program.
// triage: compiler bug (RefineUsage.cpp ApplyScfForOp over ResourceUsage.cpp
//   ValueResourceUsage::updateFromUse): each scf.for init, iter_arg, yielded value and result gets the
//   lifetime the usage analysis reports for it, independently, and nothing inserts a transition at the loop
//   edges; the analysis deliberately stops external propagation at a device change (a transfer), so the sides
//   of a loop disagree (init transient, result external, or the reverse) and the verifier rejects the loop
//   ("along control flow edge ... successor operand type ... should match successor input type"). Witnesses 1
//   and 2 fail on 3.1-3.13; witness 3 (a same-device transfer without from(), counted as a device change) on
//   3.9-3.13. Steered around in generators/builder.py (search "refine_usage"). The multi-block cf merge
//   (alias invalid-program-d1601d35075e until 2026-12-04) is its own entry,
//   invalid-program-refine-usage-cf-branch-lifetimes: it goes through ApplyFuncOp's block arguments, not
//   ApplyScfForOp, and a fix of one pattern leaves the other.
//   L3 reaches it from a frontend program (2026-12-03, alias invalid-program-1774dd0f8dd3, 29 of 500
//   programs): a func.func scf.for whose body moves the carried tensor d0 -> d1, computes, moves it back,
//   with a computed init and the result returned; the same RefineUsage failure on its stream IR.
//   Before 3.11 the scf.for verifier words it otherwise ("0-th region iter_arg and 0-th yielded value have
//   different type"): a 3.5 L3 campaign (2026-12-05, seed 38) met it as invalid-program-9d5f0dc00a1a, after
//   iree-stream-refine-usage, on 3.5-3.10; the same program gives invalid-program-1774dd0f8dd3 on 3.11-3.13.
// witnesses: 3, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.global private @d2 : !hal.device
util.func public @loop(%n: index) -> !hal.buffer_view {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c1_i32 = arith.constant 1 : i32
  %s = stream.async.splat on(#hal.device.affinity<@d0>) %c1_i32 : i32 -> !stream.resource<*>{%c16}
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%v = %s) -> (!stream.resource<*>) {
    %a = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@fa(%v[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    %a1 = stream.async.transfer %a : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    %b = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@fb(%a1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
    %b0 = stream.async.transfer %b : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    scf.yield %b0 : !stream.resource<*>
  }
  %e = stream.async.transfer %r : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
  %v = stream.tensor.export on(#hal.device.affinity<@d0>) %e : tensor<4xf32> in !stream.resource<external>{%c16} -> !hal.buffer_view
  util.return %v : !hal.buffer_view
}

// -----

util.global private @d0 : !hal.device
util.global private @d1 : !hal.device
util.func public @main() -> !hal.buffer_view {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d1>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v2 = stream.async.dispatch on(#hal.device.affinity<@d1>) @ex::@e(%v1[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
  %v8 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d1>) -> to(#hal.device.affinity<@d1>) !stream.resource<external>{%c16}
  %out = stream.tensor.export on(#hal.device.affinity<@d1>) %v8 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
  %v5 = scf.for %i = %c0 to %c2 step %c1 iter_args(%v3 = %v2) -> (!stream.resource<*>) {
    %v0 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v4 = stream.async.transfer %v0 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d1>) !stream.resource<*>{%c16}
    scf.yield %v4 : !stream.resource<*>
  }
  util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v5 : !stream.resource<*>
  util.return %out : !hal.buffer_view
}

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main() -> (!hal.buffer_view) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %v3 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v4 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v5 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v6 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v7 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v8 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v9 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v10 = stream.async.transfer %v1 : !stream.resource<*>{%c16} -> to(#hal.device.affinity<@d0>) !stream.resource<*>{%c16}
    %v11 = stream.async.transfer %v2 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0>) -> to(#hal.device.affinity<@d0>) !stream.resource<external>{%c16}
    %out0 = stream.tensor.export on(#hal.device.affinity<@d0>) %v11 : tensor<16xi8> in !stream.resource<external>{%c16} -> !hal.buffer_view
    %v17, %v18 = scf.for %i17 = %c0 to %c1 step %c1 iter_args(%v12 = %v1, %v13 = %v2) -> (!stream.resource<*>, !stream.resource<*>) {
      %v16 = scf.for %i16 = %c0 to %c3 step %c1 iter_args(%v14 = %v10) -> (!stream.resource<*>) {
        %v15 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
        scf.yield %v15 : !stream.resource<*>
      }
      scf.yield %v16, %v16 : !stream.resource<*>, !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v4 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v6 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v7 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v8 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v9 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v10 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v17 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v18 : !stream.resource<*>
    util.return %out0 : !hal.buffer_view
  }
}

// The correct output: every witness compiles, without "should match successor input type".
// CHECK-NOT: should match successor input type
// CHECK-NOT: error:
// CHECK-COUNT-3: util.func public @
// CHECK-NOT: error:

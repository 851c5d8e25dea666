// stream-fuzz finding: invalid-program
// signature: invalid-program-90cc50dec50d
// status: open
// found: 2026-11-30 by the generators (L1 stats and campaign runs, minimized by hand)
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// reproduce: stream-fuzz replay corpus/invalid-program-elide-timepoints-fixed-point-oscillates.mlir
// pass: iree-stream-elide-timepoints
// failure: maximum iteration count exceeded in fixed point pipeline
// releases: has the bug 3.12-3.13; cannot express 3.1-3.11 (computed by stream-fuzz releases on 3.1-3.13)
// reachability: stream IR only — tried: an scf.for (dynamic trip count) moving the carried tensor @d0 -> @d1
//   -> @d0 whose result is unused, and the same with only a tensor.extract of the result (both loops are
//   removed as dead before stream: compile and run right).
// triage: compiler bug (ElideTimepoints.cpp tryFoldAwaitWithTimelineOps, inside the optimization pipeline's
//   iree-util-fixed-point-iterator): in a loop whose result is dead, each round ElideTimepoints adds
//   `stream.timepoint.join max(%x, %0)` before an execute in the body although %x already covers %0 (its
//   back-edge replacement is rejected, so the await stays) and reports a change; canonicalize folds the join
//   away; the iterator never converges: "maximum iteration count exceeded in fixed point pipeline".
//   Upstream's comment describes this oscillation but the guard covers only non-dominating timepoints. 3.2-3.9
//   compile witnesses 1-5 (3.1 too, but it segfaults on witnesses 3 and 4); 3.10 fails inside ElideTimepoints with a dominance error;
//   3.11-3.13 oscillate. The generator runs the dead nested loops it
//   would draw once (generators/avoid.py run_dead_nested_loops_once). Witnesses: the smallest first, then the
//   shapes the avoidance covers.
// witnesses: 6, one per split of the file (the first is the smallest)
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s -o /dev/null
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s 2>&1 | FileCheck %s

util.global private @d0 : !hal.device
util.func public @main(%cond: i1) {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  scf.if %cond {
    %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v5 = scf.for %i5 = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      %v4 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry1(%v1[%c0 to %c16 for %c16], %v3[%c0 to %c16 for %c16], %v2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16})
      scf.yield %v4 : !stream.resource<*>
    }
  }
  util.return
}

// -----

util.global private @d0 : !hal.device
util.func public @main(%cond: i1) {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  scf.if %cond {
    %v4 = scf.for %i4 = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v2[%c0 to %c8 for %c8] : i32 -> %v2 as !stream.resource<*>{%c16}
      scf.yield %v3 : !stream.resource<*>
    }
  }
  util.optimization_barrier %v1 : !stream.resource<*>
  util.return
}

// -----

util.global private @d0 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  scf.for %i = %c0 to %c2 step %c1 {
    %v4 = scf.for %j = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v2[%c0 to %c8 for %c8] : i32 -> %v2 as !stream.resource<*>{%c16}
      scf.yield %v3 : !stream.resource<*>
    }
  }
  util.optimization_barrier %v1 : !stream.resource<*>
  util.return
}

// -----

util.global private @d0 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  scf.for %i = %c0 to %c2 step %c1 {
    %v4 = scf.for %j = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.dispatch on(#hal.device.affinity<@d0>) @ex::@entry(%v2[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}
      %v5 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v3[%c0 to %c8 for %c8] : i32 -> %v3 as !stream.resource<*>{%c16}
      scf.yield %v5 : !stream.resource<*>
    }
  }
  util.optimization_barrier %v1 : !stream.resource<*>
  util.return
}

// -----

util.global private @d0 : !hal.device
util.func public @main() {
  %c0_i32 = arith.constant 0 : i32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %v1 = stream.async.splat on(#hal.device.affinity<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
  %v5 = scf.for %i = %c0 to %c2 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
    %v4 = scf.for %j = %c0 to %c2 step %c1 iter_args(%v3 = %v1) -> (!stream.resource<*>) {
      %v6 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v3[%c0 to %c8 for %c8] : i32 -> %v3 as !stream.resource<*>{%c16}
      scf.yield %v6 : !stream.resource<*>
    }
    scf.yield %v4 : !stream.resource<*>
  }
  %v7 = stream.async.fill on(#hal.device.affinity<@d0>) %c0_i32, %v5[%c0 to %c16 for %c16] : i32 -> %v5 as !stream.resource<*>{%c16}
  util.optimization_barrier %v7 : !stream.resource<*>
  util.return
}

// -----

module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.func public @main(%h0: !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c16 = arith.constant 16 : index
    %c128 = arith.constant 128 : index
    %v1 = stream.tensor.import on(#hal.device.promise<@d7>) %h0 : !hal.buffer_view -> tensor<128xi8> in !stream.resource<external>{%c128}
    %v2 = stream.async.transfer on(#hal.device.promise<@d7>) %v1 : !stream.resource<external>{%c128} -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
    %v3 = stream.async.transfer on(#hal.device.promise<@d4>) %v2 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d4>) !stream.resource<*>{%c128}
    %v5 = stream.async.transfer on(#hal.device.promise<@d0>) %v3 : !stream.resource<*>{%c128} from(#hal.device.promise<@d4>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
    %v6 = stream.async.dispatch on(#hal.device.promise<@d7>) @ex::@entry2(%v1[%c0 to %c128 for %c128]) : (!stream.resource<external>{%c128}) -> (!stream.resource<*>{%c16})
    %v22 = scf.for %i22 = %c0 to %c2 step %c1 iter_args(%v7 = %v6) -> (!stream.resource<*>) {
      %v20, %v21 = scf.for %i20 = %c0 to %c3 step %c1 iter_args(%v8 = %v5, %v9 = %v6) -> (!stream.resource<*>, !stream.resource<*>) {
        %v13 = stream.async.transfer on(#hal.device.promise<@d4>) %v8 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d4>) !stream.resource<*>{%c128}
        %v14 = stream.async.dispatch on(#hal.device.promise<@d7>) @ex::@entry3(%v9[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16})
        %v15 = stream.async.transfer on(#hal.device.promise<@d0>) %v13 : !stream.resource<*>{%c128} from(#hal.device.promise<@d4>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
        %v18, %v19 = scf.for %i18 = %c0 to %c1 step %c1 iter_args(%v16 = %v14, %v17 = %v9) -> (!stream.resource<*>, !stream.resource<*>) {
          scf.yield %v16, %v17 : !stream.resource<*>, !stream.resource<*>
        }
        scf.yield %v15, %v19 : !stream.resource<*>, !stream.resource<*>
      }
      scf.yield %v21 : !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v5 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d7>} %v22 : !stream.resource<*>
    util.return
  }
}

// The correct output: every witness compiles, without "maximum iteration count exceeded".
// CHECK-NOT: maximum iteration count exceeded
// CHECK-NOT: error:
// CHECK-COUNT-6: util.func public @
// CHECK-NOT: error:

// stream-fuzz finding: violation: placement/read
// signature: placement-read-b5315ffd3445
// status: not-a-bug
// severity: placement
// found: 2026-12-04 seed=1 worker=0 (witness 2, an L1 campaign on 3.13); witness 1 is the 2026-11-30 L1
//   campaign program first filed as placement-read-scf-for-init-not-linked-to-result's witness 2
// compiler: 3.13.0rc20261016 @ 89ece87b89852100c0a4ac3d515e14842d090967 (in-process)
// pipeline: builtin.module(iree-stream-transformation-pipeline)
// shrunk: yes
// releases: correct 3.5-3.13; cannot express 3.1-3.4 (computed by stream-fuzz releases on 3.1-3.13)
// reproduce: stream-fuzz replay corpus/placement-read-constant-trip-loop-never-hands-its-init-to-the-result.mlir
// pass: iree-stream-schedule-allocation
// reachability: frontend — an L3 campaign's tensor program, corpus/frontend/<this entry>: an scf.for from
//   0 to 3 whose body moves its value to @d2 and @d3, its result moved to @d1
// triage: not a bug (an oracle false alarm, fixed 2026-12-04): a loop with constant bounds (0 to 3, 0 to 4)
//   carries a value whose init is allocated for the body's device only, and a device after the loop reads
//   the loop's result. The pipeline lowers the loop to blocks whose header tests 0 < 3 on entry, so the
//   entry edge always goes into the body and the result is the body's last value, whose allocation
//   Affinity.cpp ValueConsumerAffinityPVS::updateFromUse links to the loop result through the scf::YieldOp
//   case (the yield operand gets the consumers of forOp->getResult): optimal<[@d1, @d2]> here, so the @d1
//   reader reads memory placed for it. Only a zero-trip run hands the init to the result, and the scf::ForOp
//   case's missing init-to-result link (the open entry placement-read-scf-for-init-not-linked-to-result)
//   matters only then. The oracle joined init and body at the loop header whatever the bounds and reported
//   the init's memory (@d2 alone) as read on @d1; it now follows only the edges that can reach each use
//   (oracles/paths.py). Witness 1 was that entry's witness 2 (signature placement-read-570f9355a63c then,
//   that entry's own); witness 2 is the campaign's program as found (a parameter loaded on promise<@d0> is
//   the init of a 0 to 4 loop; only the zero-trip edge would take it to the @d1 pull after the loop). The
//   same false alarm from a tensor program (alias placement-read-63c553131eed, an L3 campaign on 3.11) is
//   corpus/frontend/placement-read-constant-trip-loop-never-hands-its-init-to-the-result.mlir. Kept so the false alarm stays quiet: replay must say passes.
// witnesses: 2, one per split of the file
//
// RUN: iree-opt --split-input-file --pass-pipeline='builtin.module(iree-stream-transformation-pipeline)' %s | FileCheck %s

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

// The body's allocation, what the pull on @d1 after the loop reads, serves @d1 and @d2:
// CHECK-LABEL: util.func public @loop_result_pulled(
// CHECK: cf.cond_br
// CHECK: stream.resource.alloca
// CHECK-SAME: on({{[^)]*(@d1[>,][^)]*@d2[>,]|@d2[>,][^)]*@d1[>,])[^)]*}})

// -----

module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.global private @d4 : !hal.device
  util.func public @main() {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c7_i32 = arith.constant 7 : i32
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.promise<@d2, [0]>) %c1234_i32 : i32 -> !stream.resource<*>{%c32}
    %v2 = stream.async.barrier on(#hal.device.promise<@d2, [0]>) %v1 : !stream.resource<*>{%c32}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v2 : !stream.resource<*>
    %v3_scope = util.buffer.constant : !util.buffer = "model"
    %v3_key = util.buffer.constant : !util.buffer = "p1"
    %v3_offset = arith.constant 0 : i64
    %v3_param, %v3_loaded = stream.async.parameter.load on(#hal.device.promise<@d0>) %v3_scope::%v3_key[%v3_offset] : !stream.resource<constant>{%c16} => !stream.timepoint
    %v3_ready = stream.timepoint.await %v3_loaded => %v3_param : !stream.resource<constant>{%c16}
    %v3 = stream.async.transfer %v3_ready : !stream.resource<constant>{%c16} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c16}
    %v49 = scf.for %i49 = %c0 to %c4 step %c1 iter_args(%v4 = %v3) -> (!stream.resource<*>) {
      %v5 = stream.async.transfer on(#hal.device.promise<@d1, [0]>) %v3 : !stream.resource<*>{%c16} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d1, [0]>) !stream.resource<*>{%c16}
      %v6 = stream.async.transfer on(#hal.device.promise<@d0>) %v5 : !stream.resource<*>{%c16} from(#hal.device.promise<@d1, [0]>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c16}
      %v7 = stream.async.transfer on(#hal.device.promise<@d0>) %v5 : !stream.resource<*>{%c16} from(#hal.device.promise<@d1, [0]>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c16}
      %v8 = stream.async.dispatch on(#hal.device.promise<@d0>) @ex::@entry2(%v3[%c0 to %c16 for %c16], %v7[%c0 to %c16 for %c16], %v6[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16})
      %v9, %v10 = stream.async.dispatch on(#hal.device.promise<@d0>) @ex::@entry3(%v8[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c16}, !stream.resource<*>{%c32})
      %v11 = stream.async.transfer on(#hal.device.promise<@d0>) %v3 : !stream.resource<*>{%c16} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d1, [0]>) !stream.resource<*>{%c16}
      %v12 = stream.async.transfer on(#hal.device.promise<@d1, [0]>) %v4 : !stream.resource<*>{%c16} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d1, [0]>) !stream.resource<*>{%c16}
      %v13 = stream.async.update on(#hal.device.promise<@d1, [0]>) %v12, %v5[%c0 to %c16] : !stream.resource<*>{%c16} -> %v5 as !stream.resource<*>{%c16}
      %v14 = stream.async.clone on(#hal.device.promise<@d0>) %v8 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
      %v48 = scf.for %i48 = %c0 to %c1 step %c1 iter_args(%v15 = %v9) -> (!stream.resource<*>) {
        %v16 = stream.async.update on(#hal.device.promise<@d0>) %v14, %v15[%c0 to %c16] : !stream.resource<*>{%c16} -> %v15 as !stream.resource<*>{%c16}
        %v17 = stream.async.splat on(#hal.device.promise<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c128}
        %v18 = stream.async.transfer on(#hal.device.promise<@d2, [0]>) %v13 : !stream.resource<*>{%c16} from(#hal.device.promise<@d1, [0]>) -> to(#hal.device.promise<@d2, [0]>) !stream.resource<*>{%c16}
        %v19 = stream.async.splat on(#hal.device.promise<@d2, [0]>) %c7_i32 : i32 -> !stream.resource<*>{%c16}
        %v20 = stream.async.splat on(#hal.device.affinity<@d4, [0]>) %c1234_i32 : i32 -> !stream.resource<*>{%c32}
        %v21 = stream.async.clone on(#hal.device.promise<@d0>) %v16 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
        %v32, %v33 = scf.for %i32 = %c0 to %c1 step %c1 iter_args(%v22 = %v19, %v23 = %v20) -> (!stream.resource<*>, !stream.resource<*>) {
          %v24 = stream.async.splat on(#hal.device.promise<@d1, [0]>) %c1234_i32 : i32 -> !stream.resource<*>{%c16}
          %v25 = stream.async.splat on(#hal.device.promise<@d1, [0]>) %c7_i32 : i32 -> !stream.resource<*>{%c128}
          %v26, %v27 = stream.async.dispatch on(#hal.device.promise<@d1, [0]>) @ex::@entry4(%v24[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c32}, !stream.resource<*>{%c64})
          %v28 = stream.async.transfer on(#hal.device.promise<@d0>) %v21 : !stream.resource<*>{%c16} -> to(#hal.device.promise<@d2, [0]>) !stream.resource<*>{%c16}
          %v29 = stream.async.update on(#hal.device.promise<@d2, [0]>) %v19, %v28[%c0 to %c16] : !stream.resource<*>{%c16} -> %v28 as !stream.resource<*>{%c16}
          %v30 = stream.async.clone on(#hal.device.promise<@d1, [0]>) %v24 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
          %v31 = stream.async.transfer on(#hal.device.promise<@d0>) %v27 : !stream.resource<*>{%c64} from(#hal.device.promise<@d1, [0]>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c64}
          scf.yield %v29, %v23 : !stream.resource<*>, !stream.resource<*>
        }
        %v46, %v47 = scf.for %i46 = %c0 to %c1 step %c1 iter_args(%v34 = %v18, %v35 = %v21) -> (!stream.resource<*>, !stream.resource<*>) {
          %v36 = stream.async.transfer on(#hal.device.promise<@d2, [0]>) %v34 : !stream.resource<*>{%c16} -> to(#hal.device.promise<@d2, [0]>) !stream.resource<*>{%c16}
          %v37 = stream.async.splat on(#hal.device.promise<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c128}
          %v38 = stream.async.dispatch on(#hal.device.promise<@d0>) @ex::@entry5(%v35[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (!stream.resource<*>{%c64})
          %v39 = stream.async.splat on(#hal.device.promise<@d1, [0]>) %c1234_i32 : i32 -> !stream.resource<*>{%c16}
          %v40 = stream.async.splat on(#hal.device.promise<@d0>) %c1234_i32 : i32 -> !stream.resource<*>{%c64}
          %v41 = stream.async.dispatch on(#hal.device.promise<@d0>) @ex::@entry6(%v40[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> (!stream.resource<*>{%c16})
          %v42 = stream.async.splat on(#hal.device.promise<@d2, [0]>) %c255_i32 : i32 -> !stream.resource<*>{%c32}
          %v43 = stream.async.transfer on(#hal.device.promise<@d0>) %v40 : !stream.resource<*>{%c64} -> to(#hal.device.affinity<@d3, [1]>) !stream.resource<*>{%c64}
          %v44 = stream.async.clone on(#hal.device.promise<@d2, [0]>) %v36 : !stream.resource<*>{%c16} -> !stream.resource<*>{%c16}
          %v45 = stream.async.clone on(#hal.device.promise<@d0>) %v37 : !stream.resource<*>{%c128} -> !stream.resource<*>{%c128}
          scf.yield %v44, %v41 : !stream.resource<*>, !stream.resource<*>
        }
        scf.yield %v47 : !stream.resource<*>
      }
      scf.yield %v48 : !stream.resource<*>
    }
    %v50 = stream.async.update on(#hal.device.promise<@d0>) %v3, %v49[%c0 to %c16] : !stream.resource<*>{%c16} -> %v49 as !stream.resource<*>{%c16}
    %v51 = stream.async.transfer on(#hal.device.promise<@d1, [0]>) %v50 : !stream.resource<*>{%c16} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d1, [0]>) !stream.resource<*>{%c16}
    %v58, %v59 = scf.for %i58 = %c0 to %c1 step %c1 iter_args(%v52 = %v51, %v53 = %v50) -> (!stream.resource<*>, !stream.resource<*>) {
      %v56, %v57 = scf.for %i56 = %c0 to %c1 step %c1 iter_args(%v54 = %v53, %v55 = %v51) -> (!stream.resource<*>, !stream.resource<*>) {
        scf.yield %v54, %v55 : !stream.resource<*>, !stream.resource<*>
      }
      scf.yield %v57, %v56 : !stream.resource<*>, !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v3 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v50 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v51 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v58 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v59 : !stream.resource<*>
    util.return
  }
}

// The body's allocation, what the pull on @d1 after the loop reads, serves @d0 and @d1:
// CHECK-LABEL: util.func public @main(
// CHECK: cf.cond_br
// CHECK: stream.resource.alloca
// CHECK-SAME: on({{[^)]*(@d0[>,][^)]*@d1[>,]|@d1[>,][^)]*@d0[>,])[^)]*}})

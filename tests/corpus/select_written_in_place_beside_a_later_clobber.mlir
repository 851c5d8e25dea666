// An L1 campaign program (seed 11, unshrunk; signed async-clobbered-read-c9553a5e56b1 apart from
// async-clobbered-read-7a2e0b6e5439). Two clobbers: after copy-on-write the copy %v50 writes the select %v44
// in place while %v43, which it selected, is still read by a barrier (the select entry's bug, marked
// written-through-alias); later ElideAsyncCopies drops the clone copy-on-write made of %v15 for the update
// %v25, and the transfer %v16 that reads %v15 runs on @d1 after @d0's execute wrote it. The execute reader
// is listed first, so the primary clobber carries no mark.
module attributes {stream.topology = #hal.device.topology<links = [(@d0 -> @d1 = {unified_memory = true}), (@d1 -> @d0 = {unified_memory = true})]>} {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.global private @d2 : !hal.device
  util.global private @d3 : !hal.device
  util.global private @d4 : !hal.device
  util.global private @d5 : !hal.device
  util.global private @d6 : !hal.device
  util.func public @main(%cond: i1) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %c1234_i32 = arith.constant 1234 : i32
    %v1 = stream.async.splat on(#hal.device.affinity<@d0, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v2 = stream.async.transfer on(#hal.device.promise<@d2, [0]>) %v1 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0, [0, 1]>) -> to(#hal.device.optimal<[#hal.device.promise<@d2, [0]>, #hal.device.promise<@d3>]>) !stream.resource<*>{%c16}
    %w1_trips, %v9, %v10, %v11 = scf.while (%w1_i = %c0, %w1_3 = %v2, %w1_4 = %v1, %w1_5 = %v2) : (index, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) -> (index, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
      %w1_more = arith.cmpi slt, %w1_i, %c2 : index
      scf.condition(%w1_more) %w1_i, %w1_3, %w1_4, %w1_5 : index, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
    } do {
    ^bb0(%w1_j: index, %v3: !stream.resource<*>, %v4: !stream.resource<*>, %v5: !stream.resource<*>):
      %v6, %v7 = stream.async.dispatch on(#hal.device.promise<@d2, [0]>) @ex::@entry1(%v5[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (%v5{%c16}, !stream.resource<*>{%c32})
      %v8 = stream.async.transfer on(#hal.device.promise<@d2, [0]>) %v7 : !stream.resource<*>{%c32} -> to(#hal.device.promise<@d6, [0]>) !stream.resource<*>{%c32}
      %w1_next = arith.addi %w1_j, %c1 : index
      scf.yield %w1_next, %v6, %v4, %v6 : index, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
    }
    %v12 = stream.async.transfer on(#hal.device.affinity<@d0, [0, 1]>) %v11 : !stream.resource<*>{%c16} from(#hal.device.promise<@d2, [0]>) -> to(#hal.device.affinity<@d0, [0, 1]>) !stream.resource<*>{%c16}
    %v13 = stream.async.transfer on(#hal.device.affinity<@d0, [0, 1]>) %v9 : !stream.resource<*>{%c16} from(#hal.device.promise<@d2, [0]>) -> to(#hal.device.affinity<@d0, [0, 1]>) !stream.resource<*>{%c16}
    %v14, %v15 = stream.async.dispatch on(#hal.device.affinity<@d0, [0, 1]>) @ex::@entry2(%v10[%c0 to %c16 for %c16], %v12[%c0 to %c16 for %c16], %v13[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c16}, !stream.resource<*>{%c16}) -> (%v10{%c16}, !stream.resource<*>{%c64})
    %v16 = stream.async.transfer on(#hal.device.promise<@d1>) %v15 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d0, [0, 1]>) -> to(#hal.device.optimal<[#hal.device.promise<@d1>, #hal.device.promise<@d3>]>) !stream.resource<*>{%c64}
    %v17 = stream.async.transfer on(#hal.device.promise<@d6, [0]>) %v13 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0, [0, 1]>) -> to(#hal.device.promise<@d6, [0]>) !stream.resource<*>{%c16}
    %v22, %v23, %v24 = scf.for %i22 = %c0 to %c2 step %c1 iter_args(%v18 = %v16, %v19 = %v14, %v20 = %v16) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
      %v21 = stream.async.transfer on(#hal.device.promise<@d1>) %v18 : !stream.resource<*>{%c64} -> to(#hal.device.affinity<@d5, [0]>) !stream.resource<*>{%c64}
      scf.yield %v20, %v19, %v18 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
    }
    %v25 = stream.async.update on(#hal.device.affinity<@d0, [0, 1]>) %v12, %v15[%c0 to %c16] : !stream.resource<*>{%c16} -> %v15 as !stream.resource<*>{%c64}
    %v26 = stream.async.splat on(#hal.device.affinity<@d0, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v27 = stream.async.splat on(#hal.device.affinity<@d0, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v28 = stream.async.splat on(#hal.device.promise<@d6, [0]>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
    %v29 = stream.async.transfer on(#hal.device.promise<@d6, [0]>) %v28 : !stream.resource<*>{%c16} -> to(#hal.device.optimal<[#hal.device.promise<@d1>, #hal.device.promise<@d2, [0]>]>) !stream.resource<*>{%c16}
    %v30 = stream.async.transfer on(#hal.device.promise<@d3>) %v23 : !stream.resource<*>{%c16} from(#hal.device.affinity<@d0, [0, 1]>) -> to(#hal.device.optimal<[#hal.device.promise<@d3>, #hal.device.promise<@d4>]>) !stream.resource<*>{%c16}
    %v31 = stream.async.transfer on(#hal.device.affinity<@d5, [0]>) %v25 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d0, [0, 1]>) -> to(#hal.device.affinity<@d5, [0]>) !stream.resource<*>{%c64}
    %v32 = stream.async.transfer on(#hal.device.promise<@d6, [0]>) %v31 : !stream.resource<*>{%c64} from(#hal.device.affinity<@d5, [0]>) -> to(#hal.device.promise<@d6, [0]>) !stream.resource<*>{%c64}
    %v33 = stream.async.dispatch on(#hal.device.promise<@d6, [0]>) @ex::@entry3(%v28[%c0 to %c16 for %c16], %v32[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c16}, !stream.resource<*>{%c64}) -> (%v28{%c16})
    %v34 = stream.async.constant on(#hal.device.promise<@d2, [0]>) : !stream.resource<*>{%c32} = dense<3> : tensor<32xi8>
    %v35 = stream.async.transfer on(#hal.device.promise<@d6, [0]>) %v33 : !stream.resource<*>{%c16} -> to(#hal.device.promise<@d2, [0]>) !stream.resource<*>{%c16}
    %v36 = stream.async.splat on(#hal.device.promise<@d1>) %c1234_i32 : i32 -> !stream.resource<*>{%c16}
    %v37 = arith.select %cond, %v29, %v36 : !stream.resource<*>
    %v38 = stream.async.dispatch on(#hal.device.promise<@d6, [0]>) @ex::@entry4(%v33[%c0 to %c16 for %c16]) : (!stream.resource<*>{%c16}) -> (%v33{%c16})
    %v39 = stream.async.transfer on(#hal.device.promise<@d3>) %v38 : !stream.resource<*>{%c16} from(#hal.device.promise<@d6, [0]>) -> to(#hal.device.promise<@d3>) !stream.resource<*>{%c16}
    %v42 = scf.for %i42 = %c0 to %c2 step %c1 iter_args(%v40 = %v32) -> (!stream.resource<*>) {
      %v41 = stream.async.update on(#hal.device.promise<@d6, [0]>) %v38, %v40[%c0 to %c16] : !stream.resource<*>{%c16} -> %v40 as !stream.resource<*>{%c64}
      scf.yield %v41 : !stream.resource<*>
    }
    %v43 = stream.async.splat on(#hal.device.promise<@d2, [0]>) %c0_i32 : i32 -> !stream.resource<*>{%c32}
    %v44 = arith.select %cond, %v34, %v43 : !stream.resource<*>
    %v49 = scf.for %i49 = %c0 to %c4 step %c1 iter_args(%v45 = %v35) -> (!stream.resource<*>) {
      %v46 = stream.async.splat on(#hal.device.affinity<@d0, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      %v47 = stream.async.splat on(#hal.device.affinity<@d0, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      %v48 = stream.async.splat on(#hal.device.affinity<@d0, [0, 1]>) %c0_i32 : i32 -> !stream.resource<*>{%c16}
      scf.yield %v45 : !stream.resource<*>
    }
    %v50 = stream.async.copy on(#hal.device.promise<@d2, [0]>) %v49[%c0 to %c16], %v44[%c0 to %c16], %c16 : !stream.resource<*>{%c16} -> %v44 as !stream.resource<*>{%c32}
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v1 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d2>, #hal.device.affinity<@d3>]} %v2 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d2>, #hal.device.affinity<@d3>]} %v9 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d2>, #hal.device.affinity<@d3>]} %v11 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v12 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v13 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v14 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d3>]} %v16 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d6>} %v17 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d3>]} %v22 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v23 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d3>]} %v24 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v25 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v26 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v27 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]} %v29 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d3>, #hal.device.affinity<@d4>]} %v30 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d5>} %v31 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d6>} %v32 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v34 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v35 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]} %v36 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = [#hal.device.affinity<@d1>, #hal.device.affinity<@d2>]} %v37 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d6>} %v38 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d3>} %v39 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d6>} %v42 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v43 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v49 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d2>} %v50 : !stream.resource<*>
    util.return
  }
}

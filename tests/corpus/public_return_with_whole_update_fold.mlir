// An L1 campaign program (seed 34), its scf ops kept and other lines cut while both faults showed. Placement:
// the while result %v17 is pulled to @d1 in a loop and reaches the public return. Data: canonicalize after
// copy-on-write folds the whole update %v43 to its update value (by then %v17 itself), so the tied update
// %v57 writes %v17 in place while its barrier still reads it.
module {
  util.global private @d0 : !hal.device
  util.global private @d1 : !hal.device
  util.func public @main(%cond: i1) -> (!stream.resource<*>) {
    %c0_i32 = arith.constant 0 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c7_i32 = arith.constant 7 : i32
    %c32 = arith.constant 32 : index
    %c96 = arith.constant 96 : index
    %c128 = arith.constant 128 : index
    %c255_i32 = arith.constant 255 : i32
    %v1 = stream.async.splat on(#hal.device.promise<@d0>) %c0_i32 : i32 -> !stream.resource<*>{%c128}
    %v6 = scf.for %i6 = %c0 to %c1 step %c1 iter_args(%v2 = %v1) -> (!stream.resource<*>) {
      %v3 = stream.async.transfer %v1 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
      %v4 = stream.async.transfer %v3 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
      scf.yield %v4 : !stream.resource<*>
    }
    %v11 = scf.for %i11 = %c0 to %c3 step %c1 iter_args(%v8 = %v6) -> (!stream.resource<*>) {
      %v9 = stream.async.transfer %v6 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d1>) !stream.resource<*>{%c128}
      %v10 = stream.async.transfer %v9 : !stream.resource<*>{%c128} from(#hal.device.promise<@d1>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
      scf.yield %v10 : !stream.resource<*>
    }
    %w1_trips, %v17, %v18 = scf.while (%w1_i = %c0, %w1_12 = %v6, %w1_13 = %v6) : (index, !stream.resource<*>, !stream.resource<*>) -> (index, !stream.resource<*>, !stream.resource<*>) {
      %w1_more = arith.cmpi slt, %w1_i, %c3 : index
      scf.condition(%w1_more) %w1_i, %w1_12, %w1_13 : index, !stream.resource<*>, !stream.resource<*>
    } do {
    ^bb0(%w1_j: index, %v12: !stream.resource<*>, %v13: !stream.resource<*>):
      %v14 = stream.async.transfer %v12 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
      %v15 = stream.async.transfer %v14 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
      %w1_next = arith.addi %w1_j, %c1 : index
      scf.yield %w1_next, %v15, %v15 : index, !stream.resource<*>, !stream.resource<*>
    }
    %v20 = stream.async.transfer %v11 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d1>) !stream.resource<*>{%c128}
    %v19 = stream.async.clone on(#hal.device.promise<@d1>) %v20 : !stream.resource<*>{%c128} -> !stream.resource<*>{%c128}
    %v27, %v28, %v29 = scf.for %i27 = %c0 to %c3 step %c1 iter_args(%v21 = %v19, %v22 = %v17, %v23 = %v19) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
      %v24 = stream.async.transfer %v22 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d1>) !stream.resource<*>{%c128}
      %v25 = stream.async.transfer %v24 : !stream.resource<*>{%c128} from(#hal.device.promise<@d1>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
      scf.yield %v23, %v25, %v24 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
    }
    %v30 = stream.async.fill on(#hal.device.promise<@d0>) %c255_i32, %v18[%c96 to %c128 for %c32] : i32 -> %v18 as !stream.resource<*>{%c128}
    %v35, %v36, %v37 = scf.for %i35 = %c0 to %c3 step %c1 iter_args(%v31 = %v17, %v32 = %v6, %v33 = %v17) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
      %v34 = stream.async.transfer %v33 : !stream.resource<*>{%c128} from(#hal.device.promise<@d0>) -> to(#hal.device.promise<@d0>) !stream.resource<*>{%c128}
      scf.yield %v34, %v34, %v34 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
    }
    %w2_trips, %v41, %v42 = scf.while (%w2_i = %c0, %w2_38 = %v28, %w2_39 = %v28) : (index, !stream.resource<*>, !stream.resource<*>) -> (index, !stream.resource<*>, !stream.resource<*>) {
      %w2_more = arith.cmpi slt, %w2_i, %c3 : index
      scf.condition(%w2_more) %w2_i, %w2_39, %w2_38 : index, !stream.resource<*>, !stream.resource<*>
    } do {
    ^bb0(%w2_j: index, %v38: !stream.resource<*>, %v39: !stream.resource<*>):
      %w2_next = arith.addi %w2_j, %c1 : index
      scf.yield %w2_next, %v38, %v39 : index, !stream.resource<*>, !stream.resource<*>
    }
    %v43 = stream.async.update on(#hal.device.promise<@d0>) %v41, %v36[%c0 to %c128] : !stream.resource<*>{%c128} -> %v36 as !stream.resource<*>{%c128}
    %v49 = scf.for %i49 = %c0 to %c1 step %c1 iter_args(%v44 = %v35) -> (!stream.resource<*>) {
      %v48 = stream.async.splat on(#hal.device.promise<@d0>) %c7_i32 : i32 -> !stream.resource<*>{%c128}
      scf.yield %v48 : !stream.resource<*>
    }
    %w3_trips, %v52, %v53 = scf.while (%w3_i = %c0, %w3_50 = %v35, %w3_51 = %v35) : (index, !stream.resource<*>, !stream.resource<*>) -> (index, !stream.resource<*>, !stream.resource<*>) {
      %w3_more = arith.cmpi slt, %w3_i, %c2 : index
      scf.condition(%w3_more) %w3_i, %w3_51, %w3_50 : index, !stream.resource<*>, !stream.resource<*>
    } do {
    ^bb0(%w3_j: index, %v50: !stream.resource<*>, %v51: !stream.resource<*>):
      %w3_next = arith.addi %w3_j, %c1 : index
      scf.yield %w3_next, %v50, %v51 : index, !stream.resource<*>, !stream.resource<*>
    }
    %v54 = arith.select %cond, %v53, %v30 : !stream.resource<*>
    %v55 = stream.async.alloca on(#hal.device.promise<@d1>) : !stream.resource<*>{%c32}
    %v57 = stream.async.update on(#hal.device.promise<@d0>) %v52, %v43[%c0 to %c128] : !stream.resource<*>{%c128} -> %v43 as !stream.resource<*>{%c128}
    %w4_trips, %v61, %v62, %v63 = scf.while (%w4_i = %c0, %w4_58 = %v55, %w4_59 = %v49, %w4_60 = %v55) : (index, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) -> (index, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
      %w4_more = arith.cmpi slt, %w4_i, %c4 : index
      scf.condition(%w4_more) %w4_i, %w4_60, %w4_59, %w4_58 : index, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
    } do {
    ^bb0(%w4_j: index, %v58: !stream.resource<*>, %v59: !stream.resource<*>, %v60: !stream.resource<*>):
      %w4_next = arith.addi %w4_j, %c1 : index
      scf.yield %w4_next, %v58, %v59, %v60 : index, !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
    }
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v17 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d1>} %v27 : !stream.resource<*>
    util.optimization_barrier {fuzz.expect = #hal.device.affinity<@d0>} %v57 : !stream.resource<*>
    util.return %v54 : !stream.resource<*>
  }
}
